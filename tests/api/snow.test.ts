/**
 * Issue 41: snow priced the trade's way, the storm log that holds up, and billing from the
 * storms — on both databases. The figures below are worked by hand from the sheets in
 * tests/helpers/snowFixtures.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../server/seed';
import { moveClock, saveCostedCompany } from '../helpers/agreementFixtures';
import { getBinary, pdfText } from '../helpers/pdfText';
import { createEstimate } from '../helpers/printFixtures';
import { logStorm, logVisit, PARKING_LOT_SHEET, priceAsSnow, SEASONAL_SHEET, signedSnowContract } from '../helpers/snowFixtures';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

/** October 20, 2026 in New York: signed before the snow season (November 1 – April 15). */
const SIGNING_DAY = Date.parse('2026-10-20T15:00:00Z');
/** During the third storm's week. */
const WINTER_DAY = Date.parse('2027-02-03T15:00:00Z');

type Line = { id: string; source: string; amount: number; tax: number; description: string; agreementID: number };

describe.each(databaseKinds())('snow on %s', (kind) => {
  let api: TestApi;
  let lot: { agreementID: number; siteID: number };
  let seasonal: { agreementID: number; siteID: number };
  const storms: number[] = [];
  const entries: Record<string, { id: number; hash: string; prevHash: string; sequence: number }> = {};

  beforeAll(async () => {
    api = await createTestApi(kind);
    // The starter catalogue and templates (the SNOW template's areas).
    await seedDatabase(api.database.db, { demo: false });
    await moveClock(api, SIGNING_DAY);
    await saveCostedCompany(api);
    lot = await signedSnowContract(api, PARKING_LOT_SHEET, 'Route 1 Plaza');
    seasonal = await signedSnowContract(api, SEASONAL_SHEET, 'Oak Court Condos');
  });
  afterAll(() => api?.close());

  const billing = async (month: string): Promise<Line[]> => {
    const res = await api.get(`/api/billing?month=${month}`);
    expect(res.status, res.raw).toBe(200);
    return res.body.lines;
  };
  const eventTotal = (lines: Line[], agreementID: number) =>
    Math.round(
      lines
        .filter((line) => line.source === 'event' && line.agreementID === agreementID)
        .reduce((total, line) => total + line.amount * 100, 0),
    ) / 100;

  it('refuses a band set with a gap, naming the line and the gap, and changes nothing', async () => {
    const estimate = await createEstimate(api, { projectName: 'Gap', areas: [{ name: 'Lot', items: [] }] });
    const bands = [
      { from: 0, to: 2, price: 0 },
      { from: 4, to: null, price: 90 },
    ];
    const res = await priceAsSnow(api, estimate.areaIDs[0], {
      expectedEvents: 5,
      expectedInches: 20,
      lines: [{ service: 'plow', basis: 'perPush', bands }],
    });
    expect(res.status, res.raw).toBe(400);
    expect(res.body.errors.snowPricing).toBe('Snow pricing: Line 1 (plow, per push): no band covers 2 in to 4 in.');
    const overlap = await priceAsSnow(api, estimate.areaIDs[0], {
      expectedEvents: 5,
      expectedInches: 20,
      lines: [
        { service: 'salt', basis: 'perApplication', price: 50 },
        {
          service: 'plow',
          basis: 'perPush',
          bands: [
            { from: 0, to: 6, price: 1 },
            { from: 4, to: null, price: 2 },
          ],
        },
      ],
    });
    expect(overlap.body.errors.snowPricing).toBe(
      'Snow pricing: Line 2 (plow, per push): the bands from 0 in and from 4 in overlap (4 in to 6 in).',
    );
    const area = (await api.get(`/api/workAreas/${estimate.areaIDs[0]}`)).body;
    expect(area.snowPricing).toBeNull();
    expect(area.version).toBe(1);
  });

  it('prices the SNOW template’s areas as snow, at what their items add up to', async () => {
    const estimate = await createEstimate(api, { projectName: 'Template', areas: [] });
    const res = await api.post('/api/estimates/generateTemplate', { estimateID: estimate.id, category: 'SNOW', tax: 'NJ' });
    expect(res.status, res.raw).toBe(201);
    const areas = (await api.get(`/api/estimates/${estimate.id}/workAreas`)).body.workAreas as {
      id: number;
      name: string;
      subtotal: number;
    }[];
    expect(areas.map((area) => area.name)).toEqual(['Plowing', 'Salting', 'Sidewalks']);
    for (const area of areas) {
      const { snowPricing } = (await api.get(`/api/workAreas/${area.id}`)).body;
      const items = (await api.get(`/api/workAreas/${area.id}/workAreaItems`)).body.workAreaItems as { totalPrice: number }[];
      expect(snowPricing.lines).toHaveLength(1);
      expect(area.subtotal).toBeCloseTo(
        items.reduce((total, item) => total + item.totalPrice, 0),
        1,
      );
    }
    const [plowing, salting, sidewalks] = await Promise.all(
      areas.map(async (area) => (await api.get(`/api/workAreas/${area.id}`)).body.snowPricing),
    );
    expect(plowing).toMatchObject({ expectedEvents: 12, expectedInches: 36, lines: [{ service: 'plow', basis: 'perPush', trigger: 2 }] });
    expect(salting).toMatchObject({ expectedEvents: 15, lines: [{ service: 'salt', basis: 'perApplication', per: 'application' }] });
    expect(sidewalks).toMatchObject({ expectedEvents: 12, lines: [{ service: 'walks', basis: 'perPush' }] });
  });

  it('prices a snow area at its expected season and signs it into per event lines over the snow season', async () => {
    const estimate = (await api.get(`/api/agreements/${lot.agreementID}`)).body;
    expect(estimate).toMatchObject({ startDate: '2026-11-01', endDate: '2027-04-15', contractValue: 2250 });
    expect(estimate.lines).toHaveLength(1);
    expect(estimate.lines[0]).toMatchObject({ basis: 'perEvent', amount: 2250, rrule: null, plannedVisits: 10 });
    expect(estimate.lines[0].snowPricing).toEqual(PARKING_LOT_SHEET);
    expect((await api.get(`/api/agreements/${lot.agreementID}/visits`)).body.visits).toEqual([]);
    // Seasonal: 3,000 + (30 − 10 in) × $50 overage + 8 events × 1 ton × $120.
    expect((await api.get(`/api/agreements/${seasonal.agreementID}`)).body.contractValue).toBe(4960);
    const refused = await api.put(`/api/agreementLines/${estimate.lines[0].id}`, {
      basis: 'installments',
      version: estimate.lines[0].version,
    });
    expect(refused.status, refused.raw).toBe(400);
    expect(refused.body.errors.basis).toBe('A snow line is billed per event, by its price sheet.');
  });

  it('logs three storms, one correction, and closes them out into billing lines equal to the hand computation', async () => {
    await moveClock(api, WINTER_DAY);
    storms.push(await logStorm(api, '2026-12-05T10:00:00Z', 4));
    storms.push(await logStorm(api, '2027-01-10T08:00:00Z', 8, { end: '2027-01-10T20:00:00Z' }));
    storms.push(await logStorm(api, '2027-02-02T12:00:00Z', 1.5));
    const [first, second, third] = storms;
    const at = (iso: string) => ({ arrival: iso, departure: new Date(Date.parse(iso) + 3_600_000).toISOString() });
    entries.a1 = await logVisit(api, first, {
      siteID: lot.siteID,
      ...at('2026-12-05T14:00:00Z'),
      services: ['plow', 'salt', 'walks'],
      depth: 4,
      crew: 'Truck 2',
    });
    entries.b1 = await logVisit(api, first, {
      siteID: seasonal.siteID,
      ...at('2026-12-05T15:00:00Z'),
      services: ['plow', 'salt'],
      depth: 4,
      material: { kind: 'rock salt', quantity: 1.5, unit: 'ton' },
    });
    entries.a2 = await logVisit(api, second, {
      siteID: lot.siteID,
      ...at('2027-01-10T12:00:00Z'),
      services: ['plow'],
      passes: 2,
      depth: 8,
    });
    entries.a3 = await logVisit(api, second, { siteID: lot.siteID, ...at('2027-01-10T14:00:00Z'), services: ['salt'] });
    entries.b2 = await logVisit(api, second, {
      siteID: seasonal.siteID,
      ...at('2027-01-10T13:00:00Z'),
      services: ['plow', 'salt'],
      depth: 8,
      material: { kind: 'rock salt', quantity: 1000, unit: 'lb' },
    });
    entries.a4 = await logVisit(api, third, { siteID: lot.siteID, ...at('2027-02-02T16:00:00Z'), services: ['plow'], depth: 1.5 });
    entries.a5 = await logVisit(api, third, { siteID: lot.siteID, ...at('2027-02-02T16:30:00Z'), services: ['salt', 'walks'], depth: 1.5 });
    entries.a6 = await logVisit(api, third, {
      siteID: lot.siteID,
      ...at('2027-02-02T16:30:00Z'),
      services: ['salt', 'walks'],
      passes: 2,
      depth: 1.5,
      corrects: entries.a5.id,
      reason: 'The 6 pm second pass was missing from the sheet.',
    });
    expect(entries.a6.prevHash).toBe(entries.a5.hash);

    const closed = [];
    for (const storm of storms) {
      const res = await api.post(`/api/storms/${storm}/closeOut`);
      expect(res.status, res.raw).toBe(200);
      closed.push(res.body);
    }
    expect(closed.map((result) => result.missing)).toEqual([[], [], [seasonal.siteID]]);

    const december = await billing('2026-12');
    // Lot: a push at 4 in ($100), a salting ($85), walks ($40); seasonal: 1.5 t × $120, no overage (4 of 10 in).
    expect(eventTotal(december, lot.agreementID)).toBe(225);
    expect(eventTotal(december, seasonal.agreementID)).toBe(180);
    // The seasonal price in 6 monthly installments (Nov 1 – Apr 1).
    expect(
      december.filter((line) => line.agreementID === seasonal.agreementID && line.source === 'installment').map((line) => line.amount),
    ).toEqual([500]);
    const january = await billing('2027-01');
    // Lot: 2 pushes at 8 in ($150 each), a salting; seasonal: the cap crossed within the storm (4 + 8 = 12 in: 2 in × $50) and 0.5 t × $120.
    expect(eventTotal(january, lot.agreementID)).toBe(385);
    expect(eventTotal(january, seasonal.agreementID)).toBe(160);
    const overage = january.find((line) => line.agreementID === seasonal.agreementID && /beyond the 10 in cap/.test(line.description));
    expect(overage).toMatchObject({ amount: 100 });
    expect(overage!.description).toContain('Storm of Jan 10, 2027');
    const february = await billing('2027-02');
    // No push under the 2 in trigger; the corrected entry: 2 saltings, 2 walk passes.
    expect(eventTotal(february, lot.agreementID)).toBe(250);
    expect(eventTotal(february, seasonal.agreementID)).toBe(0);
    for (const line of [...december, ...january, ...february].filter((line) => line.source === 'event')) {
      expect(line.tax).toBe(Math.round(line.amount * 0.06625 * 100) / 100);
    }
    // Closing out again makes the same lines, not more.
    await api.post(`/api/storms/${third}/closeOut`);
    expect(eventTotal(await billing('2027-02'), lot.agreementID)).toBe(250);
    const storm = (await api.get(`/api/storms/${third}`)).body;
    expect(storm.closedOutAt).not.toBeNull();
  });

  it('never changes or removes a log entry: PUT and DELETE answer 405', async () => {
    for (const [method, url] of [
      ['PUT', `/api/storms/${storms[0]}/visits/${entries.a1.id}`],
      ['DELETE', `/api/storms/${storms[0]}/visits/${entries.a1.id}`],
      ['PUT', `/api/snowVisits/${entries.a1.id}`],
      ['DELETE', `/api/snowVisits/${entries.a1.id}`],
    ] as const) {
      const res = await api.request(method, url, { passes: 9 });
      expect(res.status, `${method} ${url}`).toBe(405);
      expect(res.body.message).toMatch(/append-only/);
    }
    const again = await logVisit(api, storms[2], {
      siteID: lot.siteID,
      arrival: '2027-02-02T20:00:00Z',
      services: ['salt'],
    });
    const twice = await api.post(`/api/storms/${storms[2]}/visits`, {
      siteID: lot.siteID,
      arrival: '2027-02-02T20:00:00Z',
      services: [],
      corrects: entries.a5.id,
      reason: 'again',
    });
    expect(twice.status, twice.raw).toBe(409);
    const voided = await logVisit(api, storms[2], {
      siteID: lot.siteID,
      arrival: '2027-02-02T20:00:00Z',
      services: [],
      corrects: again.id,
      reason: 'Logged twice by mistake.',
    });
    expect(voided.sequence).toBe(again.sequence + 1);
    const deleteStorm = await api.del(`/api/storms/${storms[0]}`);
    expect(deleteStorm.status).toBe(409);
  });

  it('answers the chain of a site’s season and verifies it', async () => {
    const res = await api.get(`/api/sites/${lot.siteID}/snowLog?season=2026`);
    expect(res.status, res.raw).toBe(200);
    const log = res.body.entries as {
      sequence: number;
      hash: string;
      prevHash: string;
      corrects: number | null;
      correctedBy: number | null;
      recordedByName: string;
    }[];
    expect(log.map((entry) => entry.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(log[0].prevHash).toBe('0'.repeat(64));
    for (let index = 1; index < log.length; index += 1) expect(log[index].prevHash).toBe(log[index - 1].hash);
    expect(res.body.head).toBe(log.at(-1)!.hash);
    expect(log[4].correctedBy).toBe(entries.a6.id);
    expect(log[0].recordedByName).toBe('Terry Tester');
    const verified = await api.get(`/api/sites/${lot.siteID}/snowLog/verify?season=2026`);
    expect(verified.body).toEqual({ valid: true, entries: 8, head: log.at(-1)!.hash, mismatch: null });
    const empty = await api.get(`/api/sites/${lot.siteID}/snowLog?season=2025`);
    expect(empty.body).toEqual({ siteID: lot.siteID, season: 2025, entries: [], head: null });
  });

  it('prints the season report with every visit, the corrections as such and the final hash', async () => {
    const res = await getBinary(api, `/api/sites/${lot.siteID}/snowReport?season=2026`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(res.bytes);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('winter 2026–27');
    for (const name of ['Storm of Dec 5, 2026', 'Storm of Jan 10, 2027', 'Storm of Feb 2, 2027']) expect(flat).toContain(name);
    expect(flat).toContain('Corrects entry 5: The 6 pm second pass was missing from the sheet.');
    expect(flat).toContain('Corrected by entry 6');
    expect(flat).toContain('The chain verifies');
    const head = (await api.get(`/api/sites/${lot.siteID}/snowLog?season=2026`)).body.head as string;
    expect(flat.replace(/ /g, '')).toContain(head);
    for (let sequence = 1; sequence <= 8; sequence += 1) expect(flat).toMatch(new RegExp(`Hash [0-9a-f ]{64,}`));
  });

  it('answers a site’s past winters for the price conversation', async () => {
    await moveClock(api, Date.parse('2027-11-15T15:00:00Z'));
    await api.put(`/api/snowSites/${seasonal.siteID}`, { pavedArea: 20000 });
    const res = await api.get(`/api/sites/${seasonal.siteID}/snowHistory`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.pavedArea).toBe(20000);
    expect(
      res.body.seasons.map((season: Record<string, unknown>) => [season.season, season.events, season.inches, season.saltPounds]),
    ).toEqual([[2026, 2, 12, 4000]]);
    await moveClock(api, WINTER_DAY);
  });

  it('refuses hostile input with 400 naming the field, never a 5xx', async () => {
    const storm = storms[0];
    const base = { siteID: lot.siteID, arrival: '2026-12-05T14:00:00Z', services: ['plow'] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, siteID: 0 }, 'siteID'],
      [{ ...base, siteID: 99999 }, 'siteID'],
      [{ ...base, arrival: 'yesterday' }, 'arrival'],
      [{ ...base, arrival: '99999-01-01T00:00:00Z' }, 'arrival'],
      [{ ...base, departure: '2026-12-05T13:00:00Z' }, 'departure'],
      [{ ...base, departure: '2026-12-07T13:00:00Z' }, 'departure'],
      [{ ...base, services: ['plow', 'plow'] }, 'services'],
      [{ ...base, services: ['shovel'] }, 'services'],
      [{ ...base, services: [] }, 'services'],
      [{ ...base, services: 'plow' }, 'services'],
      [{ ...base, passes: 0 }, 'passes'],
      [{ ...base, passes: 1.5 }, 'passes'],
      [{ ...base, depth: -1 }, 'depth'],
      [{ ...base, depth: 'deep' }, 'depth'],
      [{ ...base, material: { kind: 'salt', quantity: 1, unit: 'kg' } }, 'material.unit'],
      [{ ...base, material: { kind: '', quantity: 1, unit: 'ton' } }, 'material.kind'],
      [{ ...base, material: { kind: 'salt', quantity: 1e9, unit: 'ton' } }, 'material.quantity'],
      [{ ...base, corrects: 999999, reason: 'x' }, 'corrects'],
      [{ ...base, corrects: entries.a1.id }, 'reason'],
      [{ ...base, reason: 'no correction' }, 'reason'],
      [{ ...base, crew: 'x'.repeat(101) }, 'crew'],
      [{ ...base, notes: 'a\u0000b' }, 'notes'],
    ];
    const before = (await api.get(`/api/storms/${storm}/visits`)).body.visits.length;
    for (const [body, field] of cases) {
      const res = await api.post(`/api/storms/${storm}/visits`, body);
      expect(res.status, `${JSON.stringify(body)} ${res.raw}`).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), res.raw).toContain(field);
    }
    expect((await api.get(`/api/storms/${storm}/visits`)).body.visits).toHaveLength(before);
    expect((await api.post(`/api/storms/999999/visits`, base)).status).toBe(404);
    expect((await api.post('/api/storms', { start: '2027-01-02T10:00:00Z', end: '2027-01-01T10:00:00Z' })).status).toBe(400);
    expect((await api.post('/api/storms', { start: '2027-01-02T10:00:00Z', depth: -3 })).status).toBe(400);
    expect((await api.get(`/api/sites/${lot.siteID}/snowLog?season=abc`)).status).toBe(400);
    expect((await api.get(`/api/sites/${lot.siteID}/snowLog/verify?season=99999`)).status).toBe(400);
    expect((await api.get(`/api/sites/999999/snowLog`)).status).toBe(404);
    expect((await api.put('/api/snowRoute', { siteIDs: [lot.siteID, lot.siteID] })).status).toBe(400);
    expect((await api.put('/api/snowRoute', { siteIDs: [999999] })).status).toBe(400);
    expect((await api.put(`/api/snowSites/${lot.siteID}`, { pavedArea: -5 })).status).toBe(400);
    const areaID = (await api.get(`/api/estimates/${(await api.get(`/api/agreements/${lot.agreementID}`)).body.estimateID}/workAreas`)).body
      .workAreas[0].id;
    for (const sheet of [
      'plow',
      [],
      { lines: 'x' },
      { expectedEvents: -1, lines: [] },
      { expectedEvents: 1.5, lines: [] },
      { expectedInches: 1e9, lines: [] },
      { lines: Array.from({ length: 21 }, () => ({ service: 'salt', basis: 'perInch', price: 1 })) },
      { lines: [{ service: 'plow', basis: 'perPush', bands: Array.from({ length: 5000 }, (_, i) => ({ from: i, to: i + 1, price: 1 })) }] },
      { lines: [{ service: 'plow', basis: 'perPush', bands: [{ from: 0, to: 0, price: 1 }] }] },
      { lines: [{ service: 'plow', basis: 'perPush', bands: [{ from: 'a', to: null, price: 1 }] }] },
      { lines: [{ service: 'plow', basis: 'seasonal', price: 100, cap: { events: 2, inches: 5 } }] },
      { lines: [{ service: 'plow', basis: 'seasonal', price: 100, overage: 5 }] },
      { lines: [{ service: 'plow', basis: 'seasonal', price: 1e12 }] },
      { lines: [{ service: 'plow', basis: 'hourly', rates: [{ equipment: '', hourly: 100 }] }] },
      { lines: [{ service: 'plow', basis: 'perApplication', per: 'gallon', price: 1 }] },
      { lines: [{ service: 'plow', basis: 'perInch', price: Number.NaN }] },
      { lines: [null] },
    ]) {
      const res = await priceAsSnow(api, areaID, sheet);
      expect(res.status, `${JSON.stringify(sheet).slice(0, 80)} ${res.raw}`).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['snowPricing']);
    }
  });

  it('names the entry a change made through SQL breaks', async () => {
    await api.database.db.execute(sql`UPDATE snow_visits SET snow_visit_depth = 5 WHERE snow_visit_id = ${entries.a2.id}`);
    const res = await api.get(`/api/sites/${lot.siteID}/snowLog/verify?season=2026`);
    expect(res.body.valid).toBe(false);
    expect(res.body.mismatch).toMatchObject({ id: entries.a2.id, sequence: 2 });
    expect(res.body.mismatch.problem).toMatch(/changed after it was recorded/);
    await api.database.db.execute(sql`UPDATE snow_visits SET snow_visit_depth = 8 WHERE snow_visit_id = ${entries.a2.id}`);
    expect((await api.get(`/api/sites/${lot.siteID}/snowLog/verify?season=2026`)).body.valid).toBe(true);
    await api.database.db.execute(sql`DELETE FROM snow_visits WHERE snow_visit_id = ${entries.a3.id}`);
    const removed = (await api.get(`/api/sites/${lot.siteID}/snowLog/verify?season=2026`)).body;
    expect(removed.mismatch).toMatchObject({ id: entries.a4.id });
  });
});
