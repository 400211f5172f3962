import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { makeArea, makeCustomerWithSite, makeEstimate, makeItem, makeUser } from '../helpers/estimateFixtures';
import { WORK_AREA_NOTES_STALE } from '../../src/schema/workAreas';

type Row = Record<string, any>;

describe.each(databaseKinds())('work areas API on %s', (kind) => {
  let api: TestApi;
  let estimateID: number;

  const areasOf = async (id = estimateID) => (await api.get(`/api/estimates/${id}/workAreas`)).body as { workAreas: Row[]; count: number };
  const estimate = async (id = estimateID) => (await api.get(`/api/estimates/${id}`)).body as Row;

  beforeAll(async () => {
    api = await createTestApi(kind);
    const { siteID } = await makeCustomerWithSite(api);
    estimateID = await makeEstimate(api, siteID);
  });
  afterAll(() => api?.close());

  it('creates with the defaults of SPEC §9 (tax NJ, included) and lists {workAreas, count} in the order added', async () => {
    const res = await api.post(`/api/estimates/${estimateID}/workAreas`, {
      name: 'Front Lawn',
      subtotal: 500,
      notes: '<p onclick="x()">Gate <script>alert(1)</script><b>code</b></p>',
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['id']);
    await makeArea(api, estimateID, { name: 'Back Beds', tax: 'PA', isIncluded: false });
    const { workAreas, count } = await areasOf();
    expect(count).toBe(2);
    expect(workAreas.map((a) => [a.name, a.tax, a.isIncluded, a.subtotal])).toEqual([
      ['Front Lawn', 'NJ', true, 0],
      ['Back Beds', 'PA', false, 0],
    ]);
    expect(workAreas[0]).toMatchObject({ estimateID, version: 1, notes: '<p>Gate <b>code</b></p>' });
    expect((await api.get(`/api/workAreas/${res.body.id}`)).body).toMatchObject({ name: 'Front Lawn', estimateID });
    expect((await api.get('/api/estimates/999999/workAreas')).status).toBe(404);
    expect((await api.post('/api/estimates/999999/workAreas', { name: 'Lost' })).status).toBe(404);
  });

  it('applies the name rules of SPEC §5 and the tax choices', async () => {
    const bad = await api.post(`/api/estimates/${estimateID}/workAreas`, { name: ' ', tax: 'NY', isIncluded: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'Form is invalid.',
      errors: { name: 'Name is required.', tax: 'Tax is invalid.', isIncluded: 'Included in Estimate is invalid.' },
    });
    const long = await api.post(`/api/estimates/${estimateID}/workAreas`, { name: 'n'.repeat(151) });
    expect(long.body.errors).toEqual({ name: 'Name cannot exceed 150 characters.' });
    for (const tax of ['NJ', 'PA', 'Phila', 'DE', 'EXEMPT']) {
      const id = await makeArea(api, estimateID, { name: `Taxed ${tax}`, tax });
      expect((await api.get(`/api/workAreas/${id}`)).body.tax).toBe(tax);
      expect((await api.del(`/api/workAreas/${id}`)).status).toBe(204);
    }
    expect((await areasOf()).count).toBe(2);
  });

  it('updates with version (409 stale, 400 missing); never moves to another estimate; keeps notes and subtotal', async () => {
    const [front] = (await areasOf()).workAreas;
    const other = await makeEstimate(api, (await estimate()).siteID, 'Other estimate');
    const saved = await api.put(`/api/workAreas/${front.id}`, {
      ...front,
      name: 'Front Lawn and Beds',
      tax: 'DE',
      estimateID: other,
      notes: '<p>overwritten?</p>',
      subtotal: 1234,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Front Lawn and Beds', tax: 'DE', estimateID, notes: front.notes, subtotal: 0, version: 2 });
    expect((await api.put(`/api/workAreas/${front.id}`, { ...front, name: 'Stale' })).status).toBe(409);
    const missing = await api.put(`/api/workAreas/${front.id}`, { name: 'No version', tax: 'NJ', isIncluded: true });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ version: 'Version is required.' });
    expect((await api.get(`/api/workAreas/${front.id}`)).body).toMatchObject({ name: 'Front Lawn and Beds', version: 2 });
    expect((await areasOf(other)).count).toBe(0);
    expect((await api.put('/api/workAreas/999999', { ...front, version: 1 })).status).toBe(404);
  });

  it('saves notes alone, sanitised, without moving the version; over 65535 characters is refused', async () => {
    const [front] = (await areasOf()).workAreas;
    const html =
      '<p style="text-align: center">Mow <strong>weekly</strong></p><ul><li style="padding-left: 40px">edge</li></ul><img src=x onerror=alert(1)><a href="javascript:x">link</a>';
    const res = await api.put(`/api/workAreas/${front.id}/notes`, { notes: html });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: front.id, name: front.name, version: front.version });
    expect(res.body.notes).toBe(
      '<p style="text-align:center">Mow <strong>weekly</strong></p><ul><li style="padding-left:40px">edge</li></ul>link',
    );
    expect((await api.get(`/api/workAreas/${front.id}`)).body.notes).toBe(res.body.notes);

    // The area form saved after the notes, from the version it had, still saves and keeps them.
    const renamed = await api.put(`/api/workAreas/${front.id}`, { ...front, name: 'Front Lawn' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.notes).toBe(res.body.notes);

    const tooLong = await api.put(`/api/workAreas/${front.id}/notes`, { notes: 'x'.repeat(65536) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ message: 'Form is invalid.', errors: { notes: 'Notes cannot exceed 65535 characters.' } });
    for (const notes of [{ html: 1 }, ['<p>a</p>'], 'nul\u0000byte']) {
      const bad = await api.put(`/api/workAreas/${front.id}/notes`, { notes });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ notes: 'Notes is invalid.' });
    }
    expect((await api.put(`/api/workAreas/${front.id}/notes`, {})).status).toBe(400);
    expect((await api.put(`/api/workAreas/${front.id}/notes`, { notes: 'x'.repeat(65535) })).status).toBe(200);
    expect((await api.put(`/api/workAreas/${front.id}/notes`, { notes: null })).body.notes).toBeNull();
    expect((await api.put('/api/workAreas/999999/notes', { notes: 'x' })).status).toBe(404);
  });

  it('refuses notes written over notes the writer never saw (previousNotes, 409), and says so', async () => {
    const [front] = (await areasOf()).workAreas;
    const mine = await api.put(`/api/workAreas/${front.id}/notes`, { notes: '<p>Mine</p>', previousNotes: front.notes });
    expect(mine.status).toBe(200);
    // Someone who read the notes before that save:
    const theirs = await api.put(`/api/workAreas/${front.id}/notes`, { notes: '<p>Theirs</p>', previousNotes: front.notes });
    expect(theirs.status).toBe(409);
    expect(theirs.body).toEqual({ message: WORK_AREA_NOTES_STALE });
    expect((await api.get(`/api/workAreas/${front.id}`)).body.notes).toBe('<p>Mine</p>');
    // Read again, their save goes through; none read (null) equals empty notes.
    expect((await api.put(`/api/workAreas/${front.id}/notes`, { notes: '<p>Theirs</p>', previousNotes: '<p>Mine</p>' })).status).toBe(200);
    await api.put(`/api/workAreas/${front.id}/notes`, { notes: null });
    expect((await api.put(`/api/workAreas/${front.id}/notes`, { notes: '<p>x</p>', previousNotes: '' })).status).toBe(200);
    for (const previousNotes of [{}, 5, 'nul\u0000']) {
      const bad = await api.put(`/api/workAreas/${front.id}/notes`, { notes: '<p>y</p>', previousNotes });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ previousNotes: 'Previous notes are invalid.' });
    }
    expect((await api.get(`/api/workAreas/${front.id}`)).body.notes).toBe('<p>x</p>');
  });

  it('marks the estimate as changed by the user who wrote in it, without moving its version', async () => {
    const before = await estimate();
    const pat = await makeUser(api, 'pat');
    const token = await api.login('pat', 'long enough password 1');
    const [front] = (await areasOf()).workAreas;
    const res = await api.request('PUT', `/api/workAreas/${front.id}/notes`, { notes: '<p>Pat was here</p>' }, token);
    expect(res.status).toBe(200);
    const after = await estimate();
    expect(after).toMatchObject({ updatedBy: pat, version: before.version });
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(before.updatedAt).getTime());
  });

  it('clones an area with its items and notes into the same estimate ({id}, 201), subtotals recomputed', async () => {
    const [front] = (await areasOf()).workAreas;
    await api.put(`/api/workAreas/${front.id}/notes`, { notes: '<p>Gate code <strong>4512</strong></p>' });
    await makeItem(api, front.id, { name: 'Mulch', quantity: 2.5, unitCost: 28, unitPrice: 65, size: 10 });
    await makeItem(api, front.id, { name: 'Edging', quantity: 400, unitCost: 0.35, unitPrice: 0.95, units: 'linear ft' });
    const res = await api.get(`/api/workAreas/${front.id}/clone`);
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Object.keys(res.body)).toEqual(['id']);
    const copy = (await api.get(`/api/workAreas/${res.body.id}`)).body;
    expect(copy).toMatchObject({
      estimateID,
      name: 'Front Lawn (copy)',
      tax: front.tax,
      isIncluded: true,
      notes: '<p>Gate code <strong>4512</strong></p>',
      subtotal: 542.5,
    });
    const items = (await api.get(`/api/workAreas/${res.body.id}/workAreaItems`)).body.workAreaItems as Row[];
    const original = (await api.get(`/api/workAreas/${front.id}/workAreaItems`)).body.workAreaItems as Row[];
    const figures = (rows: Row[]) =>
      rows.map(({ name, size, quantity, units, unitCost, unitPrice, totalCost, totalPrice }) => ({
        name,
        size,
        quantity,
        units,
        unitCost,
        unitPrice,
        totalCost,
        totalPrice,
      }));
    expect(figures(items)).toEqual(figures(original));
    expect(items.every((i) => i.workAreaID === res.body.id)).toBe(true);
    expect((await estimate()).subtotal).toBe(1085);
    expect((await areasOf()).workAreas.at(-1)!.id).toBe(res.body.id);

    // Copy of a copy, a long name kept within 150 characters; POST does the same; unknown → 404.
    await api.put(`/api/workAreas/${res.body.id}`, { ...copy, name: 'L'.repeat(150) });
    const again = await api.post(`/api/workAreas/${res.body.id}/clone`, {});
    expect(again.status).toBe(201);
    const name = (await api.get(`/api/workAreas/${again.body.id}`)).body.name as string;
    expect(name).toBe(`${'L'.repeat(143)} (copy)`);
    expect(name).toHaveLength(150);
    expect((await api.get('/api/workAreas/999999/clone')).status).toBe(404);
    expect((await estimate()).subtotal).toBe(1627.5);
  });

  it('suggests distinct work area names for the allow-listed column only', async () => {
    const other = await makeEstimate(api, (await estimate()).siteID, 'Names elsewhere');
    for (const name of ['front lawn', 'Zinnia Bed', 'Front Lawn', '  ']) {
      await api.post(`/api/estimates/${other}/workAreas`, { name });
    }
    const res = await api.get('/api/uniqueColumnValues/work_areas/work_area_name');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(['Back Beds', 'Front Lawn', 'front lawn', `${'L'.repeat(143)} (copy)`, 'L'.repeat(150), 'Zinnia Bed']);
    for (const [table, column] of [
      ['users', 'user_username'],
      ['users', 'user_password_hash'],
      ['work_areas', 'work_area_notes'],
      ['work_areas', 'work_area_tax'],
      ['customers', 'customer_name'],
      ['estimates', 'estimate_project_name'],
      ['work_areas', 'work_area_name;DROP TABLE users'],
      ['pg_catalog.pg_user', 'usename'],
    ]) {
      const refused = await api.get(`/api/uniqueColumnValues/${encodeURIComponent(table)}/${encodeURIComponent(column)}`);
      expect(refused.status, `${table}/${column}`).toBe(400);
      expect(refused.body).toEqual({ message: 'The values of this column cannot be listed.' });
    }
  });

  it('deletes an area with its items, and the estimate subtotal follows', async () => {
    const [front] = (await areasOf()).workAreas;
    expect((await api.del(`/api/workAreas/${front.id}`)).status).toBe(204);
    expect((await api.get(`/api/workAreas/${front.id}`)).status).toBe(404);
    expect((await api.get(`/api/workAreas/${front.id}/workAreaItems`)).status).toBe(404);
    expect((await estimate()).subtotal).toBe(1085);
    expect((await api.del(`/api/workAreas/${front.id}`)).status).toBe(404);
  });
});
