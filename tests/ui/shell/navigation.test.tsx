import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLayout } from '../../../src/admin/layout/AppLayout';
import { navigationEntries } from '../../../src/navigationEntries';
import { authProvider } from '../../../src/providers/authProvider';
import { NavigationBridge } from '../../../src/providers/navigation';
import { TOKEN_STORAGE_KEY } from '../../../src/providers/sessionToken';
import { makeToken } from '../fakeApi';

/** SPEC §2 "Navigation shell": entries in order, with their routes. */
const SPEC_ENTRIES: [string, string][] = [
  ['Home', '/home'],
  ['Customers', '/customers'],
  ['Sites', '/sites'],
  ['Estimates', '/estimates'],
  ['Operations', '/operations'],
  ['Item Catalog', '/itemCatalog'],
  ['Services', '/services'],
  ['Terms & Conditions', '/termsConditions'],
  // Issue 40: the season's agreements, their visits and their billing.
  ['Agreements', '/agreements'],
  ['Schedule', '/schedule'],
  ['Billing', '/billing'],
  // Issue 41: the storms, their boards and close-outs.
  ['Storms', '/storms'],
  ['User Settings', '/user-settings'],
  ['Settings', '/settings'],
];

afterEach(() => vi.unstubAllGlobals());

function renderShell(path = '/home') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AdminContext authProvider={authProvider} i18nProvider={defaultI18nProvider} store={memoryStore()}>
            <NavigationBridge />
            <AppLayout navigation={navigationEntries}>
              <p>Page content</p>
            </AppLayout>
          </AdminContext>
        ),
      },
    ],
    { initialEntries: ['/customers', path], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Makes MUI's useMediaQuery see a phone (narrower than the `sm` breakpoint, 600px). */
function emulatePhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width:\s*599\.95px/.test(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

const sideNavigation = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('desktop side navigation', () => {
  it('lists the entries of SPEC §2 in order, each linking to its route, then Sign Out', () => {
    renderShell();
    const nav = sideNavigation();
    const links = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-label') !== 'Yardstick');
    const shown = links.map((link) => [link.textContent, link.getAttribute('href')]);
    expect(shown).toEqual(SPEC_ENTRIES.filter(([label]) => navigationEntries.some((e) => e.label === label)));
    expect(shown.map(([label]) => label)).toEqual(expect.arrayContaining(['Home', 'Customers', 'User Settings']));
    const list = within(nav).getByRole('list');
    expect(list.lastElementChild).toHaveTextContent('Sign Out');
    // A list holds list items only (axe "list"): each entry's link or button sits in an <li>.
    expect([...list.children].map((child) => child.tagName)).toEqual(expect.arrayContaining(['LI']));
    expect(new Set([...list.children].map((child) => child.tagName))).toEqual(new Set(['LI']));
    expect(list.lastElementChild?.firstElementChild?.tagName).toBe('DIV'); // an action, not a link
    expect(screen.getByText('Page content')).toBeInTheDocument();
  });

  it('collapses to 70px of icons and expands to 210px with labels', () => {
    renderShell();
    expect(sideNavigation()).toHaveStyle({ width: '210px' });
    expect(within(sideNavigation()).getByText('Customers')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Collapse navigation' }));
    expect(sideNavigation()).toHaveStyle({ width: '70px' });
    for (const label of ['Home', 'Customers', 'User Settings', 'Sign Out']) {
      expect(within(sideNavigation()).queryByText(label)).not.toBeInTheDocument();
    }
    // Icons stay usable: each keeps its name for assistive technology.
    expect(within(sideNavigation()).getByRole('link', { name: 'Customers' })).toHaveAttribute('href', '/customers');

    fireEvent.click(screen.getByRole('button', { name: 'Expand navigation' }));
    expect(sideNavigation()).toHaveStyle({ width: '210px' });
    expect(within(sideNavigation()).getByText('Customers')).toBeInTheDocument();
  });

  it('links the logo to /dashboard only while the navigation is open', () => {
    renderShell();
    expect(screen.getByRole('link', { name: 'Yardstick' })).toHaveAttribute('href', '/dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse navigation' }));
    expect(screen.queryByRole('link', { name: 'Yardstick' })).not.toBeInTheDocument();
  });

  it('marks the entry of the current screen', () => {
    renderShell('/customers/12');
    expect(within(sideNavigation()).getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page');
    expect(within(sideNavigation()).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('signs out: token removed, /login replacing the current entry', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    const router = renderShell();
    await act(async () => {
      fireEvent.click(within(sideNavigation()).getByRole('button', { name: 'Sign Out' }));
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('mobile top bar', () => {
  it('replaces the side navigation and folds out the entries except User Settings', () => {
    emulatePhone();
    renderShell();
    expect(screen.queryByRole('button', { name: 'Collapse navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Customers' })).toHaveAttribute('href', '/customers');
    expect(within(nav).queryByText('User Settings')).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Yardstick' })).toHaveAttribute('href', '/dashboard');
  });

  it('folds the entries away again after choosing one', async () => {
    emulatePhone();
    const router = renderShell();
    fireEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    fireEvent.click(screen.getByRole('link', { name: 'Customers' }));
    expect(router.state.location.pathname).toBe('/customers');
    expect(screen.getByRole('button', { name: 'Open navigation menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
