import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImportWizard } from '../../../src/resources/imports/ImportWizard';
import { ImportTab } from '../../../src/pages/settings/ImportTab';
import { dataProvider } from '../../../src/providers/dataProvider';
import { storeToken } from '../../../src/providers/sessionToken';
import { allowFailedCallLogs } from '../consoleErrors';
import { fakeFetch, json, makeToken, type FakeCall } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';

const COLUMNS = ['Customer', 'Street', 'Town', 'State', 'ZIP', 'Phone Number'];
const SUGGESTED = { name: 'Customer', address1: 'Street', city: null, state: 'State', zip: 'ZIP', contactPhone: 'Phone Number' };
const PREVIEW = {
  valid: 9,
  invalidRows: 1,
  counts: { create: 7, update: 1, skip: 1 },
  invalid: [{ row: 4, name: 'Acme Lawns', field: 'city', message: 'City is required.' }],
  duplicates: [
    { row: 7, name: 'Greenway HOA', existingID: 12, action: 'update' },
    { row: 9, name: 'Acme Lawns', existingID: null, sameAsRow: 4, action: 'skip' },
  ],
  notes: [
    {
      row: 3,
      name: 'Kevin Weaver',
      field: 'contactPhone',
      message: "Contact Phone: the first of 2 is imported; the others are kept in the contact's notes.",
    },
  ],
};
const LAYOUT = {
  id: 'quickbooksDesktop',
  label: 'QuickBooks Desktop customer list',
  message: 'Looks like a QuickBooks Desktop customer list',
};

const REFUSAL = 'This import cannot be undone: these records were changed or used since: customer "Acme" (#12).';
const HISTORY_ENTRY = {
  id: 5,
  kind: 'customers',
  fileName: 'qb.csv',
  userID: 1,
  userName: 'Terry Tester',
  createdAt: '2026-03-01T12:00:00Z',
  status: 'committed',
  rowCount: 10,
  duplicates: 'skip',
  created: 7,
  updated: 1,
  skipped: 2,
  committedAt: null,
  undoneAt: null,
  jobID: 40,
  error: null,
  progress: null,
};
/** The commit's job as GET /api/jobs/40 answers it, call after call: running, then `end`. */
function commitJobAnswers(end: object) {
  let asked = 0;
  return () => {
    asked += 1;
    if (asked === 1)
      return json(200, { id: 40, kind: 'importCommit', status: 'queued', progress: { done: null, total: null, phase: null } });
    if (asked === 2)
      return json(200, { id: 40, kind: 'importCommit', status: 'running', progress: { done: 4, total: 27, phase: 'Writing customers' } });
    if (asked === 3)
      return json(200, { id: 40, kind: 'importCommit', status: 'running', progress: { done: 9, total: 27, phase: 'Writing contacts' } });
    return json(200, { id: 40, kind: 'importCommit', progress: { done: 27, total: 27, phase: 'Writing sites' }, ...end });
  };
}

const committedJob = () => commitJobAnswers({ status: 'done', result: { created: 7, updated: 1, skipped: 2 } });

const READ_FILE = { id: 5, columns: COLUMNS, suggestedMapping: SUGGESTED, layout: LAYOUT, rowCount: 10 };

/** The reading job as GET /api/jobs/39 answers it: running once, then `end`. */
function readJobAnswers(end: object = { status: 'done', result: READ_FILE }) {
  let asked = 0;
  return () => {
    asked += 1;
    const phase = 'Reading the file';
    if (asked === 1) return json(200, { id: 39, kind: 'importRead', status: 'running', progress: { done: null, total: null, phase } });
    return json(200, { id: 39, kind: 'importRead', progress: { done: null, total: null, phase }, ...end });
  };
}

/** The reading job, done at the first asking. */
const fileRead = () =>
  json(200, { id: 39, kind: 'importRead', status: 'done', result: READ_FILE, progress: { done: null, total: null, phase: null } });

function answer(call: FakeCall, job: () => Response = committedJob(), readJob: () => Response = fileRead) {
  if (call.path === '/api/imports' && call.method === 'POST') return json(202, { id: 5, jobID: 39 });
  if (call.path === '/api/jobs/39') return readJob();
  if (call.path === '/api/imports/5/mapping') return json(200, PREVIEW);
  if (call.path === '/api/imports/5/commit') return json(202, { jobID: 40 });
  if (call.path === '/api/jobs/40') return job();
  if (call.path === '/api/jobs/40/cancel')
    return json(200, { id: 40, kind: 'importCommit', status: 'running', progress: { done: 9, total: 27, phase: null } });
  if (call.path === '/api/imports' && call.method === 'GET') return json(200, { imports: [HISTORY_ENTRY] });
  return json(404, { message: 'Not here.' });
}

const user = () => userEvent.setup();

beforeEach(() => storeToken(makeToken()));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the import wizard (issue 25)', () => {
  it('uploads the file as base64, preselects the suggested mapping, previews with the chosen duplicates mode and commits', async () => {
    const job = committedJob();
    const calls = fakeFetch((call) => answer(call, job));
    renderAdmin(<ImportWizard open kind="customers" onClose={() => {}} />, { dataProvider });
    const dialog = await screen.findByRole('dialog', { name: 'Import' });
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    await user().upload(
      within(dialog).getByLabelText('File'),
      new File(['Customer,Street\nAcme,1 Oak Ave\n'], 'qb.csv', { type: 'text/csv' }),
    );
    await user().click(upload);

    await within(dialog).findByText('10 rows. Choose the column of each field:');
    expect(within(dialog).getByText(/^Looks like a QuickBooks Desktop customer list/)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'City, State Zip' })).toHaveTextContent('Not imported');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ kind: 'customers', fileName: 'qb.csv', content: btoa('Customer,Street\nAcme,1 Oak Ave\n') });
    expect(within(dialog).getByRole('combobox', { name: 'Customer Name' })).toHaveTextContent('Customer');
    expect(within(dialog).getByRole('combobox', { name: 'City' })).toHaveTextContent('Not imported');

    await user().click(within(dialog).getByRole('combobox', { name: 'City' }));
    await user().click(await screen.findByRole('option', { name: 'Town' }));
    await user().click(within(dialog).getByRole('radio', { name: /Update the existing record/ }));
    await user().click(within(dialog).getByRole('button', { name: 'Preview' }));

    await within(dialog).findByText('10 rows: 7 will be created, 1 updated, 2 skipped (1 duplicate, 1 invalid row).');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/imports/5/mapping');
    expect(put?.body).toEqual({ mapping: { ...SUGGESTED, city: 'Town' }, duplicates: 'update' });
    const invalid = within(dialog).getByRole('table', { name: 'Invalid rows' });
    expect(within(invalid).getAllByRole('row')[1]).toHaveTextContent('4Acme LawnsCityCity is required.');
    const duplicates = within(dialog).getByRole('table', { name: 'Duplicates' });
    expect(within(duplicates).getAllByRole('row')[1]).toHaveTextContent('7Greenway HOA#12Updates the existing record');
    expect(within(duplicates).getAllByRole('row')[2]).toHaveTextContent(/^9Acme LawnsRow 4 of this file/);
    const notes = within(dialog).getByRole('table', { name: "Kept in the contact's notes" });
    expect(within(notes).getAllByRole('row')[1]).toHaveTextContent(/^3Kevin WeaverContact Phone: the first of 2/);
    // Each table scrolls sideways in a named region that is a Tab stop (axe: scrollable-region-focusable).
    for (const name of ['Invalid rows', 'Duplicates', "Kept in the contact's notes"])
      expect(within(dialog).getByRole('region', { name })).toHaveAttribute('tabindex', '0');

    await user().click(within(dialog).getByRole('button', { name: 'Import' }));
    // The commit is a job: its bar moves, in records written, until it is done.
    expect(await within(dialog).findByRole('progressbar', { name: /^Import of qb\.csv: 9 of 27 · Writing contacts/ })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    await within(dialog).findByText('7 created, 1 updated, 2 skipped.', {}, { timeout: 5_000 });
    expect(within(dialog).getByRole('link', { name: 'See the records' })).toHaveAttribute('href', '/customers');
    expect(calls.filter((c) => c.path === '/api/imports/5/commit')).toHaveLength(1);
  });

  it('the file chooser opens from the keyboard: a Tab stop that Enter and Space open', async () => {
    fakeFetch(answer);
    renderAdmin(<ImportWizard open kind="customers" onClose={() => {}} />, { dataProvider });
    const dialog = await screen.findByRole('dialog', { name: 'Import' });
    const input = within(dialog).getByLabelText('File') as HTMLInputElement;
    const opened = vi.spyOn(input, 'click').mockImplementation(() => {});
    const chooser = within(dialog).getByRole('button', { name: 'Choose a CSV or XLSX file' });
    const keyboard = user();
    for (let stops = 0; stops < 10 && document.activeElement !== chooser; stops++) await keyboard.tab();
    expect(chooser).toHaveFocus();
    await keyboard.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
    await keyboard.keyboard(' ');
    expect(opened).toHaveBeenCalledTimes(2);
  });

  it("shows the server's message when the upload is refused, and stays on the first step", async () => {
    allowFailedCallLogs(400);
    fakeFetch((call) =>
      call.path === '/api/imports'
        ? json(400, { message: 'The file is larger than 10 MB.', errors: { content: 'The file is larger than 10 MB.' } })
        : json(404, { message: 'Not here.' }),
    );
    renderAdmin(<ImportWizard open onClose={() => {}} />, { dataProvider });
    const dialog = await screen.findByRole('dialog', { name: 'Import' });
    await user().upload(within(dialog).getByLabelText('File'), new File(['\u0000\u0001'], 'x.csv'));
    await user().click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('The file is larger than 10 MB.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });

  it('shows the file being read, then why its reading refused it, and stays on the first step to choose another', async () => {
    const readJob = readJobAnswers({ status: 'failed', error: 'The file is not a CSV or XLSX file.' });
    fakeFetch((call) => answer(call, committedJob(), readJob));
    renderAdmin(<ImportWizard open onClose={() => {}} />, { dataProvider });
    const dialog = await screen.findByRole('dialog', { name: 'Import' });
    await user().upload(within(dialog).getByLabelText('File'), new File(['\u0000\u0001'], 'x.csv'));
    await user().click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('progressbar', { name: 'Reading x.csv: Reading the file' })).toBeInTheDocument();
    expect(await within(dialog).findByText('The file is not a CSV or XLSX file.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it('stops a running import when asked, saying nothing of it was kept, and can import again', async () => {
    const job = commitJobAnswers({ status: 'cancelled', error: 'Cancelled.' });
    const calls = fakeFetch((call) => answer(call, job));
    renderAdmin(<ImportWizard open kind="customers" onClose={() => {}} />, { dataProvider });
    const dialog = await screen.findByRole('dialog', { name: 'Import' });
    await user().upload(within(dialog).getByLabelText('File'), new File(['Customer\nAcme\n'], 'qb.csv', { type: 'text/csv' }));
    await user().click(within(dialog).getByRole('button', { name: 'Upload' }));
    await user().click(await within(dialog).findByRole('button', { name: 'Preview' }));
    await user().click(await within(dialog).findByRole('button', { name: 'Import' }));
    await within(dialog).findByRole('progressbar', { name: /^Import of qb\.csv/ });
    await user().click(within(dialog).getByRole('button', { name: 'Stop Import' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/jobs/40/cancel')).toBe(true));
    expect(await within(dialog).findByText('Import cancelled. Nothing of it was kept.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeEnabled();
  });
});

describe('Settings › Import history', () => {
  it('lists the imports and asks before undoing; a refusal names the records', async () => {
    let undoAsked = false;
    const calls = fakeFetch((call) => {
      if (call.path === '/api/imports/5' && call.method === 'DELETE') {
        undoAsked = true;
        return json(202, { jobID: 41 });
      }
      // The undo's job was refused: the import stays committed, saying why.
      if (call.path === '/api/imports' && call.method === 'GET' && undoAsked)
        return json(200, { imports: [{ ...HISTORY_ENTRY, jobID: 41, error: REFUSAL }] });
      return answer(call);
    });
    renderAdmin(<ImportTab />, { dataProvider });
    const table = await screen.findByRole('table', { name: 'Imports' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Terry Tester.*qb\.csv.*Customers.*Imported.*712/);
    await user().click(within(table).getByRole('button', { name: 'Undo qb.csv' }));
    const confirm = await screen.findByRole('dialog', { name: 'Undo Import' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user().click(within(confirm).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/imports/5')).toBe(true));
    expect(await screen.findByText(/cannot be undone: .*customer "Acme" \(#12\)/)).toBeInTheDocument();
  });

  it('shows an import being committed with its bar, after a reload too, and stops it when asked', async () => {
    const committing = { ...HISTORY_ENTRY, status: 'committing', progress: { done: 1200, total: 30000, phase: 'Writing customers' } };
    const calls = fakeFetch((call) => {
      if (call.path === '/api/imports' && call.method === 'GET') return json(200, { imports: [committing] });
      if (call.path === '/api/jobs/40/cancel')
        return json(200, { id: 40, kind: 'importCommit', status: 'running', progress: committing.progress });
      return answer(call);
    });
    renderAdmin(<ImportTab />, { dataProvider });
    const table = await screen.findByRole('table', { name: 'Imports' });
    expect(within(table).getByRole('progressbar', { name: 'Importing… qb.csv: 1,200 of 30,000 · Writing customers' })).toHaveAttribute(
      'aria-valuenow',
      '4',
    );
    expect(within(table).queryByRole('button', { name: 'Undo qb.csv' })).not.toBeInTheDocument();
    await user().click(within(table).getByRole('button', { name: 'Stop the import of qb.csv' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/jobs/40/cancel')).toBe(true));
  });

  it('shows a refused file with why, and discards it (and an import never committed) without a question', async () => {
    const refused = { ...HISTORY_ENTRY, id: 6, fileName: 'bomb.xlsx', status: 'refused', created: 0, updated: 0, skipped: 0 };
    const entry = { ...refused, error: 'The file has more than 50,000 rows.' };
    let discarded = false;
    const calls = fakeFetch((call) => {
      if (call.path === '/api/imports/6' && call.method === 'DELETE') {
        discarded = true;
        return json(202, { jobID: 42 });
      }
      if (call.path === '/api/imports' && call.method === 'GET') return json(200, { imports: discarded ? [] : [entry] });
      return answer(call);
    });
    renderAdmin(<ImportTab />, { dataProvider });
    const table = await screen.findByRole('table', { name: 'Imports' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/bomb\.xlsx.*Refused.*The file has more than 50,000 rows\./);
    expect(within(table).queryByRole('button', { name: 'Undo bomb.xlsx' })).not.toBeInTheDocument();
    await user().click(within(table).getByRole('button', { name: 'Discard bomb.xlsx' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/imports/6')).toBe(true));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('No imports yet.')).toBeInTheDocument();
  });
});
