import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

/** Values PostgreSQL would refuse answer 400 on the generated routes too (DESIGN "Errors"), never 500. */
describe.each(databaseKinds())('generated routes with input PostgreSQL refuses, on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api?.close());

  it('a NUL character in a text field is a field error', async () => {
    const res = await api.post('/api/customers', { name: 'Nul\u0000Name', address1: '1 Main St', city: 'Trenton', state: 'NJ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Form is invalid.', errors: { name: 'Name is invalid.' } });
    expect((await api.get('/api/customers')).body.count).toBe(0);
  });

  it('a NUL character in a search or a filter value is a 400', async () => {
    for (const query of ['searchTerm=%00', 'searchTerm=a%00b', `filter:customer_city=${encodeURIComponent(JSON.stringify(['a\u0000']))}`]) {
      const res = await api.get(`/api/customers?${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it('an id beyond PostgreSQL integers is a 400', async () => {
    for (const path of ['/api/customers/99999999999', '/api/customers/2147483648/sites']) {
      const res = await api.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe('Invalid id.');
    }
    expect((await api.get('/api/customers/2147483647')).status).toBe(404);
  });
});
