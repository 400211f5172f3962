/**
 * Every feature's entity write hooks: each module registers its own with the engine
 * (server/crud/entityHooks.ts) when loaded. Imported by server/features.ts, so that the hooks are
 * in place before any route is built, and by whatever writes records without the app (the seed,
 * scripts, test helpers).
 */
import './catalogue/itemHooks';
import './estimates/estimateHooks';
import './estimates/workAreaHooks';
import './estimates/workAreaItemHooks';
import './termsConditions/hooks';
import './agreements/agreementHooks';
