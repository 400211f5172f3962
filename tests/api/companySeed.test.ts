import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCompanyLogo } from '../../server/company/companyLogoStore';
import { readCompanyProfile } from '../../server/company/companyProfileStore';
import { seedDatabase } from '../../server/seed';
import data from '../../server/db/seed/data/company.json';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../helpers/testDatabase';

describe.each(databaseKinds())('demo company profile seed on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.drop());

  it('is skipped with demo off; with demo on the demo letterhead and its logo, once', async () => {
    await seedDatabase(database.db, { demo: false });
    expect((await readCompanyProfile(database.db)).version).toBe(0);

    await seedDatabase(database.db, { demo: true });
    const { logo: _file, ...fields } = data;
    const profile = await readCompanyProfile(database.db);
    expect(profile).toMatchObject({ ...fields, id: 1, version: 1 });
    expect(profile.logo).toMatchObject({ contentType: 'image/png' });
    const logo = await readCompanyLogo(database.db);
    expect(logo?.data.subarray(1, 4).toString()).toBe('PNG');

    await seedDatabase(database.db, { demo: true });
    expect(await readCompanyProfile(database.db)).toEqual(profile);
  });
});
