/** Edits of an estimate through the API, chosen by a number (the revisions tests' random sequences). */
import { expect } from 'vitest';
import { TAX_CODES } from '../../src/domain/taxes';
import type { TestApi } from './testApi';

type Row = Record<string, any>;

export interface EditTarget {
  api: TestApi;
  estimateID: number;
  areas: number[];
}

async function areasOf({ api, estimateID }: EditTarget): Promise<Row[]> {
  return (await api.get(`/api/estimates/${estimateID}/workAreas`)).body.workAreas;
}

async function itemsOf(target: EditTarget): Promise<Row[]> {
  const lists = await Promise.all(
    (await areasOf(target)).map(
      async (area) => (await target.api.get(`/api/workAreas/${area.id}/workAreaItems`)).body.workAreaItems as Row[],
    ),
  );
  return lists.flat();
}

const ok = (res: { status: number; raw: string }) => expect(res.status, res.raw).toBeLessThan(300);

/** One edit an office makes, chosen by `pick`: an item or area added, changed or deleted, notes, the discount. */
export async function randomEdit(target: EditTarget, pick: number): Promise<void> {
  const { api, estimateID } = target;
  const areas = await areasOf(target);
  const area = areas[pick % areas.length];
  const items = await itemsOf(target);
  const item = items.length ? items[pick % items.length] : undefined;
  switch (pick % 8) {
    case 0:
      return ok(
        await api.post(`/api/workAreas/${area.id}/workAreaItems`, {
          name: `Line ${pick}`,
          quantity: (pick % 7) + 0.5,
          unitPrice: (pick % 90) + 0.99,
        }),
      );
    case 1:
      if (!item) return randomEdit(target, pick + 7);
      return ok(
        await api.put(`/api/workAreaItems/${item.id}`, { ...item, name: `${item.name}+`, quantity: (pick % 13) + 1, unitCost: pick % 11 }),
      );
    case 2:
      if (!item) return randomEdit(target, pick + 6);
      return ok(await api.del(`/api/workAreaItems/${item.id}`));
    case 3:
      return ok(
        await api.post(`/api/estimates/${estimateID}/workAreas`, { name: `Area ${pick}`, tax: TAX_CODES[pick % TAX_CODES.length] }),
      );
    case 4:
      return ok(
        await api.put(`/api/workAreas/${area.id}`, {
          ...area,
          name: `${area.name}*`,
          tax: TAX_CODES[pick % TAX_CODES.length],
          isIncluded: !area.isIncluded,
        }),
      );
    case 5:
      if (areas.length < 2) return randomEdit(target, pick + 3);
      return ok(await api.del(`/api/workAreas/${area.id}`));
    case 6:
      return ok(await api.put(`/api/workAreas/${area.id}/notes`, { notes: pick % 3 ? `<p>Note ${pick}</p>` : null }));
    default: {
      const estimate = (await api.get(`/api/estimates/${estimateID}`)).body;
      return ok(await api.put(`/api/estimates/${estimateID}`, { ...estimate, discount: pick % 30 }));
    }
  }
}

/** Requests with hostile revision parameters, and the field each 400 names. */
export function hostileRevisionParams(id: number): { path: { method: 'GET' | 'POST'; url: string; body?: unknown }; field?: string }[] {
  const compare = (query: string, field?: string) => ({
    path: { method: 'GET' as const, url: `/api/estimates/${id}/revisions/compare?${query}` },
    field,
  });
  const detail = (revision: string) => ({
    path: { method: 'GET' as const, url: `/api/estimates/${id}/revisions/${revision}` },
    field: 'revision',
  });
  const restore = (revision: string, body: unknown = {}, field = 'revision') => ({
    path: { method: 'POST' as const, url: `/api/estimates/${id}/revisions/${revision}/restore`, body },
    field,
  });
  const hostile = ['0', '-1', '1.5', '1e3', '2147483648', '99999999999999999999', 'abc', '%00', "1'%20OR%201=1", '%F0%9F%98%80', ' 1'];
  return [
    compare('', 'from'),
    compare('from=1', 'to'),
    compare('to=1', 'from'),
    compare('from=1&from=2&to=1', 'from'),
    compare('from[]=1&to=1', 'from'),
    compare('from=1&to=%00', 'to'),
    ...hostile.flatMap((value) => [
      compare(`from=${value}&to=1`, 'from'),
      compare(`from=1&to=${value}`, 'to'),
      detail(value),
      restore(value),
    ]),
    restore('1', { version: 'x' }, 'version'),
    restore('1', { version: -1 }, 'version'),
    restore('1', { version: 2 ** 40 }, 'version'),
    restore('1', [1, 2], ''),
    { path: { method: 'GET', url: '/api/estimates/abc/revisions' } },
    { path: { method: 'GET', url: '/api/estimates/0/revisions/1' } },
  ];
}
