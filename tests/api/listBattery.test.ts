import { describe, expect, it } from 'vitest';
import { MALFORMED_PATH } from '../../server/malformedUrl';
import { hostileStrings } from '../helpers/hostileInputs';
import { LIST_PARAMS, UNKNOWN_PARAMS, useListBattery } from '../helpers/listBattery';
import { listDeclarations } from '../helpers/routeFixtures';
import { databaseKinds } from '../helpers/testDatabase';

/**
 * Every list route against hostile query strings (issue 12 "The battery"), part one: every
 * hostile input once on each kind of parameter, the routes taking turns. The sharpest inputs
 * on every parameter of every route are part two (listBatterySharp.test.ts), a file of its
 * own so that the two run side by side.
 */
describe.each(databaseKinds())('every list route against hostile query strings, on %s', (kind) => {
  const battery = useListBattery(kind, 'hostile');

  it('finds the list routes of the registry and the bespoke ones', () => {
    const patterns = battery.lists().map((l) => l.pattern);
    for (const entity of listDeclarations) {
      const generated = entity.parent ? `/api/${entity.parent.route}/:id/${entity.route}` : `/api/${entity.route}`;
      if (entity.routes?.list !== false) expect(patterns, entity.name).toContain(`/api/${entity.route}`);
      expect(patterns, entity.name).toContain(generated);
    }
    expect(patterns).toContain('/api/customers/:id/estimates');
    expect(patterns).toContain('/api/operations/download');
    expect(battery.lists().filter((l) => l.declaration).length).toBeGreaterThan(listDeclarations.length);
  });

  it('answers 200 or a plain 400 to every hostile input, writes nothing and stays under a second', async () => {
    const inputs = hostileStrings();
    await battery.run(
      async (send) => {
        const lists = battery.lists();
        const withFilters = lists.filter((l) => l.params.some((p) => p.startsWith('filter:') && !UNKNOWN_PARAMS.includes(p)));
        for (const [i, value] of inputs.entries()) {
          const route = lists[i % lists.length];
          for (const param of [...LIST_PARAMS, UNKNOWN_PARAMS[i % UNKNOWN_PARAMS.length]]) await send(route, param, value);
          const filtered = withFilters[i % withFilters.length];
          const filters = filtered.params.filter((p) => p.startsWith('filter:') && !UNKNOWN_PARAMS.includes(p));
          const filter = filters[Math.floor(i / withFilters.length) % filters.length];
          await send(filtered, filter, value);
          await send(filtered, filter, JSON.stringify(value));
          await send(filtered, filter, JSON.stringify([value, null]));
        }
      },
      inputs.length * 9 - 1,
    );
  }, 600_000);

  it('answers a malformed percent-encoding with a 400 {message}, in the query and in the path', async () => {
    const api = battery.api();
    const query = await api.get('/api/customers?searchTerm=%E0%A4%A');
    expect(query.status).toBe(400);
    expect(query.body).toEqual({ message: 'The query string is malformed: searchTerm has an invalid percent-encoding.' });
    const name = await api.get('/api/customers?%E0%A4%A=1');
    expect(name.body).toEqual({ message: 'The query string is malformed: a parameter name has an invalid percent-encoding.' });
    const path = await api.get('/api/customers/%E0%A4%A');
    expect(path.status).toBe(400);
    expect(path.body).toEqual({ message: MALFORMED_PATH });
    // Well-formed encodings of the same characters still work.
    expect((await api.get(`/api/customers?searchTerm=${encodeURIComponent('à¤')}`)).status).toBe(200);
  });
});
