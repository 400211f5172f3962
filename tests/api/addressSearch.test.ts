import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEOCODER_UNAVAILABLE } from '../../server/address/hostedProvider';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { TRENTON_08608 } from '../helpers/addressFixtures';

const search = (api: TestApi, text: string) => api.get(`/api/searchForAddress?searchString=${encodeURIComponent(text)}`);

const trenton08608 = TRENTON_08608;

describe.each(databaseKinds())('address search with the bundled data, on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api?.close());

  it('finds Trenton, Mercer County, NJ 08608 from a street and a city', async () => {
    const res = await search(api, '12 Main St Trenton');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(10);
    expect(res.body).toContainEqual(trenton08608);
    for (const candidate of res.body)
      expect(candidate).toMatchObject({ number: '12', street: 'Main St', city: 'Trenton', county: 'Mercer', state: 'NJ' });
  });

  it('finds it from a street and a ZIP, and from a full address', async () => {
    expect((await search(api, '12 Main St 08608')).body).toEqual([trenton08608]);
    expect((await search(api, '12 main st, trenton, nj 08608')).body).toEqual([trenton08608]);
  });

  it('answers [] for empty or digits-only text and for a missing parameter', async () => {
    for (const text of ['', '   ', '12', ' 1234 56 ']) {
      const res = await search(api, text);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
    expect((await api.get('/api/searchForAddress')).body).toEqual([]);
  });

  it('answers [] when no place is known yet or none matches', async () => {
    expect((await search(api, '12 Main St')).body).toEqual([]);
    expect((await search(api, '12 Main St Nowhereville')).body).toEqual([]);
    expect((await search(api, '12 Main St 00000')).body).toEqual([]);
  });

  it('refuses a text too long to be an address, and needs a signed-in user', async () => {
    const long = await search(api, `12 Main St ${'x'.repeat(300)}`);
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ message: 'Invalid request parameters.' });
    const anonymous = await api.request('GET', '/api/searchForAddress?searchString=12%20Main%20St%20Trenton', undefined, null);
    expect(anonymous.status).toBe(401);
  });
});

/** A stand-in for a hosted Nominatim: answers what `respond` says and records the requests. */
function fakeGeocoder(respond: (request: IncomingMessage) => { status: number; body: string }) {
  const requests: URL[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(new URL(request.url!, 'http://localhost'));
    const { status, body } = respond(request);
    response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  return {
    requests,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/search?key=secret-key`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const nominatimResults = [
  {
    display_name: '12, Main Street, Trenton, Mercer County, New Jersey, 08608, United States',
    address: {
      house_number: '12',
      road: 'Main Street',
      city: 'Trenton',
      county: 'Mercer County',
      state: 'New Jersey',
      'ISO3166-2-lvl4': 'US-NJ',
      postcode: '08608',
      country_code: 'us',
    },
  },
  { address: { road: 'Main Street', village: 'Yardley', county: 'Bucks County', state: 'Pennsylvania', postcode: '19067' } },
  { address: { road: 'Calle Principal', city: 'San Juan', state: 'Puerto Rico', 'ISO3166-2-lvl4': 'US-PR', postcode: '00901' } },
  { address: { city: 'Trenton', state: 'New Jersey', 'ISO3166-2-lvl4': 'US-NJ' } },
];

describe.each(databaseKinds())('address search with a hosted geocoder, on %s', (kind) => {
  let api: TestApi;
  let mode: 'ok' | 'error' | 'garbage' = 'ok';
  const geocoder = fakeGeocoder(() =>
    mode === 'ok'
      ? { status: 200, body: JSON.stringify(nominatimResults) }
      : mode === 'error'
        ? { status: 500, body: '{"error":"boom"}' }
        : { status: 200, body: '{"not":"a list"}' },
  );

  beforeAll(async () => {
    api = await createTestApi(kind, { geocoderUrl: await geocoder.start() });
  });
  afterAll(async () => {
    await api?.close();
    await geocoder.stop();
  });

  it('asks the configured URL, keeping its own parameters, and maps the answer', async () => {
    mode = 'ok';
    const res = await search(api, '12 Main St Trenton');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        number: '12',
        street: 'Main Street',
        city: 'Trenton',
        county: 'Mercer',
        state: 'NJ',
        zip: '08608',
        label: '12 Main Street, Trenton, NJ 08608',
      },
      // No house number in the answer: the typed one is kept. Results outside the state list or without a street are left out.
      {
        number: '12',
        street: 'Main Street',
        city: 'Yardley',
        county: 'Bucks',
        state: 'PA',
        zip: '19067',
        label: '12 Main Street, Yardley, PA 19067',
      },
    ]);
    const asked = geocoder.requests.at(-1)!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      key: 'secret-key',
      q: '12 Main St Trenton',
      format: 'jsonv2',
      addressdetails: '1',
      countrycodes: 'us',
      limit: '10',
    });
  });

  it('does not ask for empty or digits-only text', async () => {
    const before = geocoder.requests.length;
    expect((await search(api, '123')).body).toEqual([]);
    expect((await search(api, '')).body).toEqual([]);
    expect(geocoder.requests.length).toBe(before);
  });

  it('answers 503 with a plain message when the geocoder fails or answers nonsense', async () => {
    for (const failure of ['error', 'garbage'] as const) {
      mode = failure;
      const res = await search(api, '12 Main St Trenton');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: GEOCODER_UNAVAILABLE });
    }
  });
});
