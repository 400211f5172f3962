import type { Db } from './db/connection';
import { seedCatalogue } from './db/seed/catalogue';
import { seedTerms } from './db/seed/terms';
import { seedServices } from './db/seed/services';
import { seedDemo } from './demo/seedDemo';
import { seedTemplates } from './db/seed/templates';
import { seedCompanyProfile } from './demo/seedCompany';
import './hooks';

export interface SeedOptions {
  /** The demo company: customers with contacts, sites and assigned services (SEED_DEMO=0 skips it). */
  demo: boolean;
}

/**
 * Loads the starter data on an empty database; a second start changes nothing.
 * Each part checks its own table and loads only into an empty one (one line per part).
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<void> {
  await seedCatalogue(db);
  await seedTemplates(db);
  await seedTerms(db);
  await seedServices(db);
  if (options.demo) await seedDemo(db);
  if (options.demo) await seedCompanyProfile(db);
}
