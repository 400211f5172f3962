import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, priceRules } from '../../src/schema';
import { companyProfile } from '../../src/schema/companyProfile';
import type { Entity, ResolvedField } from '../../src/schema/defineEntity';
import { seedDatabase } from '../../server/seed';
import { appRoutes, CommittedChanges, leakedInternals, tableNames } from '../helpers/hostileInputs';
import { recordBody, validBody, versionValue, wrongShapes, type KnownIds } from '../helpers/recordArbitraries';
import { fillPath } from '../helpers/routeFixtures';
import { createTestApi, TEST_XSRF, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const declarations: Entity[] = [...entities, companyProfile];
/** Sign-in and the password change are the throttled auth routes: tests/api/auth*.test.ts fuzz them. */
const AUTH_ROUTES = new Set(['/api/login', '/api/users/password']);
const BAD_IDS = ['1.5', '1e20', '2147483648', '99999999999', 'abc', '-1', '0', '%00', '1%00', '0x1', '999999'];
const ALLOWED = new Set([200, 201, 204, 400, 404, 409]);
/** Routes that refuse every write with 405 whatever the body (the snow log is append-only: tests/api/snow.test.ts). */
const NEVER_WRITE = new Set(['/api/storms/:id/visits/:visitID', '/api/snowVisits/:id']);
const BODIES_PER_ROUTE = 70;

/** The declaration a write route stores, when it is one of the generated shapes. */
function declarationOf(url: string): Entity | undefined {
  for (const entity of declarations) {
    const shapes = [`/api/${entity.route}`, `/api/${entity.route}/:id`];
    if (entity.parent) shapes.push(`/api/${entity.parent.route}/:id/${entity.route}`);
    if (shapes.includes(url)) return entity;
  }
  return undefined;
}

/** Every declared field once (by name), for the bespoke routes' bodies. */
function everyField(): ResolvedField[] {
  const byName = new Map<string, ResolvedField>();
  for (const entity of declarations) for (const f of entity.resolved) if (!byName.has(f.name)) byName.set(f.name, f);
  return [...byName.values()];
}

/**
 * Every write route (POST and PUT of the app's route table: the generated ones and the
 * bespoke ones) with bodies fast-check builds from the schema declarations, right and wrong,
 * and with path ids PostgreSQL could not hold. Only 2xx, 400, 404 or 409; a refused write
 * changed no table.
 */
describe.each(databaseKinds())('every write route against generated bodies, on %s', (kind) => {
  let api: TestApi;
  const ids: KnownIds = new Map();

  beforeAll(async () => {
    // The public proposal routes take every request here from one address: no rate limit.
    api = await createTestApi(kind, { publicRateLimit: { max: 1_000_000, windowMs: 60_000 } });
    await seedDatabase(api.database.db, { demo: true });
    const db = api.database.db;
    for (const entity of [...entities, { name: 'users', table: 'users', resolved: [] as ResolvedField[] }]) {
      const rows = (await db.execute(sql`SELECT * FROM ${sql.identifier(entity.table)} LIMIT 40`)) as unknown as {
        rows: Record<string, unknown>[];
      };
      const idKey = Object.keys(rows.rows[0] ?? {}).find(
        (k) => k.endsWith('_id') && !k.includes('_id_') && typeof rows.rows[0][k] === 'number',
      );
      ids.set(
        entity.name,
        rows.rows.map((r) => (r.id ?? r[idKey!]) as number).filter((n) => typeof n === 'number'),
      );
    }
  }, 120_000);
  afterAll(() => api?.close());

  it('answers 2xx, 400, 404 or 409 to every body and path id, and a refused write changes nothing', async () => {
    const db = api.database.db;
    // public_hits counts every request to the public proposal routes, refused or not (rate limiting).
    const tables = (await tableNames(db)).filter((table) => table !== 'public_hits');
    const changes = new CommittedChanges(db, tables);
    await changes.mark();
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let tried = 0;
    let refused = 0;
    const routes = appRoutes(api.app).filter((r) => r.url.startsWith('/api/') && !AUTH_ROUTES.has(r.url));
    const writes = routes.filter((r) => (r.method === 'POST' || r.method === 'PUT') && !NEVER_WRITE.has(r.url));

    const send = async (method: string, url: string, body: unknown, label: string) => {
      const payload = body === undefined ? undefined : body instanceof RawBody ? body.text : JSON.stringify(body);
      const reply = await api.app.inject({
        method: method as 'POST',
        url,
        payload,
        headers: {
          authorization: `Bearer ${api.token}`,
          cookie: `XSRF-TOKEN=${TEST_XSRF}`,
          'x-xsrf-token': TEST_XSRF,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      });
      const res = { status: reply.statusCode, raw: reply.body, body: parsed(reply.body) };
      tried += 1;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const fail = (problem: string) => {
        if (failures.length < 40)
          failures.push(`${method} ${label}: ${problem} ← ${JSON.stringify(body)?.slice(0, 300)} → ${res.raw.slice(0, 200)}`);
      };
      if (!ALLOWED.has(res.status)) fail(`status ${res.status}`);
      if (res.status >= 400) {
        refused += 1;
        if (typeof res.body?.message !== 'string') fail('no {message}');
        const leak = leakedInternals(
          res.raw,
          ...Object.values(body && typeof body === 'object' ? body : {}).filter((v): v is string => typeof v === 'string'),
        );
        if (leak) fail(`shows ${leak}`);
      }
      if (res.status < 400) await changes.mark();
      else {
        const changed = await changes.changedSinceMark();
        if (changed.length) fail(`a ${res.status} changed ${changed.join(', ')}`);
      }
      return res;
    };

    const bespokeFields = everyField();
    const ruleBody = recordBody(priceRules.resolved, ids);
    const bespokeExtras = {
      [priceRules.listKey]: fc.oneof(fc.array(ruleBody, { maxLength: 4 }), fc.constantFrom(...wrongShapes)),
      ids: fc.oneof(
        fc.array(fc.oneof(fc.constantFrom(...(ids.get('termsConditions') ?? [1])), fc.constantFrom(...wrongShapes)), { maxLength: 6 }),
        fc.constantFrom(...wrongShapes),
      ),
      serviceID: fc.oneof(fc.constantFrom(...(ids.get('services') ?? [1])), fc.constantFrom(...wrongShapes)),
      active: fc.oneof(fc.boolean(), fc.constantFrom(...wrongShapes)),
      username: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...wrongShapes)),
      // Custom fields' definitions (issue 38).
      entity: fc.oneof(
        fc.constantFrom('customers', 'sites', 'itemCatalog', 'users', "'; DROP TABLE sites; --"),
        fc.constantFrom(...wrongShapes),
      ),
      label: fc.oneof(
        fc.string({ maxLength: 70 }),
        fc.constantFrom('Name', 'custom', '%%%', 'x'.repeat(10_000)),
        fc.constantFrom(...wrongShapes),
      ),
      kind: fc.oneof(fc.constantFrom('text', 'choice', 'multiChoice', 'number', 'date', 'evil'), fc.constantFrom(...wrongShapes)),
      choices: fc.oneof(
        fc.array(fc.oneof(fc.string({ maxLength: 70 }), fc.constantFrom(...wrongShapes)), { maxLength: 5 }),
        fc.constantFrom(...wrongShapes),
      ),
    };
    // A record's custom values (issue 38): known and unknown keys, values of every shape.
    const customValues = fc.oneof(
      fc.dictionary(
        fc.constantFrom('gate_code', 'nope', "'; DROP TABLE customers; --", '__proto__'),
        fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.constantFrom(...wrongShapes)),
      ),
      fc.constantFrom(...wrongShapes),
    );
    const entityExtras = (entity: { customFields?: boolean }): Record<string, fc.Arbitrary<unknown>> =>
      entity.customFields ? { custom: customValues } : {};

    for (const [index, route] of writes.entries()) {
      const path = await fillPath(api, route.url);
      if (!path) throw new Error(`no stored row to fill ${route.url}`);
      // Filling a proposal's path sends one: that write is not the route's.
      await changes.mark();
      const entity = declarationOf(route.url);
      const fields = entity ? entity.resolved : bespokeFields;
      const bodies = fc.sample(
        fc.oneof(
          { weight: 6, arbitrary: recordBody(fields, ids, entity ? entityExtras(entity) : bespokeExtras) },
          { weight: 2, arbitrary: validBody(fields, ids) },
          { weight: 1, arbitrary: fc.constantFrom<unknown>(null, [], 'text', 1, true, [{}], new RawBody('{"a":'), new RawBody('')) },
        ),
        { numRuns: BODIES_PER_ROUTE, seed: 1000 + index },
      );
      const versions = fc.sample(versionValue, { numRuns: BODIES_PER_ROUTE, seed: 2000 + index });
      for (const [n, generated] of bodies.entries()) {
        let body = generated;
        if (route.method === 'PUT' && body && typeof body === 'object' && !Array.isArray(body)) {
          // Half the PUTs carry the version stored now (they can succeed), half a hostile one.
          const current = n % 2 === 0 ? (await api.get(path)).body?.version : undefined;
          body = { ...body, version: typeof current === 'number' ? current : versions[n] };
          if (body && (body as Record<string, unknown>).version === undefined) delete (body as Record<string, unknown>).version;
        }
        await send(route.method, path, body, route.url);
      }
    }

    // Path ids PostgreSQL could not hold, on every route with an id (reads and deletes too).
    for (const route of routes.filter((r) => r.url.includes('/:id'))) {
      for (const bad of BAD_IDS) {
        const url = route.url.replace(':id', bad).replace(/:(\w+)/g, '1');
        const res = await send(
          route.method,
          url,
          route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
          `${route.url} id=${bad}`,
        );
        if (![400, 404].includes(res.status) && failures.length < 40) failures.push(`${route.method} ${url}: ${res.status} for a bad id`);
      }
    }

    console.info(
      `write battery on ${kind}: ${tried} requests over ${writes.length} write routes (+ bad ids on ${routes.filter((r) => r.url.includes('/:id')).length} routes), ${refused} refused, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(2000);
    // Some writes went through (the generator is not only making refusals).
    expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(100);
  }, 600_000);
});

/** A body sent as it is (not JSON-encoded): broken JSON. */
class RawBody {
  constructor(readonly text: string) {}
}

function parsed(text: string): Record<string, any> | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
