import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_DIR } from '../serverDir';
import { COMPANY_PROFILE_ID, companyProfile } from '../../src/schema/companyProfile';
import { checkLogo } from '../company/logoCheck';
import { companyProfileExists } from '../company/companyProfileStore';
import type { Db } from '../db/connection';
import { companyLogo, companyProfile as profileTable } from '../db/tables/company';
import { checkedValues } from '../db/seed/checkedValues';
import { recordDemoCompany } from './demoData';
import data from '../db/seed/data/company.json';

/**
 * The demo contractor's letterhead (name, address, phone, email, website and a logo made for
 * it), so the demo's proposals look like a real office's; only while no profile was saved.
 */
export async function seedCompanyProfile(db: Db): Promise<void> {
  if (await companyProfileExists(db)) return;
  const { logo: logoFile, ...profile } = data;
  const values = checkedValues(companyProfile, profile, 'company profile');
  const logo = await checkLogo(readFileSync(join(SERVER_DIR, 'db', 'seed', 'data', logoFile)));
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(profileTable)
      .values({ ...values, id: COMPANY_PROFILE_ID })
      .onConflictDoNothing()
      .returning({ id: profileTable.id, version: profileTable.version });
    if (!inserted.length) return;
    await tx.insert(companyLogo).values({ companyID: COMPANY_PROFILE_ID, ...logo });
    await recordDemoCompany(tx as unknown as Db, inserted[0].version);
  });
}
