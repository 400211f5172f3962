import { describe, expect, it } from 'vitest';
import { normalizeHeader, suggestMapping } from '../../src/domain/importing/headerMapping';
import { IMPORT_KINDS, IMPORT_TARGETS } from '../../src/domain/importing/targets';

describe('suggested mapping from the headers', () => {
  it('normalises case, spaces and punctuation', () => {
    expect(normalizeHeader(' E-mail  Address ')).toBe('e mail address');
    expect(normalizeHeader('ZIP/Postal Code')).toBe('zip postal code');
  });

  it('customers: common names, and bill-to / ship-to prefixes decide the customer or the site', () => {
    const m = suggestMapping('customers', [
      'company',
      'ADDRESS LINE 1',
      'Postal Code',
      'Phone Number',
      'E-mail',
      'Service Street',
      'Service City',
      'Ship To Zip',
      'State',
      'Town',
    ]);
    expect(m).toMatchObject({
      name: 'company',
      address1: 'ADDRESS LINE 1',
      zip: 'Postal Code',
      city: 'Town',
      state: 'State',
      contactPhone: 'Phone Number',
      contactEmail: 'E-mail',
      siteAddress1: 'Service Street',
      siteCity: 'Service City',
      siteZip: 'Ship To Zip',
      siteState: null,
    });
    expect(suggestMapping('customers', ['Customer Name', 'Street', 'ZIP']).name).toBe('Customer Name');
    expect(suggestMapping('customers', ['Customer Name', 'Street', 'ZIP']).address1).toBe('Street');
  });

  it('a QuickBooks export: Customer before Company, numbered bill-to lines', () => {
    const m = suggestMapping('customers', ['Customer', 'Company', 'Bill to 1', 'Bill to 2', 'Ship to 1']);
    expect(m).toMatchObject({ name: 'Customer', address1: 'Bill to 1', address2: 'Bill to 2', siteAddress1: 'Ship to 1' });
    expect(Object.values(m).filter((c) => c === 'Company')).toHaveLength(0);
  });

  it('contacts: "Name" is the contact, "Company" the customer', () => {
    expect(suggestMapping('contacts', ['Name', 'Company', 'Email Address', 'Ext'])).toMatchObject({
      fullName: 'Name',
      customerName: 'Company',
      email: 'Email Address',
      phoneExtension: 'Ext',
    });
  });

  it('items and sites', () => {
    expect(suggestMapping('items', ['Item Name', 'Sales Description', 'UOM', 'Unit Cost', 'Sales Price'])).toMatchObject({
      name: 'Item Name',
      description: 'Sales Description',
      units: 'UOM',
      cost: 'Unit Cost',
      price: 'Sales Price',
    });
    expect(suggestMapping('sites', ['Customer', 'Property Name', 'Address 1', 'Zip Code'])).toMatchObject({
      customerName: 'Customer',
      name: 'Property Name',
      address1: 'Address 1',
      zip: 'Zip Code',
    });
  });

  it('every target appears, unmatched ones null; unknown or hostile headers map to nothing', () => {
    for (const kind of IMPORT_KINDS) {
      const m = suggestMapping(kind, ['__proto__', 'constructor', 'toString', '']);
      expect(Object.keys(m)).toEqual(IMPORT_TARGETS[kind].map((t) => t.key));
      expect(Object.values(m).every((v) => v === null)).toBe(true);
    }
  });

  it('one column serves one target', () => {
    const m = suggestMapping('customers', ['Name', 'Name']);
    expect(Object.values(m).filter((c) => c === 'Name')).toHaveLength(1);
  });
});
