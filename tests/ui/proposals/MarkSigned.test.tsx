import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProposalsPanel } from '../../../src/resources/estimates/proposals/ProposalsPanel';
import { dataProvider } from '../../../src/providers/dataProvider';
import { storeToken } from '../../../src/providers/sessionToken';
import { fakeFetch, json, makeToken, type FakeCall } from '../fakeApi';
import { renderAdmin, routes } from '../renderAdmin';

const AREAS = [
  { id: 11, estimateID: 5, name: 'Mowing', tax: 'NJ', isIncluded: true, subtotal: 1350, notes: null, version: 1 },
  { id: 12, estimateID: 5, name: 'Annual Flowers', tax: 'NJ', isIncluded: true, subtotal: 400, notes: null, version: 1 },
];

function renderPanel(agreements: unknown[] = []) {
  const calls = fakeFetch((call: FakeCall) => {
    if (call.path === '/api/estimates/5/proposals') return json(200, { proposals: [] });
    if (call.path === '/api/estimates/5/agreements') return json(200, { agreements, count: agreements.length });
    if (call.path === '/api/estimates/5/workAreas') return json(200, { workAreas: AREAS, count: AREAS.length });
    if (call.path === '/api/estimates/5/markSigned') return json(201, { id: 9 });
    if (call.path === '/api/agreements/9/scan') return json(200, { contentType: 'application/pdf', bytes: 9, sha256: 'x' });
    if (call.path === '/api/mail/failed') return json(200, { mails: [] });
    return json(404, { message: `Not here: ${call.method} ${call.path}` });
  });
  const view = renderAdmin(
    routes({ '/estimates/5/detail': <ProposalsPanel estimate={{ id: 5 }} />, '/agreements/9': <p>Agreement 9</p> }),
    {
      dataProvider,
      alerts: true,
      initialEntries: ['/estimates/5/detail'],
    },
  );
  return { calls, ...view };
}

beforeEach(() => storeToken(makeToken()));
afterEach(() => vi.unstubAllGlobals());

describe('Mark Signed on paper (issue 40)', () => {
  it('links the agreements the estimate’s signatures made', async () => {
    renderPanel([{ id: 9, number: 1009, status: 'active' }]);
    const link = await screen.findByRole('link', { name: /Agreement 1009/ });
    expect(link).toHaveAttribute('href', '/agreements/9');
  });

  it('sends the signer, the day and the areas signed for, uploads the scan, and opens the agreement', async () => {
    const user = userEvent.setup();
    const { calls } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Mark Signed…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Signed on Paper' });
    await user.type(within(dialog).getByLabelText('Signer Name'), 'Pat Paper');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Annual Flowers' }));
    const scan = new File(['%PDF-1.4 signed'], 'signed.pdf', { type: 'application/pdf' });
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, scan);
    expect(within(dialog).getByText('signed.pdf')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark Signed' }));
    await screen.findByText('Agreement 9');
    const marked = calls.find((call) => call.path === '/api/estimates/5/markSigned')!;
    expect(marked.body).toMatchObject({ signerName: 'Pat Paper', acceptedWorkAreaIDs: [11] });
    expect((marked.body as { signedOn: string }).signedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT' && call.path === '/api/agreements/9/scan')).toBe(true));
  });
});
