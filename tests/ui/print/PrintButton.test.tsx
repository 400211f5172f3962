import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { PrintButton } from '../../../src/resources/estimates/print/PrintButton';
import { dataProvider } from '../../../src/providers/dataProvider';
import { storeToken } from '../../../src/providers/sessionToken';
import { allowFailedCallLogs } from '../consoleErrors';
import { fakeFetch, json, makeToken, type FakeCall } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';

const TERMS = [
  { id: 11, name: 'Payment Terms', isAuto: 1, order: 1 },
  { id: 12, name: 'Plant Warranty', isAuto: 0, order: 2 },
  { id: 13, name: 'Acceptance', isAuto: 1, order: 3 },
];
const ESTIMATE = { id: 5, number: 1042, projectName: 'Spring Refresh' };
const PDF_BYTES = new TextEncoder().encode('%PDF-1.3 fake proposal bytes %%EOF');

interface FakeTab {
  document: Document;
  location: { replace: ReturnType<typeof vi.fn> };
  close: ReturnType<typeof vi.fn>;
  closed: boolean;
}

let tab: FakeTab;
let openSpy: ReturnType<typeof vi.spyOn>;
let savedLinks: { href: string; download: string }[];

function pdfResponse(name = 'Proposal-1042.pdf'): Response {
  return new Response(PDF_BYTES, {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${name}"`,
      'Content-Length': String(PDF_BYTES.length),
    },
  });
}

function renderButton(
  answer: (call: FakeCall) => Response = (call) =>
    call.path.endsWith('/termsConditions') ? json(200, { termsConditions: TERMS, count: 3 }) : pdfResponse(),
) {
  const calls = fakeFetch(answer);
  renderAdmin(<PrintButton estimate={ESTIMATE} />, { dataProvider, alerts: true });
  return calls;
}

const user = () => userEvent.setup();

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Print' }));
  const dialog = await screen.findByRole('dialog', { name: 'Print' });
  await within(dialog).findByRole('checkbox', { name: 'Payment Terms' });
  return dialog;
}

async function chooseType(dialog: HTMLElement, label: string) {
  await user().click(within(dialog).getByRole('combobox', { name: 'Print Type' }));
  await user().click(await screen.findByRole('option', { name: label }));
}

const printCall = (calls: FakeCall[]) => calls.find((call) => call.path.startsWith('/api/estimates/'));

beforeEach(() => {
  storeToken(makeToken());
  tab = { document: document.implementation.createHTMLDocument(''), location: { replace: vi.fn() }, close: vi.fn(), closed: false };
  openSpy = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/pdf-1');
  URL.revokeObjectURL = vi.fn();
  savedLinks = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    savedLinks.push({ href: this.href, download: this.download });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the print modal (SPEC §4 Printing)', () => {
  it('starts at Total Price Only, no approval question, every term in order with the always-included ones ticked', async () => {
    renderButton();
    const dialog = await openDialog();
    expect(within(dialog).getByRole('combobox', { name: 'Print Type' })).toHaveTextContent('Total Price Only');
    expect(within(dialog).queryByText('Ask for Approval')).toBeNull();
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual(['Payment Terms', 'Plant Warranty', 'Acceptance']);
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, false, true]);
  });

  it('offers the four print types; asks for approval (Yes by default) only for Work Area Prices Only', async () => {
    renderButton();
    const dialog = await openDialog();
    await user().click(within(dialog).getByRole('combobox', { name: 'Print Type' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Total Price Only',
      'Work Area Prices Only',
      'Work Areas Only, No Prices',
      'Materials',
    ]);
    await user().click(screen.getByRole('option', { name: 'Work Area Prices Only' }));
    const group = within(dialog).getByRole('radiogroup', { name: 'Ask for Approval' });
    expect(within(group).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'No' })).not.toBeChecked();
    await chooseType(dialog, 'Work Areas Only, No Prices');
    expect(within(dialog).queryByRole('radiogroup', { name: 'Ask for Approval' })).toBeNull();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(3);
  });

  it('has no terms for Materials, and prints the materials list', async () => {
    const calls = renderButton((call) =>
      call.path.endsWith('/termsConditions') ? json(200, { termsConditions: TERMS, count: 3 }) : pdfResponse('Materials-1042.pdf'),
    );
    const dialog = await openDialog();
    await chooseType(dialog, 'Materials');
    expect(within(dialog).queryByText('Terms & Conditions')).toBeNull();
    expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(dialog).queryByText('Ask for Approval')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith('blob:http://localhost/pdf-1'));
    expect(printCall(calls)).toMatchObject({ method: 'GET', path: '/api/estimates/5/generateMaterialsPDF' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Materials-1042.pdf is open in a new tab.');
  });

  it('prints the chosen proposal with the token, in a tab opened by the click, and shows the download in the progress channel', async () => {
    const calls = renderButton();
    const dialog = await openDialog();
    await chooseType(dialog, 'Work Area Prices Only');
    await user().click(within(dialog).getByRole('radio', { name: 'No' }));
    await user().click(within(dialog).getByRole('checkbox', { name: 'Plant Warranty' }));
    await user().click(within(dialog).getByRole('checkbox', { name: 'Payment Terms' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print' }));

    expect(openSpy).toHaveBeenCalledWith('', '_blank');
    expect(tab.document.body.textContent).toBe('Preparing Proposal-1042.pdf…');
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith('blob:http://localhost/pdf-1'));
    const call = printCall(calls)!;
    expect(call.path).toBe('/api/estimates/5/generateEstimateProposal');
    expect(Object.fromEntries(call.query)).toEqual({ printType: 'WORK_AREA_PRICE_ONLY', approval: 'false', tcIDs: '[12,13]' });
    expect(call.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(getAlertState().progress).toEqual({ loaded: PDF_BYTES.length, total: PDF_BYTES.length, kind: 'Download' });
    expect(await screen.findByRole('alert')).toHaveTextContent('SuccessProposal-1042.pdf is open in a new tab.');
    expect(screen.getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.queryByRole('dialog', { name: 'Print' })).toBeNull();
    const blob = (URL.createObjectURL as ReturnType<typeof vi.fn>).mock.calls[0][0] as Blob;
    expect(blob.type).toBe('application/pdf');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([...PDF_BYTES]);
  });

  it('a long document (202: its job) is followed until it is made, then opened from the job (issue 36)', async () => {
    let asked = 0;
    const calls = renderButton((call) => {
      if (call.path.endsWith('/termsConditions')) return json(200, { termsConditions: TERMS, count: 3 });
      if (call.path === '/api/estimates/5/generateMaterialsPDF') return json(202, { jobID: 77 });
      if (call.path === '/api/jobs/77') {
        asked += 1;
        const done = asked > 1;
        return json(200, {
          id: 77,
          kind: 'estimateDocument',
          status: done ? 'done' : 'running',
          progress: { done: null, total: null, phase: null },
        });
      }
      if (call.path === '/api/jobs/77/file') return pdfResponse('Materials-1042.pdf');
      return json(404, { message: 'Not here.' });
    });
    const dialog = await openDialog();
    await chooseType(dialog, 'Materials');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith('blob:http://localhost/pdf-1'), { timeout: 5_000 });
    expect(calls.map((call) => call.path).filter((path) => !path.endsWith('/termsConditions'))).toEqual([
      '/api/estimates/5/generateMaterialsPDF',
      '/api/jobs/77',
      '/api/jobs/77',
      '/api/jobs/77/file',
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Materials-1042.pdf is open in a new tab.');
  });

  it('a long document whose job fails closes the tab and says why', async () => {
    const why = 'This document is too large to prepare. Leave out some work areas and try again.';
    allowFailedCallLogs(422);
    renderButton((call) => {
      if (call.path.endsWith('/termsConditions')) return json(200, { termsConditions: TERMS, count: 3 });
      if (call.path === '/api/jobs/78')
        return json(200, {
          id: 78,
          kind: 'estimateDocument',
          status: 'failed',
          progress: { done: null, total: null, phase: null },
          error: why,
        });
      return json(202, { jobID: 78 });
    });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(why);
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.replace).not.toHaveBeenCalled();
  });

  it('approval stays Yes unless changed; the defaults come back each time the modal opens', async () => {
    const calls = renderButton();
    let dialog = await openDialog();
    await chooseType(dialog, 'Work Area Prices Only');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(printCall(calls)).toBeDefined());
    expect(Object.fromEntries(printCall(calls)!.query)).toEqual({ printType: 'WORK_AREA_PRICE_ONLY', approval: 'true', tcIDs: '[11,13]' });
    await screen.findByRole('alert');

    dialog = await openDialog();
    expect(within(dialog).getByRole('combobox', { name: 'Print Type' })).toHaveTextContent('Total Price Only');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Print' })).toBeNull());
  });

  it('saves the file instead where the browser blocks the new tab', async () => {
    openSpy.mockImplementation(() => null);
    renderButton();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Proposal-1042.pdf downloaded.');
    expect(savedLinks).toEqual([{ href: 'blob:http://localhost/pdf-1', download: 'Proposal-1042.pdf' }]);
  });

  it("closes the tab and shows the server's message when printing is refused", async () => {
    allowFailedCallLogs(400);
    renderButton((call) =>
      call.path.endsWith('/termsConditions')
        ? json(200, { termsConditions: TERMS, count: 3 })
        : json(400, { message: 'tcIDs names a term & condition that does not exist: 13.' }),
    );
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('WarningtcIDs names a term & condition that does not exist: 13.');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.replace).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
  });

  it('says when there are no terms yet, and still prints', async () => {
    const calls = renderButton((call) =>
      call.path.endsWith('/termsConditions') ? json(200, { termsConditions: [], count: 0 }) : pdfResponse(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print' });
    expect(await within(dialog).findByText('No terms & conditions yet.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(printCall(calls)).toBeDefined());
    expect(printCall(calls)!.query.get('tcIDs')).toBe('[]');
    await screen.findByRole('alert');
  });
});
