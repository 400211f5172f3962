import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { pdfText } from '../helpers/pdfText';
import { browserSkipReason, expectAlert, signIn, useE2E } from './harness';
import { api } from './pageApi';

/**
 * A printed document that outlasts its request (issue 36): the server answers 202 with the job
 * that makes it, and the screen follows the job and opens the PDF (or saves the export) when it
 * is made. The server here answers every document that way (DOCUMENT_WAIT_SECONDS=0).
 */
describe.skipIf(browserSkipReason())('a document made by a job, in the browser', () => {
  const e2e = useE2E({ seedDemo: true, env: () => ({ DOCUMENT_WAIT_SECONDS: '0' }) });

  test('Print answers 202 with the job; the screen follows it and opens the materials list from GET /api/jobs/:id/file', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    const [estimate] = (await api<{ estimates: { id: number; number: number; projectName: string }[] }>(page, 'GET', '/estimates?limit=1'))
      .estimates;
    await page.goto(`/estimates/${estimate.id}/detail`);
    await page.getByRole('heading', { name: estimate.projectName }).waitFor();
    await page.getByRole('button', { name: 'Print' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print' });
    await dialog.getByRole('combobox', { name: 'Print Type' }).click();
    await page.getByRole('option', { name: 'Materials' }).click();

    // Only its status: Chromium may drop a body once the print's tab has opened, so the job's
    // id is read from the file the screen fetches, and checked against the job below.
    const queued = page.waitForResponse((r) => r.url().includes('/generateMaterialsPDF')).then((r) => r.status());
    const file = page
      .waitForResponse((r) => /\/api\/jobs\/\d+\/file$/.test(r.url()))
      .then(async (r) => ({ response: r, body: await r.body().catch(() => undefined) }));
    const newTab = page.context().waitForEvent('page');
    await dialog.getByRole('button', { name: 'Print' }).click();
    const tab = await newTab;
    expect(await queued).toBe(202);
    const { response, body } = await file;
    const jobID = Number(/\/api\/jobs\/(\d+)\/file$/.exec(response.url())![1]);
    expect(response.headers()['content-type']).toBe('application/pdf');
    await tab.waitForURL(/^blob:/);
    await expectAlert(page, 'Success', `Materials-${estimate.number}.pdf is open in a new tab.`);
    if (body) expect((await pdfText(body)).text).toContain('Materials');
    const job = await api<{ status: string; kind: string }>(page, 'GET', `/jobs/${jobID}`);
    expect(job).toMatchObject({ status: 'done', kind: 'estimateDocument' });
  });

  test('Export answers 202 with the job too; the list follows it and saves the CSV from GET /api/jobs/:id/file', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    const { count } = await api<{ count: number }>(page, 'GET', '/customers?limit=1');
    await page.goto('/customers');
    await page.getByRole('button', { name: 'Export' }).click();
    const queued = page.waitForResponse((r) => r.url().includes('/api/customers/export')).then((r) => r.status());
    const file = page.waitForResponse((r) => /\/api\/jobs\/\d+\/file$/.test(r.url()));
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /CSV/ }).click();
    expect(await queued).toBe(202);
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    // Not trim(): it takes the byte-order mark too.
    const lines = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^\ufeffID,Name,/);
    expect(lines).toHaveLength(1 + count);
    const jobID = Number(/\/api\/jobs\/(\d+)\/file$/.exec((await file).url())![1]);
    expect(await api<{ status: string; kind: string }>(page, 'GET', `/jobs/${jobID}`)).toMatchObject({
      status: 'done',
      kind: 'listExport',
    });
  });
});
