/**
 * Every benchmark of `npm run bench`, one line each. A suite runs once per target database
 * and prints its own figures next to a peer measured in the same run.
 * BENCH_ONLY=<name>[,<name>] runs only those suites.
 */
import type { BenchTarget } from './targets';
import { listQuerySuite } from './listQuerySuite';
import { insightsSuite } from './insights';
import { marginInsightsSuite } from './marginInsights';
import { operationsExportSuite } from './operationsExport';
import { estimateSuite } from './estimateSuite';
import { proposalSuite } from './proposal';
import { pageLoadSuite } from './pageLoad';
import { clientPageSuite } from './clientPage';
import { serverStartSuite } from './serverStart';
import { httpListsSuite } from './httpLists';
import { renewalSuite } from './renewals';
import { revisionSuite } from './revisions';
import { importSuite } from './imports';
import { listExportSuite } from './listExport';
import { heavyWorkSuite } from './heavyWork';
import { lighthouseSuite } from './lighthouse';
import { footprintSuite } from './footprint';
import { agreementSuite } from './agreements';
import { photoUploadSuite } from './photoUploads';

export interface BenchSuite {
  name: string;
  run(target: BenchTarget): Promise<void>;
}

export const benchSuites: BenchSuite[] = [
  { name: 'lists', run: listQuerySuite },
  { name: 'insights', run: insightsSuite },
  { name: 'marginInsights', run: marginInsightsSuite },
  { name: 'operationsExport', run: operationsExportSuite },
  { name: 'estimates', run: estimateSuite },
  { name: 'proposal', run: proposalSuite },
  { name: 'pageLoad', run: pageLoadSuite },
  { name: 'clientPage', run: clientPageSuite },
  { name: 'serverStart', run: serverStartSuite },
  { name: 'httpLists', run: httpListsSuite },
  { name: 'renewals', run: renewalSuite },
  { name: 'revisions', run: revisionSuite },
  { name: 'imports', run: importSuite },
  { name: 'listExport', run: listExportSuite },
  { name: 'heavyWork', run: heavyWorkSuite },
  { name: 'lighthouse', run: lighthouseSuite },
  { name: 'footprint', run: footprintSuite },
  { name: 'agreements', run: agreementSuite },
  { name: 'photos', run: photoUploadSuite },
];
