import type { Page, Response } from 'playwright-core';

/**
 * An API call as the signed-in page makes it: with its token and anti-forgery header. Fails
 * on any answer other than 2xx, with the status and the body.
 */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice('XSRF-TOKEN='.length) ?? '';
      const response = await fetch(`/api${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${sessionStorage.getItem('IDToken')}`,
          'Content-Type': 'application/json',
          'X-XSRF-TOKEN': decodeURIComponent(xsrf),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.status === 204 ? null : response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/** Sends estimate `estimateID`'s proposal through the API (Work Area Prices Only, with approval, 10 days): its link. */
export async function sendProposalByApi(page: Page, estimateID: number, changes: Record<string, unknown> = {}): Promise<{ link: string }> {
  return api<{ link: string }>(page, 'POST', `/estimates/${estimateID}/proposals`, {
    printType: 'WORK_AREA_PRICE_ONLY',
    approval: true,
    tcIDs: [],
    to: ['board@oakcourt.example'],
    subject: 'Your proposal',
    message: 'Please review.',
    validUntil: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    ...changes,
  });
}

/**
 * Prints a proposal (`print` clicks the Print dialog's button) and answers the new tab it opens,
 * the response and the PDF's bytes. The body is read as soon as the response is seen: once the
 * tab shows the PDF, Chromium may have let go of it; then the same URL is asked for again with
 * the user's token.
 */
export async function printedProposal(page: Page, print: () => Promise<void>): Promise<{ tab: Page; response: Response; pdf: Buffer }> {
  const newTab = page.context().waitForEvent('page');
  const pdfResponse = page
    .waitForResponse((r) => r.url().includes('/generateEstimateProposal'))
    .then(async (r) => ({ response: r, body: await r.body().catch(() => undefined) }));
  await print();
  const tab = await newTab;
  const { response, body } = await pdfResponse;
  const pdf =
    body ??
    Buffer.from(
      await page.evaluate(async (url) => {
        const res = await fetch(url, { headers: { Authorization: `Bearer ${sessionStorage.getItem('IDToken')}` } });
        return Array.from(new Uint8Array(await res.arrayBuffer()));
      }, response.url()),
    );
  return { tab, response, pdf };
}

/** A customer with a site and an estimate of one mowing line, through the API. */
export async function estimateFor(page: Page, customerName: string, projectName: string, unitPrice: number) {
  const [me] = (await api<{ id: number; username: string }[]>(page, 'GET', '/users')).filter((u) => u.username === 'admin');
  const address = { address1: '1 Main St', city: 'Trenton', state: 'NJ', zip: '08608' };
  const { id: customerID } = await api<{ id: number }>(page, 'POST', '/customers', { name: customerName, type: 1, ...address });
  const { id: siteID } = await api<{ id: number }>(page, 'POST', `/customers/${customerID}/sites`, {
    name: `${customerName} Lot`,
    ...address,
  });
  const { id } = await api<{ id: number }>(page, 'POST', `/sites/${siteID}/estimates`, {
    projectName,
    salesperson: me.id,
    estimator: me.id,
  });
  const { id: areaID } = await api<{ id: number }>(page, 'POST', `/estimates/${id}/workAreas`, {
    name: 'Lot',
    tax: 'NJ',
    isIncluded: true,
  });
  await api(page, 'POST', `/workAreas/${areaID}/workAreaItems`, { name: 'Plowing', quantity: 10, units: 'push', unitCost: 40, unitPrice });
  return { id, customerID, siteID };
}
