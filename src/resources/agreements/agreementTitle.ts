import type { RaRecord } from 'react-admin';

/** "Agreement 1004 — Smith Residence": its number and its site. */
export const agreementTitle = (record: RaRecord) => `Agreement ${record.number}${record.siteName ? ` — ${record.siteName}` : ''}`;
