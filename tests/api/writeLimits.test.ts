import { asc, ne } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, entityByName, priceRules, services, type Entity } from '../../src/schema';
import { MAX_PRICE_RULES_PER_ITEM, tooManyPriceRulesMessage } from '../../src/schema/priceRules';
import { dateRangeMessage, staleMessage, VERSION_INVALID } from '../../src/schema/validate';
import { VERSION_REQUIRED } from '../../src/schema/validate';
import { tableOf } from '../../server/db/entityTables';
import { seedDatabase } from '../../server/seed';
import { tableChecksums, tableNames } from '../helpers/hostileInputs';
import { createTestApi, TEST_XSRF, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const updatable = entities.filter((e) => e.routes?.update !== false && e.routes?.get !== false);

/** The issue 12 write limits, for every entity of the registry they apply to. */
describe.each(databaseKinds())('write limits of every entity, on %s', (kind) => {
  let api: TestApi;
  let tables: string[];

  const firstIds = async (entity: Entity, count = 2) => {
    const table = tableOf(entity.name);
    const rows = await api.database.db
      .select({ id: table.id as PgColumn })
      .from(table)
      .orderBy(asc(table.id as PgColumn))
      .limit(count);
    return rows.map((r) => r.id as number);
  };
  const unchanged = async (write: () => Promise<void>) => {
    const before = await tableChecksums(api.database.db, tables);
    await write();
    expect(await tableChecksums(api.database.db, tables)).toEqual(before);
  };

  beforeAll(async () => {
    api = await createTestApi(kind);
    await seedDatabase(api.database.db, { demo: true });
    // The demo company has no storm (issue 41): two, so every entity has records to write.
    for (const start of ['2027-01-05T10:00:00Z', '2027-01-20T10:00:00Z'])
      expect((await api.post('/api/storms', { start, depth: 4 })).status).toBe(201);
    tables = await tableNames(api.database.db);
  }, 120_000);
  afterAll(() => api?.close());

  it.each(updatable.map((e) => [e.name, e] as const))(
    'a PUT of %s needs its current version: 400 without or malformed, 409 stale',
    async (_name, entity) => {
      const [id] = await firstIds(entity);
      const path = `/api/${entity.route}/${id}`;
      const record = (await api.get(path)).body;
      const { version, ...withoutVersion } = record;
      await unchanged(async () => {
        for (const body of [withoutVersion, { ...record, version: null }, { ...record, version: '' }]) {
          const res = await api.put(path, body);
          expect(res.status, JSON.stringify(res.body)).toBe(400);
          expect(res.body.errors).toEqual({ version: VERSION_REQUIRED });
        }
        for (const bad of [{}, [], [version], 1.5, -1, 0, 2147483648, 1e20, 'abc', '1e0', true]) {
          const res = await api.put(path, { ...record, version: bad });
          expect(res.status, JSON.stringify(bad)).toBe(400);
          expect(res.body.errors).toEqual({ version: VERSION_INVALID });
        }
        const stale = await api.put(path, { ...record, version: version + 1 });
        expect(stale.status).toBe(409);
        expect(stale.body.message).toBe(staleMessage(entity));
      });
      const saved = await api.put(path, record);
      expect(saved.status, saved.raw).toBe(200);
      expect(saved.body.version).toBe(version + 1);
    },
  );

  const children = updatable.filter((e) => e.parent);
  it.each(children.map((e) => [e.name, e] as const))(
    'a PUT of %s never moves it to another parent: the parent id stays as stored',
    async (_name, entity) => {
      const { field, entity: parentName } = entity.parent!;
      const [id] = await firstIds(entity);
      const path = `/api/${entity.route}/${id}`;
      const record = (await api.get(path)).body;
      const parentTable = tableOf(parentName);
      const [other] = await api.database.db
        .select({ id: parentTable.id as PgColumn })
        .from(parentTable)
        .where(ne(parentTable.id as PgColumn, record[field]))
        .limit(1);
      expect(other, `a second ${parentName} in the seed`).toBeDefined();
      for (const moved of [other.id, String(other.id), 2147483647]) {
        const current = (await api.get(path)).body;
        const res = await api.put(path, { ...current, [field]: moved });
        expect(res.status, res.raw).toBe(200);
        expect(res.body[field], `${entity.name} stays under its ${entityByName(parentName).singular}`).toBe(record[field]);
      }
      expect((await api.get(path)).body[field]).toBe(record[field]);
    },
  );

  const dated = updatable.filter((e) => e.resolved.some((f) => f.kind === 'datetime' && !f.readOnly));
  it.each(dated.map((e) => [e.name, e] as const))('a date of %s outside 1900–9999 is a 400 naming the field', async (_name, entity) => {
    const [id] = await firstIds(entity);
    const path = `/api/${entity.route}/${id}`;
    const record = (await api.get(path)).body;
    for (const f of entity.resolved.filter((field) => field.kind === 'datetime' && !field.readOnly)) {
      await unchanged(async () => {
        for (const date of [
          '-271821-04-20T00:00:00.000Z',
          '+275760-09-13T00:00:00.000Z',
          '+010000-01-01T00:00:00.000Z',
          '0000-01-01T00:00:00.000Z',
          '1899-12-31T23:59:59.999Z',
        ]) {
          const res = await api.put(path, { ...record, [f.name]: date });
          expect(res.status, `${f.name} ${date}`).toBe(400);
          expect(res.body.errors[f.name]).toBe(dateRangeMessage(f));
        }
      });
    }
  });

  it('a service ends after it starts, compared as dates whatever their text', async () => {
    const base = { name: 'Edging', isRecurring: false };
    // 23:30 on the 1st at UTC−05:00 is 04:30 UTC on the 2nd: after a start at 00:00 UTC on the 2nd.
    const later = await api.post(`/api/${services.route}`, {
      ...base,
      startDate: '2026-05-02T00:00:00Z',
      endDate: '2026-05-01T23:30:00-05:00',
    });
    expect(later.status, later.raw).toBe(201);
    const earlier = await api.post(`/api/${services.route}`, {
      ...base,
      startDate: '2026-05-02T00:00:00+02:00',
      endDate: '2026-05-01T21:00:00Z',
    });
    expect(earlier.status).toBe(400);
    expect(earlier.body.errors).toEqual({ endDate: 'End Date cannot be before Start Date.' });
    expect(services.check!({ startDate: '+002026-05-02T00:00:00.000Z', endDate: '2026-05-01T00:00:00.000Z' })).toEqual({
      endDate: 'End Date cannot be before Start Date.',
    });
  });

  it(`an item takes at most ${MAX_PRICE_RULES_PER_ITEM} price rules in one PUT; thousands are a 400 writing nothing`, async () => {
    const [itemID] = await firstIds(entityByName('itemCatalog'));
    const path = `/api/itemCatalog/${itemID}/${priceRules.route}`;
    const rule = (n: number) => ({
      type: 'BETWEEN_EXCLUSIVE',
      outputType: 'UNIT_PRICE',
      rangeStart: n,
      rangeEnd: n + 1,
      step: 1,
      secondaryPrice: 1,
    });
    await unchanged(async () => {
      for (const count of [MAX_PRICE_RULES_PER_ITEM + 1, 5000, 20_000]) {
        const res = await api.put(path, { [priceRules.listKey]: Array.from({ length: count }, (_, n) => rule(n)) });
        expect(res.status, `${count} rules`).toBe(400);
        expect(res.body).toEqual({ message: 'Form is invalid.', errors: { [priceRules.listKey]: tooManyPriceRulesMessage } });
      }
    });
    const most = await api.put(path, { [priceRules.listKey]: Array.from({ length: MAX_PRICE_RULES_PER_ITEM }, (_, n) => rule(n)) });
    expect(most.status, most.raw.slice(0, 300)).toBe(200);
    expect(most.body[priceRules.listKey]).toHaveLength(MAX_PRICE_RULES_PER_ITEM);
  });

  it('a body nested deeper than any record is a 400, not a crash', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/customers',
      payload: deep,
      headers: {
        authorization: `Bearer ${api.token}`,
        cookie: `XSRF-TOKEN=${TEST_XSRF}`,
        'x-xsrf-token': TEST_XSRF,
        'content-type': 'application/json',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(typeof JSON.parse(res.body).message).toBe('string');
  });
});
