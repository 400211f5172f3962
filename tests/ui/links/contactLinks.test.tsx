import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addressLine, mailtoHref, mapsHref, telHref } from '../../../src/domain/contactLinks';
import { CustomerContactsTab } from '../../../src/resources/contacts/CustomerContactsTab';
import { CustomerEdit } from '../../../src/resources/customers/CustomerEdit';
import { CustomerSitesTab } from '../../../src/resources/sites/CustomerSitesTab';
import { SiteEdit } from '../../../src/resources/sites/SiteEdit';
import { customers } from '../../../src/schema';
import { AppListScreen } from '../appScreens';
import { fakeDataProvider, renderAdmin, routes } from '../renderAdmin';
import { greenAcres, northField } from '../officeRecords';

const customer = greenAcres;
const site = northField;
const ada = {
  id: 3,
  customerID: 5,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '(609) 555-0142',
  phoneExtension: '204',
  email: 'ada@example.com',
  version: 1,
};
const grace = { id: 4, customerID: 5, firstName: null, lastName: 'Hopper', phone: null, phoneExtension: null, email: null, version: 1 };

const FARM_ROAD_MAP = 'https://www.google.com/maps/search/?api=1&query=1%20Farm%20Road%2C%20Barn%202%2C%20Trenton%2C%20NJ%2008601';

// jsdom cannot follow a tel:, mailto: or https: link: the test stops the browser's part of a click.
const stopFollowing = (event: Event) => event.preventDefault();
beforeEach(() => window.addEventListener('click', stopFollowing, { capture: true }));
afterEach(() => window.removeEventListener('click', stopFollowing, { capture: true }));

function provider() {
  return fakeDataProvider({
    getOne: async (resource: string) => ({ data: resource === 'sites' ? site : customer }),
    getList: async () => ({ data: [customer], total: 1 }),
    getManyReference: async (resource: string) => (resource === 'contacts' ? { data: [ada, grace], total: 2 } : { data: [site], total: 1 }),
    // No photos (issue 42).
    request: async (_method: string, path: string) => (path.endsWith('/photos') ? { photos: [] } : []),
  });
}

describe('link builders (src/domain/contactLinks.ts)', () => {
  it('calls a North American number in E.164 with its extension', () => {
    expect(telHref('(609) 555-0142', '204')).toBe('tel:+16095550142;ext=204');
    expect(telHref('609-555-0142')).toBe('tel:+16095550142');
    expect(telHref('1 609 555 0142', '')).toBe('tel:+16095550142');
    expect(telHref('555-0142')).toBe('tel:5550142');
    expect(telHref('')).toBeNull();
    expect(telHref(null, '12')).toBeNull();
  });

  it('writes to an address that looks like one', () => {
    expect(mailtoHref(' ada@example.com ')).toBe('mailto:ada@example.com');
    expect(mailtoHref('not an email')).toBeNull();
    expect(mailtoHref(null)).toBeNull();
  });

  it('searches the whole address on a map, encoded', () => {
    expect(addressLine(customer)).toBe('1 Farm Road, Barn 2, Trenton, NJ 08601');
    expect(mapsHref(customer)).toBe(FARM_ROAD_MAP);
    expect(mapsHref({ address1: '12 Main St #4 & Co', city: 'Trenton' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Main%20St%20%234%20%26%20Co%2C%20Trenton',
    );
    expect(mapsHref({ state: 'NJ' })).toBeNull();
  });
});

describe('contacts table', () => {
  it('links the phone (with its extension) to tel: and the email to mailto:, without opening the row', async () => {
    renderAdmin(<CustomerContactsTab customerId={5} />, { dataProvider: provider(), initialEntries: ['/customers/5'] });
    const row = (await screen.findByText('Lovelace')).closest('tr')!;
    const phone = within(row).getByRole('link', { name: '(609) 555-0142 x204' });
    expect(phone).toHaveAttribute('href', 'tel:+16095550142;ext=204');
    const email = within(row).getByRole('link', { name: 'ada@example.com' });
    expect(email).toHaveAttribute('href', 'mailto:ada@example.com');
    // No phone or email: no link.
    expect(within(screen.getByText('Hopper').closest('tr')!).queryByRole('link')).not.toBeInTheDocument();

    await userEvent.setup().click(phone);
    fireEvent.keyDown(email, { key: 'Enter' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('addresses', () => {
  it("the customer's sites table opens a site's address on a map in a new tab, and the row is not opened", async () => {
    const { location } = renderAdmin(routes({ '/customers/:id': <CustomerSitesTab customerId={5} />, '/sites/:id': <p>Site page</p> }), {
      dataProvider: provider(),
      initialEntries: ['/customers/5'],
    });
    const map = await screen.findByRole('link', { name: /3 Farm Road, Trenton, NJ 08601/ });
    expect(map).toHaveTextContent('3 Farm Road');
    expect(map).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=3%20Farm%20Road%2C%20Trenton%2C%20NJ%2008601');
    expect(map).toHaveAttribute('target', '_blank');
    expect(map).toHaveAttribute('rel', 'noopener noreferrer');
    await userEvent.setup().click(map);
    expect(location()).toBe('/customers/5');
    // The row still opens the site (its name is a link that the stopped clicks above cannot follow:
    // a plain cell of the row shows it).
    await userEvent.setup().click(screen.getByText('Mercer'));
    await waitFor(() => expect(location()).toBe('/sites/9'));
  });

  it('the customers list opens an Address 1 on a map, without opening the customer', async () => {
    const { location } = renderAdmin(<AppListScreen entity={customers} />, { dataProvider: provider(), initialEntries: ['/customers'] });
    const map = await screen.findByRole('link', { name: /1 Farm Road, Barn 2, Trenton, NJ 08601/ });
    expect(map).toHaveAttribute('href', FARM_ROAD_MAP);
    await userEvent.setup().click(map);
    expect(location()).toBe('/customers');
  });

  it.each([
    ['customer', '/customers/5', '/customers/:id', <CustomerEdit key="c" />, FARM_ROAD_MAP],
    [
      'site',
      '/sites/9',
      '/sites/:id',
      <SiteEdit key="s" />,
      'https://www.google.com/maps/search/?api=1&query=3%20Farm%20Road%2C%20Trenton%2C%20NJ%2008601',
    ],
  ])('the %s detail offers Open in Maps beside its address inputs, following what is typed', async (_name, path, route, element, href) => {
    renderAdmin(routes({ [route]: element }), { dataProvider: provider(), initialEntries: [path] });
    const link = await screen.findByRole('link', { name: 'Open in Maps' });
    expect(link).toHaveAttribute('href', href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    fireEvent.change(screen.getByRole('textbox', { name: 'City' }), { target: { value: 'Hamilton' } });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open in Maps' }).getAttribute('href')).toContain('Hamilton'));
  });
});
