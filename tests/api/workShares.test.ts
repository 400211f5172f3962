/**
 * Each user's share of the heavy work is counted in the database (issue 36): two servers on
 * one database allow a user three documents in all, not three each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/connection';
import { workSlots } from '../../server/db/tables/workSlots';
import { HEAVY_WORK_PER_USER, TOO_MUCH_HEAVY_WORK, userOwner } from '../../server/work/heavyWork';
import { databaseShares } from '../../server/work/workShares';
import type { ExportEncoder } from '../../server/documents/listExportFile';
import { seedEstimate } from '../helpers/seedEstimate';
import { createTestApi, TEST_SECRET, TEST_XSRF, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const SPEC = { format: 'csv' as const, columns: [{ source: 'name', label: 'Name' }], sheetName: 'X' };

describe.each(databaseKinds())('shares of the heavy work across servers, on %s', (kind) => {
  let api: TestApi;
  /** A second server on the same database: its own connection pool on PostgreSQL, the same PGlite otherwise. */
  let second: FastifyInstance;
  let secondDatabase: Database;
  let estimateID: number;
  let userID: number;

  beforeAll(async () => {
    api = await createTestApi(kind);
    secondDatabase = api.database.url ? await openDatabase({ databaseUrl: api.database.url, poolSize: 2 }) : api.database;
    second = await buildApp({ database: secondDatabase, jwtSecret: TEST_SECRET });
    await second.ready();
    ({ estimateID } = await seedEstimate(
      api.database.db,
      [{ name: 'Front Beds', items: [{ name: 'Mulch', quantity: 2, unitPrice: 65 }] }],
      0,
    ));
    userID = Number(decodeJwt(api.token).sub);
  });
  afterAll(async () => {
    await second?.close();
    if (secondDatabase && secondDatabase !== api.database) await secondDatabase.close();
    await api?.close();
  });

  const printOnSecond = () =>
    second.inject({
      method: 'GET',
      url: `/api/estimates/${estimateID}/generateMaterialsPDF`,
      headers: { authorization: `Bearer ${api.token}`, cookie: `XSRF-TOKEN=${TEST_XSRF}` },
    });

  it('three documents under way on one server: a fourth through the other is a 429; once one ends it prints', async () => {
    const held: ExportEncoder[] = [];
    for (let i = 0; i < HEAVY_WORK_PER_USER; i++) held.push(await api.app.heavyWork.exportEncoder(userOwner({ id: userID }), SPEC));
    try {
      const refused = await printOnSecond();
      expect(refused.statusCode, refused.body).toBe(429);
      expect(JSON.parse(refused.body)).toEqual({ message: TOO_MUCH_HEAVY_WORK });
      expect(refused.headers['retry-after']).toBe('2');
      await held.pop()!.abort();
      const printed = await printOnSecond();
      expect(printed.statusCode).toBe(200);
      expect(printed.headers['content-type']).toBe('application/pdf');
    } finally {
      for (const encoder of held) await encoder.abort();
    }
    expect(await api.database.db.select().from(workSlots)).toEqual([]);
  });

  it("a slot whose server died frees itself when its lease ends; another owner's slots are their own", async () => {
    const shares = databaseShares(api.database.db, 1, 200);
    const dead = await shares.take('user:999');
    expect(dead).toBeDefined();
    expect(await shares.take('user:999')).toBeUndefined();
    const someoneElse = await shares.take('user:998');
    expect(someoneElse).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const again = await shares.take('user:999');
    expect(again).toBeDefined();
    // The dead holder's late give-back does not free the slot its successor holds.
    await dead!();
    expect(await shares.take('user:999')).toBeUndefined();
    await again!();
    await someoneElse!();
    expect(await api.database.db.select().from(workSlots)).toEqual([]);
  });
});
