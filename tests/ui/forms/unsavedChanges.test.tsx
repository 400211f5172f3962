/**
 * Issue 20 "the first hour", #2: every form and every modal with unsaved input asks before
 * the input is given up — leaving the screen, or closing the modal (Close, Escape) — with the
 * one question (tests/ui/unsavedQuestion.ts); cancelling keeps what was typed.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { EntityDetailPage } from '../../../src/admin/generic/EntityDetailPage';
import SettingsPage from '../../../src/pages/settings/SettingsPage';
import UserSettingsPage from '../../../src/pages/userSettings/UserSettingsPage';
import { authProvider } from '../../../src/providers/authProvider';
import { dataProvider } from '../../../src/providers/dataProvider';
import { TOKEN_STORAGE_KEY } from '../../../src/providers/sessionToken';
import { CustomerEdit } from '../../../src/resources/customers/CustomerEdit';
import { EstimateList } from '../../../src/resources/estimates/EstimateList';
import { ItemList } from '../../../src/resources/items/ItemList';
import { SiteEdit } from '../../../src/resources/sites/SiteEdit';
import { customers, sites, termsConditions } from '../../../src/schema';
import { FIXTURE_COMPANY } from '../../helpers/companyFixture';
import { AppListScreen } from '../appScreens';
import { fakeFetch, json, makeToken, officeDefaults } from '../fakeApi';
import { fakeDataProvider, renderAdmin, routes } from '../renderAdmin';
import { fakeEstimateApi } from '../estimates/estimateApi';
import { answerUnsavedQuestion, UNSAVED_CHANGES } from '../unsavedQuestion';
import { greenAcres, NO_MAIL_SETTINGS, northField } from '../officeRecords';

beforeAll(() => {
  // jsdom has no layout: ProseMirror measures the caret to scroll it into view on focus.
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});
afterEach(() => vi.unstubAllGlobals());

const customer = greenAcres;
const site = northField;
const term = { id: 4, name: 'Payment Terms', content: '<p>Net 30</p>', isAuto: 1, order: 1, version: 3 };
const item = { id: 3, name: 'Lawn mowing', description: 'Mow and trim', units: 'visit', cost: 25, price: 45, version: 2 };

const elsewhere = { '/elsewhere': <p>Somewhere else</p> };

/** Renders `screenElement` at `path` with the fake data provider of the screens below. */
function renderAt(path: string, route: string, screenElement: ReactNode) {
  const provider = fakeDataProvider({
    getOne: async (resource: string) => ({ data: { customers: customer, sites: site, termsConditions: term }[resource] }),
    getList: async (resource: string) =>
      resource === 'itemCatalog'
        ? { data: [item], total: 1 }
        : resource === 'customers'
          ? { data: [customer], total: 1 }
          : { data: [], total: 0 },
    getManyReference: async () => ({ data: [], total: 0 }),
    // No photos (issue 42).
    request: async (_method: string, path: string) => (path.endsWith('/photos') ? { photos: [] } : []),
  });
  return renderAdmin(routes({ [route]: screenElement, ...elsewhere }), { dataProvider: provider, initialEntries: [path] });
}

const textbox = (name: string, within_: HTMLElement = document.body) => within(within_).getByRole('textbox', { name });

interface ScreenCase {
  name: string;
  /** Renders the screen; answers the input the test types into. */
  open: () => Promise<{ input: () => HTMLInputElement; navigate: (to: string) => Promise<void>; location: () => string }>;
}

const editedScreens: ScreenCase[] = [
  {
    name: 'customer detail',
    open: async () => {
      const r = renderAt('/customers/5', '/customers/:id', <CustomerEdit />);
      await screen.findByRole('heading', { name: 'Green Acres Estate' });
      return { input: () => textbox('Name') as HTMLInputElement, ...r };
    },
  },
  {
    name: 'site detail',
    open: async () => {
      const r = renderAt('/sites/9', '/sites/:id', <SiteEdit />);
      await screen.findByRole('heading', { name: 'North Field' });
      return { input: () => textbox('Name') as HTMLInputElement, ...r };
    },
  },
  {
    name: 'term & condition detail',
    open: async () => {
      const r = renderAt('/termsConditions/4', '/termsConditions/:id', <EntityDetailPage entity={termsConditions} />);
      await screen.findByRole('heading', { name: 'Payment Terms' });
      return { input: () => textbox('Name') as HTMLInputElement, ...r };
    },
  },
  {
    name: 'item editor',
    open: async () => {
      const r = renderAt('/itemCatalog', '/itemCatalog', <ItemList />);
      await userEvent.setup().click(await screen.findByText('Lawn mowing'));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Item' });
      await within(dialog).findByRole('textbox', { name: 'Name' });
      return { input: () => textbox('Name', dialog) as HTMLInputElement, ...r };
    },
  },
  {
    name: 'company (Settings › Company)',
    open: async () => {
      fakeFetch((call) =>
        call.method === 'GET' && call.path === '/api/company'
          ? json(200, { id: 1, version: 3, ...FIXTURE_COMPANY, logo: null })
          : call.method === 'GET' && call.path === '/api/company/mail'
            ? json(200, NO_MAIL_SETTINGS)
            : (officeDefaults(call) ?? json(404, { message: 'not here' })),
      );
      const r = renderAdmin(routes({ '/settings': <SettingsPage />, ...elsewhere }), { dataProvider, initialEntries: ['/settings'] });
      fireEvent.click(screen.getByRole('tab', { name: 'Company' }));
      await screen.findByDisplayValue(FIXTURE_COMPANY.name);
      return { input: () => screen.getByRole('textbox', { name: /^Company Name/ }) as HTMLInputElement, ...r };
    },
  },
  {
    name: 'user settings (password)',
    open: async () => {
      // The page's other card reads the user's details.
      fakeFetch(({ method, path }) =>
        method === 'GET' && path === '/api/users/me'
          ? json(200, { firstName: 'Terry', lastName: 'Tester', email: null, phone: null })
          : json(404, { message: 'not here' }),
      );
      const r = renderAdmin(routes({ '/user-settings': <UserSettingsPage />, ...elsewhere }), {
        dataProvider,
        initialEntries: ['/user-settings'],
      });
      await screen.findByText('Password');
      return { input: () => screen.getByLabelText('Current Password') as HTMLInputElement, ...r };
    },
  },
];

describe.each(editedScreens)('leaving the $name', ({ open }) => {
  it('with unsaved input asks first; cancelling keeps the input, agreeing leaves', async () => {
    const confirm = answerUnsavedQuestion(false);
    const { input, navigate, location } = await open();
    const before = location();
    fireEvent.change(input(), { target: { value: 'Typed and not saved' } });
    await navigate('/elsewhere');
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES));
    expect(location()).toBe(before);
    expect(input()).toHaveValue('Typed and not saved');

    answerUnsavedQuestion(true);
    await navigate('/elsewhere');
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(location()).toBe('/elsewhere'));
  });

  it('unchanged, leaves without asking', async () => {
    const confirm = answerUnsavedQuestion(false);
    const { navigate, location } = await open();
    await navigate('/elsewhere');
    await waitFor(() => expect(location()).toBe('/elsewhere'));
    expect(confirm).not.toHaveBeenCalled();
  });
});

describe('a saved form', () => {
  it('leaves without asking once its changes are saved (customer detail)', async () => {
    const confirm = answerUnsavedQuestion(false);
    const update = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
      data: { ...customer, ...params.data, version: 4 },
    }));
    const provider = fakeDataProvider({
      getOne: async () => ({ data: customer }),
      getManyReference: async () => ({ data: [], total: 0 }),
      update,
    });
    const { navigate, location } = renderAdmin(routes({ '/customers/:id': <CustomerEdit />, ...elsewhere }), {
      dataProvider: provider,
      initialEntries: ['/customers/5'],
    });
    await screen.findByRole('heading', { name: 'Green Acres Estate' });
    fireEvent.change(textbox('Name'), { target: { value: 'Green Acres Estates' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    await screen.findByRole('heading', { name: 'Green Acres Estates' });
    await navigate('/elsewhere');
    await waitFor(() => expect(location()).toBe('/elsewhere'));
    expect(confirm).not.toHaveBeenCalled();
  });
});

interface ModalCase {
  name: string;
  /** Renders the screen and opens the modal; answers it and its first input. */
  open: () => Promise<{ dialog: HTMLElement; input: () => HTMLInputElement }>;
}

async function openFromList(
  listElement: ReactNode,
  path: string,
  button: string,
  title: string,
  inputName: string,
): Promise<{ dialog: HTMLElement; input: () => HTMLInputElement }> {
  renderAt(path, path, listElement);
  await userEvent.setup().click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: title });
  return { dialog, input: () => within(dialog).getByRole('textbox', { name: inputName }) as HTMLInputElement };
}

const modals: ModalCase[] = [
  {
    name: 'New Customer',
    open: () => openFromList(<AppListScreen entity={customers} />, '/customers', 'New Customer', 'New Customer', 'Name'),
  },
  { name: 'New Site', open: () => openFromList(<AppListScreen entity={sites} />, '/sites', 'New Site', 'New Site', 'Name') },
  { name: 'Item editor', open: () => openFromList(<ItemList />, '/itemCatalog', 'New Item', 'New Item', 'Name') },
  {
    name: 'New Term & Condition',
    open: () =>
      openFromList(<AppListScreen entity={termsConditions} />, '/termsConditions', 'New Term & Condition', 'New Term & Condition', 'Name'),
  },
  {
    name: 'New Estimate',
    open: async () => {
      sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
      const api = fakeEstimateApi();
      api.override('GET', '/api/estimates', () => json(200, { estimates: [], count: 0 }));
      renderAdmin(routes({ '/estimates': <EstimateList /> }), { dataProvider, authProvider, initialEntries: ['/estimates'] });
      await userEvent.setup().click(await screen.findByRole('button', { name: 'New Estimate' }));
      const dialog = await screen.findByRole('dialog', { name: 'New Estimate' });
      return { dialog, input: () => within(dialog).getByRole('textbox', { name: 'Project Name' }) as HTMLInputElement };
    },
  },
];

describe.each(modals)('closing the $name modal', ({ open }) => {
  it('with typed input, Close and Escape ask first; cancelling keeps the input, agreeing closes', async () => {
    const user = userEvent.setup();
    const confirm = answerUnsavedQuestion(false);
    const { dialog, input } = await open();
    fireEvent.change(input(), { target: { value: 'Typed and not saved' } });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(input()).toHaveValue('Typed and not saved');

    answerUnsavedQuestion(true);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('untouched, closes without asking', async () => {
    const user = userEvent.setup();
    const confirm = answerUnsavedQuestion(false);
    const { dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(confirm).not.toHaveBeenCalled();
  });
});
