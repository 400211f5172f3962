/**
 * The SPA's named queries that actions make stale (besides react-admin's, keyed by resource):
 * the first element of their query key, declared here so an action can list them.
 */
export const PROPOSALS_QUERY = 'estimateProposals';
export const REVISIONS_QUERY = 'estimateRevisions';
export const MAIL_SETTINGS_QUERY = 'companyMail';
export const IMPORTS_QUERY = 'imports';
