import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsConditions } from '../../src/schema';
import { REORDER_IDS_INVALID, REORDER_INVALID, REORDER_STALE } from '../../src/schema/actions/termsConditions';
import { BODY_NOT_OBJECT } from '../../src/schema/actions/checkBody';
import { FORM_INVALID } from '../../src/schema/validate';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

type Term = { id: number; name: string; content: string | null; isAuto: number; order: number; version: number };

describe.each(databaseKinds())('terms and conditions API on %s', (kind) => {
  let api: TestApi;
  const ids: number[] = [];
  const list = async (query = '') => (await api.get(`/api/termsConditions${query}`)).body as { termsConditions: Term[]; count: number };
  const names = (body: { termsConditions: Term[] }) => body.termsConditions.map((t) => t.name);

  beforeAll(async () => {
    api = await createTestApi(kind);
    for (const name of ['Payment Terms', 'acceptance', 'Plant Warranty']) {
      const res = await api.post('/api/termsConditions', { name });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
  });
  afterAll(() => api?.close());

  const versionOf = async (id: number) => (await api.get(`/api/termsConditions/${id}`)).body.version as number;

  it('POST {name} puts each new term last, with no content and not always included', async () => {
    const body = await list();
    expect(body.count).toBe(3);
    expect(body.termsConditions.map((t) => [t.name, t.order, t.isAuto, t.content])).toEqual([
      ['Payment Terms', 1, 0, null],
      ['acceptance', 2, 0, null],
      ['Plant Warranty', 3, 0, null],
    ]);
  });

  it('lists {termsConditions, count} by tc_order ascending by default, and sorts by its other keys', async () => {
    expect([...termsConditions.sortKeys.keys()].sort()).toEqual(['tc_is_auto', 'tc_name', 'tc_order']);
    expect(names(await list('?sortBy=tc_order&sortDirection=DESC'))).toEqual(['Plant Warranty', 'acceptance', 'Payment Terms']);
    expect(names(await list('?sortBy=tc_name'))).toEqual(['acceptance', 'Payment Terms', 'Plant Warranty']);
    expect(names(await list('?searchTerm=WARRANTY'))).toEqual(['Plant Warranty']);
    expect((await api.get('/api/termsConditions?sortBy=tc_content')).body).toEqual({ message: 'Unknown sort key: tc_content.' });
  });

  it('PUT {name, content, isAuto} saves, keeps the order, and sanitises the content', async () => {
    const id = ids[0];
    const content =
      '<p><strong>Net 30</strong> from invoice.</p><p style="text-align: center">Centered</p>' +
      '<p style="margin-left: 2em">Indented</p><ul><li><p>one</p></li></ul>' +
      '<script>alert(1)</script><img src="x" onerror="alert(1)"><p onclick="x()">Late charge</p>' +
      '<a href="javascript:alert(1)">click</a>';
    const res = await api.put(`/api/termsConditions/${id}`, { version: await versionOf(id), name: 'Payment Terms', content, isAuto: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: 'Payment Terms', isAuto: 1, order: 1, version: 2 });
    expect(res.body.content).toBe(
      '<p><strong>Net 30</strong> from invoice.</p><p style="text-align:center">Centered</p>' +
        '<p style="margin-left:2em">Indented</p><ul><li><p>one</p></li></ul><p>Late charge</p>click',
    );
    const read = (await api.get(`/api/termsConditions/${id}`)).body;
    expect(read.content).toBe(res.body.content);
    expect((await list(`?filter:tc_is_auto=${encodeURIComponent('[1]')}`)).termsConditions.map((t) => t.id)).toEqual([id]);
  });

  it('accepts isAuto as 1/0 or a boolean and answers 1/0', async () => {
    const id = ids[1];
    expect(
      (await api.put(`/api/termsConditions/${id}`, { version: await versionOf(id), name: 'Acceptance', isAuto: true })).body.isAuto,
    ).toBe(1);
    expect((await api.put(`/api/termsConditions/${id}`, { version: await versionOf(id), name: 'Acceptance', isAuto: 0 })).body.isAuto).toBe(
      0,
    );
  });

  it('refuses invalid terms with the SPEC §5 messages and stores nothing', async () => {
    const before = await list();
    expect((await api.post('/api/termsConditions', {})).body).toEqual({
      message: 'Form is invalid.',
      errors: { name: 'Name is required.' },
    });
    expect((await api.post('/api/termsConditions', { name: 'n'.repeat(151) })).body.errors).toEqual({
      name: 'Name cannot exceed 150 characters.',
    });
    const id = ids[2];
    const bad = await api.put(`/api/termsConditions/${id}`, { version: await versionOf(id), name: '  ', isAuto: 'always', order: null });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      name: 'Name is required.',
      isAuto: 'Always Include on Proposals is invalid.',
      order: 'Order is required.',
    });
    expect((await api.put(`/api/termsConditions/${id}`, { version: await versionOf(id), content: 'c'.repeat(65536) })).body.errors).toEqual(
      {
        content: 'Content cannot exceed 65535 characters.',
      },
    );
    expect(await list()).toEqual(before);
    expect((await api.post('/api/termsConditions', { name: 'n'.repeat(150) })).status).toBe(201);
    const last = (await list()).termsConditions.at(-1)!;
    expect(last).toMatchObject({ name: 'n'.repeat(150), order: 4 });
    await api.del(`/api/termsConditions/${last.id}`);
  });

  it('refuses a stale version with 409', async () => {
    const read = (await api.get(`/api/termsConditions/${ids[2]}`)).body;
    expect((await api.put(`/api/termsConditions/${ids[2]}`, { ...read, name: 'Plant Warranty (1 year)' })).status).toBe(200);
    const stale = await api.put(`/api/termsConditions/${ids[2]}`, { ...read, name: 'Stale' });
    expect(stale.status).toBe(409);
    expect((await api.get(`/api/termsConditions/${ids[2]}`)).body.name).toBe('Plant Warranty (1 year)');
  });

  it('reorders all terms at once, bumping the version of those that moved only', async () => {
    const before = (await list()).termsConditions;
    const versions = new Map(before.map((t) => [t.id, t.version]));
    const res = await api.post('/api/termsConditions/reorder', { ids: [ids[0], ids[2], ids[1]] });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.termsConditions.map((t: Term) => [t.id, t.order])).toEqual([
      [ids[0], 1],
      [ids[2], 2],
      [ids[1], 3],
    ]);
    const after = new Map(res.body.termsConditions.map((t: Term) => [t.id, t.version]));
    expect(after.get(ids[0])).toBe(versions.get(ids[0]));
    expect(after.get(ids[1])).toBe(versions.get(ids[1])! + 1);
    expect(after.get(ids[2])).toBe(versions.get(ids[2])! + 1);
    expect((await api.post('/api/termsConditions', { name: 'Utilities' })).status).toBe(201);
    expect((await list()).termsConditions.at(-1)).toMatchObject({ name: 'Utilities', order: 4 });
  });

  it('refuses a reorder that does not list every term once, changing nothing', async () => {
    const before = await list();
    const all = before.termsConditions.map((t) => t.id);
    const invalid = (message: string) => ({ message: FORM_INVALID, errors: { ids: message } });
    const cases: [unknown, number, unknown][] = [
      [{ ids: all.slice(1) }, 409, { message: REORDER_STALE }],
      [{ ids: [...all.slice(1), 999999] }, 409, { message: REORDER_STALE }],
      [{ ids: [all[0], ...all] }, 400, invalid(REORDER_INVALID)],
      [{ ids: 'all' }, 400, invalid(REORDER_IDS_INVALID)],
      [{ ids: [1.5] }, 400, invalid(REORDER_IDS_INVALID)],
      [{}, 400, invalid(REORDER_IDS_INVALID)],
      [[1, 2], 400, { message: BODY_NOT_OBJECT }],
    ];
    for (const [body, status, answer] of cases) {
      const res = await api.post('/api/termsConditions/reorder', body);
      expect(res.status).toBe(status);
      expect(res.body).toEqual(answer);
    }
    expect(await list()).toEqual(before);
  });

  it('deletes (204), then answers 404', async () => {
    const { body } = await api.post('/api/termsConditions', { name: 'Temporary' });
    expect((await api.del(`/api/termsConditions/${body.id}`)).status).toBe(204);
    const gone = await api.get(`/api/termsConditions/${body.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: 'Term & condition not found.' });
  });
});
