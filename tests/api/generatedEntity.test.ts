import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from '../helpers/drizzleKit';
import { entities, defineEntity, string, decimal, boolean, reference } from '../../src/schema';
import { registerEntityTable } from '../../server/db/entityTables';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

/** An entity declared only here: its table and routes must follow from the declaration. */
const gadgets = defineEntity({
  name: 'gadgets',
  table: 'test_gadgets',
  route: 'gadgets',
  prefix: 'gadget',
  listKey: 'gadgets',
  singular: 'gadget',
  plural: 'gadgets',
  fields: {
    customerID: reference('Customer', { entity: 'customers', onDelete: 'cascade' }, { column: 'customer_id' }),
    name: string('Name', { required: true, max: 20, sortable: true, search: true }),
    price: decimal('Price', { required: true, sortable: true }),
    isActive: boolean('Active', { filterable: true }),
  },
  defaultSort: { key: 'gadget_name', direction: 'ASC' },
});

describe.each(databaseKinds())('an entity declared in a test file, on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    const table = registerEntityTable(gadgets);
    api = await createTestApi(kind, { entities: [...entities, gadgets] });
    const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson({ [gadgets.table]: table }));
    for (const statement of statements) {
      // The foreign key to customers is added separately; the customers table exists already.
      await api.database.db.execute(sql.raw(statement));
    }
  });
  afterAll(() => api?.close());

  it('gets validated, searchable, sortable, paginated routes', async () => {
    const bad = await api.post('/api/gadgets', { name: 'x'.repeat(21), price: null });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ name: 'Name cannot exceed 20 characters.', price: 'Price is required.' });

    for (const [name, price, isActive] of [
      ['Spreader', 89.5, true],
      ['aerator', 120, false],
      ['Blower', 15.255, true],
    ] as const) {
      expect((await api.post('/api/gadgets', { name, price, isActive })).status).toBe(201);
    }
    const list = await api.get('/api/gadgets?sortBy=gadget_price&sortDirection=DESC&limit=2');
    expect(list.body).toMatchObject({ count: 3 });
    expect(list.body.gadgets.map((g: { name: string; price: number }) => [g.name, g.price])).toEqual([
      ['aerator', 120],
      ['Spreader', 89.5],
    ]);
    const search = await api.get('/api/gadgets?searchTerm=BLOW');
    expect(search.body.gadgets[0]).toMatchObject({ name: 'Blower', price: 15.26, isActive: true, customerID: null });
    const active = await api.get(`/api/gadgets?filter:gadget_is_active=${encodeURIComponent('[1]')}`);
    expect(active.body.gadgets.map((g: { name: string }) => g.name)).toEqual(['Blower', 'Spreader']);
    const missingCustomer = await api.post('/api/gadgets', { name: 'Orphan', price: 1, customerID: 424242 });
    expect(missingCustomer.body.errors).toEqual({ customerID: 'Customer does not exist.' });
  });
});
