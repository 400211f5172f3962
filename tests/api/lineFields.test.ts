import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workAreaItems } from '../../src/schema';
import { ITEM_INPUT_FIELDS } from '../../src/schema/workAreaItemLines';
import { seedDatabase } from '../../server/seed';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { makeArea, makeCustomerWithSite, makeEstimate } from '../helpers/estimateFixtures';
import { sendBody } from '../helpers/proposalFixtures';

type Row = Record<string, any>;

/**
 * Every declared input field of a line, each with a value of its own (the `n`th set), from the
 * declaration: a field declared later is filled, copied and restored here without a change.
 */
function distinctValues(n: number, catalogueItem: number): Row {
  return Object.fromEntries(
    ITEM_INPUT_FIELDS.map((name, i) => {
      const field = workAreaItems.field(name)!;
      if (field.kind === 'reference') return [name, catalogueItem];
      if (field.choices) return [name, field.choices[(n + 1) % field.choices.length]];
      if (field.kind === 'decimal') return [name, 10 * n + i + 0.5];
      // The one structured field of a line: what it was measured from on the site's plan (issue 42).
      if (field.kind === 'json')
        return [name, { shapes: [{ id: `bed-${n}`, name: `Bed ${n}`, value: 100 * n + 0.5 }], unit: 'sqft', total: 100 * n + 0.5 }];
      return [name, `${field.label} ${n}`];
    }),
  );
}

describe.each(databaseKinds())('every declared line field is copied and restored on %s', (kind) => {
  let api: TestApi;
  let siteID: number;
  let catalogue: number[];

  beforeAll(async () => {
    api = await createTestApi(kind);
    await seedDatabase(api.database.db, { demo: false });
    ({ siteID } = await makeCustomerWithSite(api, 'Field Lawns'));
    catalogue = (await api.get('/api/itemCatalog?perPage=2')).body.items.map((item: Row) => item.id);
  });
  afterAll(() => api?.close());

  const linesOf = async (area: number): Promise<Row[]> => (await api.get(`/api/workAreas/${area}/workAreaItems`)).body.workAreaItems;
  const inputsOf = (line: Row) => Object.fromEntries(ITEM_INPUT_FIELDS.map((name) => [name, line[name]]));
  const asSent = (values: Row) =>
    Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        typeof value === 'number' && name !== 'itemID' ? expect.closeTo(value, 4) : value,
      ]),
    );

  it('a clone of a work area and a restored revision carry each declared field of its lines', async () => {
    const estimate = await makeEstimate(api, siteID, 'Field Ave');
    const area = await makeArea(api, estimate, { name: 'Front Lawn' });
    const first = distinctValues(1, catalogue[0]);
    const made = await api.post(`/api/workAreas/${area}/workAreaItems`, { ...first, workAreaID: area });
    expect(made.status, made.raw).toBe(201);
    const [line] = await linesOf(area);
    expect(Object.keys(first).sort()).toEqual(
      workAreaItems.resolved
        .filter((f) => !f.readOnly && f.name !== 'workAreaID')
        .map((f) => f.name)
        .sort(),
    );
    expect(inputsOf(line)).toEqual(asSent(first));

    const clone = await api.post(`/api/workAreas/${area}/clone`);
    expect(clone.status, clone.raw).toBe(201);
    const [copied] = await linesOf(clone.body.id);
    expect(inputsOf(copied)).toEqual(inputsOf(line));
    expect(copied.laborHours).toBe(line.laborHours);

    expect((await api.post(`/api/estimates/${estimate}/proposals`, sendBody(api))).status).toBe(201);
    const second = distinctValues(2, catalogue[1]);
    const edited = await api.put(`/api/workAreaItems/${line.id}`, { ...line, ...second });
    expect(edited.status, edited.raw).toBe(200);
    const compared = await api.get(`/api/estimates/${estimate}/revisions/compare?from=1&to=2`);
    expect(Object.keys(compared.body.items.changed[0].changes)).toEqual(expect.arrayContaining([...ITEM_INPUT_FIELDS]));

    const restored = await api.post(`/api/estimates/${estimate}/revisions/1/restore`, {});
    expect(restored.status, restored.raw).toBe(200);
    const back = (await linesOf(area)).find((row) => row.id === line.id)!;
    expect(inputsOf(back)).toEqual(inputsOf(line));
    expect(back.laborHours).toBe(line.laborHours);
  });
});
