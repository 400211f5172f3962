import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../src/schema';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const rows = [
  {
    name: 'Aeration & Overseed',
    description: '<p>Core aeration</p>',
    startDate: '2025-09-01T04:00:00.000Z',
    endDate: '2025-10-15T04:00:00.000Z',
    isRecurring: false,
  },
  { name: 'fall Cleanup', description: '<p>Leaves</p>', startDate: '2025-10-15T04:00:00.000Z', endDate: null, isRecurring: false },
  {
    name: 'Snow Plowing',
    description: '<p>Plow at 2"</p>',
    startDate: '2025-11-15T05:00:00.000Z',
    endDate: '2026-04-01T04:00:00.000Z',
    isRecurring: true,
  },
  {
    name: 'Weekly Mowing',
    description: null,
    startDate: '2025-04-01T04:00:00.000Z',
    endDate: '2025-11-15T05:00:00.000Z',
    isRecurring: true,
  },
];

const names = (body: { services: { name: string }[] }) => body.services.map((s) => s.name);

describe.each(databaseKinds())('services API on %s', (kind) => {
  let api: TestApi;
  const ids: number[] = [];

  beforeAll(async () => {
    api = await createTestApi(kind);
    for (const row of rows) {
      const res = await api.post('/api/services', row);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
  });
  afterAll(() => api?.close());

  it('answers {services} without a count, by service_name ascending', async () => {
    const res = await api.get('/api/services');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['services']);
    expect(names(res.body)).toEqual(rows.map((r) => r.name));
    expect(res.body.services[2]).toMatchObject({ ...rows[2], id: ids[2], version: 1 });
  });

  it('fetches all with a null limit and offset, and pages otherwise', async () => {
    expect(names((await api.get('/api/services?limit=null&offset=null')).body)).toHaveLength(4);
    expect(names((await api.get('/api/services?limit=&offset=')).body)).toHaveLength(4);
    expect(names((await api.get('/api/services?limit=2&offset=1')).body)).toEqual(['fall Cleanup', 'Snow Plowing']);
    const bad = await api.get('/api/services?limit=ten');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('limit must be a whole number.');
  });

  it('has the sort keys of SPEC §9, camelCase included', () => {
    expect([...services.sortKeys.keys()]).toEqual([
      'service_name',
      'service_description',
      'service_startDate',
      'service_endDate',
      'service_isRecurring',
    ]);
  });

  it.each([
    ['service_name', ['Aeration & Overseed', 'fall Cleanup', 'Snow Plowing', 'Weekly Mowing']],
    ['service_description', ['Aeration & Overseed', 'fall Cleanup', 'Snow Plowing', 'Weekly Mowing']],
    ['service_startDate', ['Weekly Mowing', 'Aeration & Overseed', 'fall Cleanup', 'Snow Plowing']],
    ['service_endDate', ['Aeration & Overseed', 'Weekly Mowing', 'Snow Plowing', 'fall Cleanup']],
    ['service_isRecurring', ['Aeration & Overseed', 'fall Cleanup', 'Snow Plowing', 'Weekly Mowing']],
  ])('sorts by %s both ways', async (key, ascending) => {
    const asc = await api.get(`/api/services?sortBy=${key}&sortDirection=ASC`);
    expect(asc.status).toBe(200);
    // PostgreSQL puts NULLs last ascending and first descending.
    expect(names(asc.body)).toEqual(ascending);
    const desc = await api.get(`/api/services?sortBy=${key}&sortDirection=DESC`);
    expect(names(desc.body)).toEqual([...ascending].reverse());
  });

  it('searches name and description', async () => {
    expect(names((await api.get('/api/services?searchTerm=MOW')).body)).toEqual(['Weekly Mowing']);
    expect(names((await api.get('/api/services?searchTerm=leaves')).body)).toEqual(['fall Cleanup']);
    expect(names((await api.get('/api/services?searchTerm=service_name')).body)).toEqual([]);
  });

  it('sanitises the description on write', async () => {
    const res = await api.post('/api/services', {
      name: 'Risky',
      description:
        '<p style="text-align:center" onclick="x()">Hi<script>alert(1)</script> <a href="javascript:x">there</a></p><img src=x onerror=alert(1)>',
      startDate: '2025-01-01T05:00:00Z',
    });
    expect(res.status).toBe(201);
    const stored = (await api.get(`/api/services/${res.body.id}`)).body;
    expect(stored.description).toBe('<p style="text-align:center">Hi there</p>');
    expect(stored).toMatchObject({ endDate: null, isRecurring: false });
    await api.del(`/api/services/${res.body.id}`);
  });

  it('refuses a season that ends before it starts', async () => {
    const res = await api.post('/api/services', {
      name: 'Backwards',
      startDate: '2025-05-01T04:00:00.000Z',
      endDate: '2025-04-01T04:00:00.000Z',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ endDate: 'End Date cannot be before Start Date.' });
    expect(names((await api.get('/api/services?searchTerm=Backwards')).body)).toEqual([]);
  });

  it('validates and stores nothing on a bad body', async () => {
    const res = await api.post('/api/services', {
      name: 'n'.repeat(151),
      description: 'd'.repeat(65536),
      startDate: null,
      endDate: 'next spring',
      isRecurring: 'sometimes',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Form is invalid.',
      errors: {
        name: 'Name cannot exceed 150 characters.',
        description: 'Description cannot exceed 65535 characters.',
        startDate: 'Start Date is required.',
        endDate: 'End Date is invalid.',
        isRecurring: 'Recurring is invalid.',
      },
    });
    expect((await api.post('/api/services', { startDate: '2025-01-01' })).body.errors).toEqual({ name: 'Name is required.' });
    expect(names((await api.get('/api/services')).body)).toHaveLength(4);
  });

  it('gets, updates (with a version check) and deletes one service', async () => {
    const current = (await api.get(`/api/services/${ids[1]}`)).body;
    expect(current).toMatchObject(rows[1]);
    const saved = await api.put(`/api/services/${ids[1]}`, { ...current, name: 'Fall Cleanup', endDate: '2025-12-15T05:00:00.000Z' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Fall Cleanup', endDate: '2025-12-15T05:00:00.000Z', version: 2 });
    const stale = await api.put(`/api/services/${ids[1]}`, { ...current, name: 'Lost' });
    expect(stale.status).toBe(409);
    expect((await api.get(`/api/services/${ids[1]}`)).body.name).toBe('Fall Cleanup');

    const temporary = (await api.post('/api/services', { name: 'Temporary', startDate: '2025-01-01T05:00:00Z' })).body.id;
    expect((await api.del(`/api/services/${temporary}`)).status).toBe(204);
    const gone = await api.get(`/api/services/${temporary}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Service not found.');
    expect((await api.del(`/api/services/${temporary}`)).status).toBe(404);
  });
});
