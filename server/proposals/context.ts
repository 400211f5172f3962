import type { Db } from '../db/connection';
import type { MailEnvironment } from '../mail/mailSettings';
import type { HeavyWork } from '../work/heavyWork';

/** What the proposal services need from the app. */
export interface ProposalContext {
  db: Db;
  /** The server secret (seals link tokens, opens the SMTP password). */
  secret: string;
  mail: MailEnvironment;
  now: () => number;
  /** Tell this process's mail worker that something was queued. */
  kick: () => void;
  /** Tell this process's job worker that a job was queued. */
  kickJobs: () => void;
  /** How long a send or a client's acceptance waits for its PDF's job before answering anyway (ms). */
  documentWaitMs: number;
  /** Where the PDFs are rendered (off the event loop). */
  heavyWork: HeavyWork;
}
