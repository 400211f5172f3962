import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { PHONE_MESSAGE } from '../../src/domain/phone';
import { USER_EMAIL_MESSAGE } from '../../src/schema/userAccount';
import { createEstimate, FIXTURE_COMPANY, saveCompany } from '../helpers/printFixtures';
import { getBinary, pdfText } from '../helpers/pdfText';
import { sendBody } from '../helpers/proposalFixtures';
import { createTestApi, TEST_USER, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const AREAS = [{ name: 'Front Beds', tax: 'NJ' as const, items: [{ name: 'Mulch', quantity: 10, unitPrice: 65 }] }];

describe.each(databaseKinds())("a user's own details and the proposal's contact (issue 35 #14), on %s", (kind) => {
  let api: TestApi;

  const clientView = async () => {
    const estimate = await createEstimate(api, { projectName: 'Contact Check', areas: AREAS });
    const sent = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api));
    expect(sent.status, sent.raw).toBe(201);
    const token = sent.body.link.split('/p/')[1];
    const view = await api.request('GET', `/api/public/proposals/${token}`, undefined, null);
    const { text } = await pdfText((await getBinary(api, `/api/proposals/${sent.body.id}/pdf`)).bytes);
    return { salesperson: view.body.salesperson, pdf: text };
  };

  beforeAll(async () => {
    api = await createTestApi(kind);
    await saveCompany(api);
  });
  afterAll(() => api?.close());

  it("without details of their own, the client sees the salesperson's name with the company's phone and email", async () => {
    expect((await api.get('/api/users/me')).body).toEqual({
      firstName: TEST_USER.firstName,
      lastName: TEST_USER.lastName,
      email: null,
      phone: null,
    });
    const { salesperson, pdf } = await clientView();
    expect(salesperson).toEqual({ name: 'Terry Tester', phone: FIXTURE_COMPANY.phone, email: FIXTURE_COMPANY.email });
    expect(pdf).toContain(FIXTURE_COMPANY.email);
  });

  it('refuses bad details with 400 naming each field, and changes nothing', async () => {
    const bad: [unknown, Record<string, string>][] = [
      [{ firstName: '', lastName: 'Reyes' }, { firstName: 'First Name is required.' }],
      [{ firstName: 'Dana', lastName: 'x'.repeat(151) }, { lastName: 'Last Name cannot exceed 150 characters.' }],
      [{ firstName: 'Dana', lastName: 'Reyes', email: 'dana at example' }, { email: USER_EMAIL_MESSAGE }],
      [{ firstName: 'Dana', lastName: 'Reyes', email: 'a@b.co\r\nBcc: x@y.z' }, { email: USER_EMAIL_MESSAGE }],
      [{ firstName: 'Dana', lastName: 'Reyes', phone: 'call me' }, { phone: PHONE_MESSAGE }],
      [{ firstName: 'Dana\u0000', lastName: 'Reyes' }, { firstName: 'First Name is invalid.' }],
      [{ firstName: ['Dana'], lastName: 'Reyes' }, { firstName: 'First Name is invalid.' }],
    ];
    for (const [body, errors] of bad) {
      const res = await api.put('/api/users/me', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ message: 'Form is invalid.', errors });
    }
    for (const body of [[1], 'text', null]) expect((await api.put('/api/users/me', body)).status).toBeGreaterThanOrEqual(400);
    expect((await api.get('/api/users/me')).body.firstName).toBe(TEST_USER.firstName);
  });

  it("saves them (a phone typed as digits in the mask); the client then sees the salesperson's own; the next answer renames the token", async () => {
    const res = await api.put('/api/users/me', {
      firstName: ' Dana ',
      lastName: 'Reyes',
      email: 'dana@greenfield.example',
      phone: '609 555 0199',
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ firstName: 'Dana', lastName: 'Reyes', email: 'dana@greenfield.example', phone: '(609) 555-0199' });
    const next = await api.get('/api/users/me');
    expect(decodeJwt(next.headers['x-auth-token'] as string)).toMatchObject({ firstName: 'Dana', lastName: 'Reyes' });
    const users = (await api.get('/api/users')).body as { firstName: string; email: string | null }[];
    expect(users.find((user) => user.firstName === 'Dana')?.email).toBe('dana@greenfield.example');
    const { salesperson, pdf } = await clientView();
    expect(salesperson).toEqual({ name: 'Dana Reyes', phone: '(609) 555-0199', email: 'dana@greenfield.example' });
    expect(pdf).toContain('Dana Reyes');
    expect(pdf).toContain('dana@greenfield.example');
  });
});
