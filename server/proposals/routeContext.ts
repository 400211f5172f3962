import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProposalContext } from './context';
import { DOCUMENT_WAIT_MS } from '../jobs/jobFiles';

export function proposalContext(api: FastifyInstance): ProposalContext {
  return {
    db: api.deps.database.db,
    secret: api.deps.jwtSecret,
    mail: api.deps.mail ?? {},
    now: api.deps.now,
    kick: () => api.mailer.kick(),
    kickJobs: () => api.jobs.kick(),
    heavyWork: api.heavyWork,
    documentWaitMs: api.deps.documentWaitMs ?? DOCUMENT_WAIT_MS,
  };
}

/** Where client links point: PUBLIC_URL, else the origin the request came to. */
export function linkBase(api: FastifyInstance, request: FastifyRequest): string {
  return api.deps.mail?.publicUrl || `${request.protocol}://${request.host}`;
}
