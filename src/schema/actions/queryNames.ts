/**
 * The SPA's named queries that actions make stale (besides react-admin's, keyed by resource):
 * the first element of their query key, declared here so an action can list them.
 */
export const PROPOSALS_QUERY = 'estimateProposals';
export const REVISIONS_QUERY = 'estimateRevisions';
export const MAIL_SETTINGS_QUERY = 'companyMail';
export const IMPORTS_QUERY = 'imports';
/** One job followed by its owner (`[JOB_QUERY, id]`). */
export const JOB_QUERY = 'job';
/** Settings › Jobs. */
export const JOBS_QUERY = 'jobs';
/** The mail that finally failed, all or of one estimate. */
export const FAILED_MAIL_QUERY = 'failedMail';
/** Settings › Demo data: what the demo seed left. */
export const DEMO_DATA_QUERY = 'demoData';
/** Settings › Fields and every form and list that shows custom fields (issue 38). */
export const CUSTOM_FIELDS_QUERY = 'customFields';
/** Home's pipeline (issue 39): a client's answer changes it. */
export const PIPELINE_QUERY = 'pipeline';
