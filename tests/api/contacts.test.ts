import { PHONE_MESSAGE } from '../../src/domain/phone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const customer = { name: 'Maple Court HOA', address1: '1 Maple Ct', city: 'Cherry Hill', state: 'NJ' };

describe.each(databaseKinds())('contacts API on %s', (kind) => {
  let api: TestApi;
  let customerId: number;

  beforeAll(async () => {
    api = await createTestApi(kind);
    customerId = (await api.post('/api/customers', customer)).body.id;
  });
  afterAll(() => api?.close());

  it('creates under a customer, lists them, updates and deletes', async () => {
    const created = await api.post(`/api/customers/${customerId}/contacts`, {
      firstName: 'Dana',
      lastName: 'Reyes',
      phone: '(609) 555-0142',
      phoneExtension: '12',
      email: 'dana@maplecourt.example',
    });
    expect(created.status).toBe(201);
    await api.post(`/api/customers/${customerId}/contacts`, { lastName: 'Adams' });
    const list = await api.get(`/api/customers/${customerId}/contacts`);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    expect(list.body.contacts.map((c: { lastName: string }) => c.lastName)).toEqual(['Adams', 'Reyes']);
    expect(list.body.contacts[1]).toMatchObject({ customerID: customerId, phone: '(609) 555-0142', phoneExtension: '12' });

    const id = created.body.id;
    const contact = list.body.contacts[1];
    const updated = await api.put(`/api/contacts/${id}`, { ...contact, email: 'dreyes@maplecourt.example' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ email: 'dreyes@maplecourt.example', version: 2, customerID: customerId });
    expect((await api.del(`/api/contacts/${id}`)).status).toBe(204);
    expect((await api.get(`/api/customers/${customerId}/contacts`)).body.count).toBe(1);
  });

  it('validates with the spec limits and changes nothing', async () => {
    const res = await api.post(`/api/customers/${customerId}/contacts`, {
      firstName: 'f'.repeat(151),
      lastName: '',
      phone: '(609) 555-01423',
      phoneExtension: '123456',
      email: `${'e'.repeat(250)}@x.io`,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      firstName: 'First Name cannot exceed 150 characters.',
      lastName: 'Last Name is required.',
      phone: 'Phone cannot exceed 14 characters.',
      phoneExtension: 'Extension cannot exceed 5 characters.',
      email: 'Email cannot exceed 254 characters.',
    });
    expect((await api.get(`/api/customers/${customerId}/contacts`)).body.count).toBe(1);
  });

  it('refuses a phone with letters, a formula or more than ten digits, as the form does; a partly typed one is kept', async () => {
    for (const phone of ['=1+1', 'call me', '(609) 555-O142', '609-555-01420', '+44207946095', '(609) 555-01']) {
      const res = await api.post(`/api/customers/${customerId}/contacts`, { lastName: 'Phoned', phone });
      if (phone === '(609) 555-01') {
        expect(res.status, phone).toBe(201);
        await api.del(`/api/contacts/${res.body.id}`);
        continue;
      }
      expect(res.status, phone).toBe(400);
      expect(res.body).toEqual({ message: 'Form is invalid.', errors: { phone: PHONE_MESSAGE } });
    }
    expect((await api.get(`/api/customers/${customerId}/contacts`)).body.count).toBe(1);
  });

  it('takes a whole number in any common shape and stores it in the mask, on create and update', async () => {
    const shapes = ['6095551234', '609-555-1234', '609.555.1234', '609 555 1234', '(609)555-1234', '+1 609 555 1234', '1-609-555-1234'];
    for (const phone of shapes) {
      const res = await api.post(`/api/customers/${customerId}/contacts`, { lastName: 'Phoned', phone });
      expect(res.status, `${phone}: ${res.raw}`).toBe(201);
      const stored = await api.get(`/api/contacts/${res.body.id}`);
      expect(stored.body.phone, phone).toBe('(609) 555-1234');
      const updated = await api.put(`/api/contacts/${res.body.id}`, { ...stored.body, phone: '2155550100' });
      expect(updated.status, updated.raw).toBe(200);
      expect(updated.body.phone).toBe('(215) 555-0100');
      await api.del(`/api/contacts/${res.body.id}`);
    }
    expect((await api.get(`/api/customers/${customerId}/contacts`)).body.count).toBe(1);
  });

  it('answers 404 for a missing customer and there is no flat contacts list', async () => {
    expect((await api.get('/api/customers/999999/contacts')).status).toBe(404);
    const post = await api.post('/api/customers/999999/contacts', { lastName: 'Nobody' });
    expect(post.status).toBe(404);
    expect(post.body).toEqual({ message: 'Customer not found.' });
    expect((await api.get('/api/contacts')).status).toBe(404);
  });

  it('deletes contacts together with their customer', async () => {
    const other = (await api.post('/api/customers', customer)).body.id;
    const contact = (await api.post(`/api/customers/${other}/contacts`, { lastName: 'Gone' })).body.id;
    expect((await api.del(`/api/customers/${other}`)).status).toBe(204);
    expect((await api.get(`/api/contacts/${contact}`)).status).toBe(404);
  });
});
