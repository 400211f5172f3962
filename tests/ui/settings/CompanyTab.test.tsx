import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGO_MAX_BYTES, logoMessages } from '../../../src/domain/companyLogo';
import SettingsPage from '../../../src/pages/settings/SettingsPage';
import { authProvider } from '../../../src/providers/authProvider';
import { dataProvider } from '../../../src/providers/dataProvider';
import { storeToken } from '../../../src/providers/sessionToken';
import { allowFailedCallLogs } from '../consoleErrors';
import { fakeFetch, json, makeToken, noContent, type FakeCall, officeDefaults } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';
import { FIXTURE_COMPANY } from '../../helpers/companyFixture';
import { NO_MAIL_SETTINGS } from '../officeRecords';

const PROFILE = {
  id: 1,
  version: 3,
  ...FIXTURE_COMPANY,
  logo: { contentType: 'image/png', size: 6289, updatedAt: '2025-05-01T12:00:00.000Z' },
};
const PNG_BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

let profile: typeof PROFILE | (Omit<typeof PROFILE, 'logo'> & { logo: null });

function renderTab(answer?: (call: FakeCall) => Response | undefined) {
  const calls = fakeFetch((call) => {
    const given = answer?.(call);
    if (given) return given;
    if (call.path === '/api/company' && call.method === 'GET') return json(200, profile);
    if (call.path === '/api/company/mail' && call.method === 'GET') return json(200, NO_MAIL_SETTINGS);
    if (officeDefaults(call)) return officeDefaults(call)!;
    if (call.path === '/api/company/logo' && call.method === 'GET')
      return new Response(PNG_BYTES, { status: 200, headers: { 'Content-Type': 'image/png' } });
    if (call.path === '/api/company' && call.method === 'PUT')
      return json(200, { ...profile, ...(call.body as object), version: profile.version + 1 });
    if (call.path === '/api/company/logo' && call.method === 'PUT') return json(200, profile.logo);
    if (call.path === '/api/company/logo' && call.method === 'DELETE') return noContent();
    return json(404, { message: 'not here' });
  });
  renderAdmin(<SettingsPage />, { dataProvider, authProvider, alerts: true });
  fireEvent.click(screen.getByRole('tab', { name: 'Company' }));
  return calls;
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const writes = (calls: FakeCall[]) => calls.filter((call) => call.method !== 'GET');

async function chooseFile(bytes: Uint8Array, name: string, type: string) {
  const input = screen.getByLabelText('Logo file') as HTMLInputElement;
  const file = new File([bytes as BlobPart], name, { type });
  await userEvent.setup({ applyAccept: false }).upload(input, file);
}

beforeEach(() => {
  storeToken(makeToken());
  profile = { ...PROFILE };
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/logo-1');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Settings → Company', () => {
  it('is a tab of the Settings page, with the stored details and the logo', async () => {
    renderTab();
    expect(screen.getByRole('heading', { name: /^Version \d+\.\d+\.\d+$/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Company' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(field('Company Name').value).toBe(PROFILE.name));
    expect(screen.getByRole('combobox', { name: /^Address 1/ })).toHaveValue('1200 Route 33');
    expect(field('City').value).toBe('Hamilton');
    expect(screen.getByRole('combobox', { name: /^State/ })).toHaveTextContent('New Jersey');
    expect(field('Phone').value).toBe('(609) 555-0142');
    expect(field('Email').value).toBe('office@greenfield.example');
    expect(field('Website').value).toBe('www.greenfield.example');
    expect(await screen.findByRole('img', { name: 'Company logo' })).toHaveAttribute('src', 'blob:http://localhost/logo-1');
  });

  it("saves with the version it was read at and says 'Company Profile Saved'", async () => {
    const calls = renderTab();
    await waitFor(() => expect(field('Company Name').value).toBe(PROFILE.name));
    fireEvent.change(field('Company Name'), { target: { value: 'Greenfield Grounds' } });
    fireEvent.change(field('Website'), { target: { value: 'https://greenfield.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('SuccessCompany Profile Saved');
    const put = writes(calls)[0];
    expect(put).toMatchObject({ method: 'PUT', path: '/api/company' });
    expect(put.body).toMatchObject({ name: 'Greenfield Grounds', website: 'https://greenfield.example', version: 3, city: 'Hamilton' });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/company' && c.method === 'GET')).toHaveLength(2));
  });

  it("checks the fields before sending: required, email and website forms, 'Form is invalid.'", async () => {
    const calls = renderTab();
    await waitFor(() => expect(field('Company Name').value).toBe(PROFILE.name));
    fireEvent.change(field('Company Name'), { target: { value: ' ' } });
    fireEvent.change(field('Email'), { target: { value: 'office at greenfield' } });
    fireEvent.change(field('Website'), { target: { value: 'not a site' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Company Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is invalid.')).toBeInTheDocument();
    expect(screen.getByText('Website is invalid.')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('WarningForm is invalid.');
    expect(writes(calls)).toHaveLength(0);
  });

  it("shows the server's field messages under their fields", async () => {
    allowFailedCallLogs(400);
    renderTab((call) =>
      call.method === 'PUT' && call.path === '/api/company'
        ? json(400, { message: 'Form is invalid.', errors: { phone: 'Phone must be a 10-digit number, (000) 000-0000.' } })
        : undefined,
    );
    await waitFor(() => expect(field('Company Name').value).toBe(PROFILE.name));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Phone must be a 10-digit number, (000) 000-0000.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('WarningForm is invalid.');
  });

  it("shows a conflict's message, keeping what was typed", async () => {
    allowFailedCallLogs(409);
    renderTab((call) =>
      call.method === 'PUT' && call.path === '/api/company'
        ? json(409, { message: 'This company profile was changed by someone else since you opened it. Reload it to see their changes.' })
        : undefined,
    );
    await waitFor(() => expect(field('Company Name').value).toBe(PROFILE.name));
    fireEvent.change(field('Company Name'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This company profile was changed by someone else');
    expect(field('Company Name').value).toBe('Mine');
  });

  it('uploads a PNG as its bytes with its type, and refuses a renamed text file or a file over 1 MB without sending it', async () => {
    const calls = renderTab();
    await screen.findByRole('img', { name: 'Company logo' });
    await chooseFile(new TextEncoder().encode('just some text'), 'logo.png', 'image/png');
    expect(await screen.findByRole('alert')).toHaveTextContent(logoMessages.wrongType);
    const huge = new Uint8Array(LOGO_MAX_BYTES + 1);
    huge.set(PNG_BYTES);
    await chooseFile(huge, 'big.png', 'image/png');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(logoMessages.tooLarge));
    expect(writes(calls)).toHaveLength(0);

    await chooseFile(PNG_BYTES, 'logo.jpg', 'image/jpeg');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('SuccessLogo Saved'));
    const put = writes(calls)[0];
    expect(put).toMatchObject({ method: 'PUT', path: '/api/company/logo' });
    expect(put.body).toBeInstanceOf(Blob);
    expect((put.body as Blob).type).toBe('image/png');
  });

  it('removes the logo after asking', async () => {
    const calls = renderTab();
    await screen.findByRole('img', { name: 'Company logo' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Logo' });
    expect(dialog).toHaveTextContent('Are you sure you would like to remove the logo?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('SuccessLogo Removed');
    expect(writes(calls)).toMatchObject([{ method: 'DELETE', path: '/api/company/logo' }]);
  });

  it('before the first save: blank fields, version 0 sent, and no logo upload yet', async () => {
    profile = { ...PROFILE, version: 0, name: null as unknown as string, logo: null };
    const calls = renderTab();
    expect(await screen.findByText('Save the company details first; the logo goes with them.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Logo' })).toHaveAttribute('aria-disabled', 'true');
    expect(field('Company Name').value).toBe('');
    fireEvent.change(field('Company Name'), { target: { value: 'New Co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('alert');
    expect(writes(calls)[0].body).toMatchObject({ name: 'New Co', version: 0 });
  });
});
