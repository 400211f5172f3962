import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/connection';
import { installErrorHandler } from './errors';
import { frameworkError, rejectMalformedQueries } from './malformedUrl';
import { securityHeaders } from './security';
import { authPlugin } from './auth/plugin';
import { authRoutes } from './auth/routes';
import { xsrfPlugin } from './auth/xsrf';
import { registerEntityRoutes } from './crud/registerEntityRoutes';
import { featureRoutes } from './features';
import { serveSpa, statesList } from './static';
import { clientPage } from './clientPage';
import { openApiDocument } from './openapi/openApiDocument';
import { healthRoute, openApiRoutes } from './openapi/routes';
import { timeoutOptions, type ServerTimeouts } from './serverTimeouts';
import type { PasswordWorkLimits } from './auth/passwordWorkGate';
import { entities, type Entity } from '../src/schema';
import type { MailOptions } from './mail/options';
import { type MailWorker } from './mail/outbox';
import { JOB_KINDS } from '../src/domain/jobs';
import { companyName } from './company/companyProfileStore';
import type { PublicRateLimit } from './proposals/rateLimit';
import { createHeavyWork, HEAVY_WORK_PER_USER, type HeavyWork, type HeavyWorkOptions } from './work/heavyWork';
import { databaseShares } from './work/workShares';
import { startJobRunner, type JobRunner, type JobRunnerOptions } from './jobs/runner';
import type { ServerRole } from './config';
import { readsInTurn } from './db/readsInTurn';
import { trackRequestsInFlight } from './work/requestsInFlight';

export interface AppDeps {
  database: Database;
  /** HS256 secret (already resolved: from JWT_SECRET or the database). */
  jwtSecret: string;
  /** Built SPA to serve; API only when absent. */
  distDir?: string;
  /** Clock in milliseconds; tests move it to expire and refresh tokens. */
  now?: () => number;
  logger?: boolean | { level: string; stream?: NodeJS.WritableStream };
  /** The entities whose routes are generated (default: the registry of src/schema). */
  entities?: Entity[];
  /** Hosted geocoder URL for address search (else the bundled offline data). */
  geocoderUrl?: string;
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address (sign-in throttling):
   * Fastify's trustProxy (true, or addresses/CIDRs). Default: loopback only.
   */
  trustProxy?: boolean | string;
  /** Bounds on the password hashing in flight (default: cores − 1 at once, 16 waiting). */
  passwordWork?: Partial<PasswordWorkLimits>;
  /** Connection timeouts in ms (defaults: SERVER_TIMEOUTS). */
  timeouts?: Partial<ServerTimeouts>;
  /** Outgoing mail: SMTP_URL, MAIL_FROM, PUBLIC_URL and the delivery worker. */
  mail?: MailOptions;
  /** Requests per client address the public proposal routes take per window (default 60 a minute). */
  publicRateLimit?: PublicRateLimit;
  /** Worker threads for documents, exports and logos, and each user's share (server/work/heavyWork.ts). */
  heavyWork?: HeavyWorkOptions;
  /** How long a print, a send or a client's acceptance waits for its document's job before answering anyway (default 15 s). */
  documentWaitMs?: number;
  /** The office's room for photos, bytes (default DEFAULT_PHOTO_QUOTA_BYTES, src/domain/photos.ts). */
  photoQuotaBytes?: number;
  /** The job worker of this process (server/jobs/); `run: false` turns it off (a test of the runner calls runPending). */
  jobs?: JobRunnerOptions;
  /**
   * all (default): serves the API and runs jobs and mail; web: serves, runs nothing; worker:
   * runs jobs and mail and serves only /api/health.
   */
  role?: ServerRole;
}

/**
 * Jobs one process runs at once: a document is not held up behind an import's commit or a
 * renewal. What they take of the machine is bounded by the heavy-work threads and each user's share.
 */
export const JOBS_AT_ONCE = 4;

/** How long after it listens the server loads the PDF engine on its warm thread. */
const PREWARM_AFTER_MS = 1000;

declare module 'fastify' {
  interface FastifyInstance {
    deps: Required<Pick<AppDeps, 'database' | 'now'>> & AppDeps;
    /** Every route registered (method and URL pattern): the route table tests enumerate. */
    routeList: { method: string; url: string }[];
    /** This process's mail delivery (server/mail/outbox.ts). */
    mailer: MailWorker;
    /** This app's worker threads for documents, exports and logos. */
    heavyWork: HeavyWork;
    /** This process's job worker (server/jobs/runner.ts); kick() after queuing a job. */
    jobs: JobRunner;
  }
  interface FastifyContextConfig {
    /** Route needs no signed-in user (login, health). */
    public?: boolean;
  }
}

/**
 * Responses of 1 KB and more (JSON lists above all) go out as brotli or gzip by the client's
 * Accept-Encoding, plain without one. Brotli at quality 4: the default 11 costs far more CPU
 * than an API answer is worth. PDFs and XLSX are not compressible types and go out as they are.
 */
export const RESPONSE_COMPRESSION: FastifyCompressOptions = {
  threshold: 1024,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
};

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 5 * 1024 * 1024,
    // Sign-in throttling keys on the client's address: only a trusted proxy may name it.
    trustProxy: deps.trustProxy ?? 'loopback',
    frameworkErrors: frameworkError,
    // Loading the plugins is CPU work: on a machine busy with other programs it can take far
    // longer than Fastify's 10 s default, and a slow start must not become a failed one.
    pluginTimeout: 120_000,
    ...timeoutOptions(deps.timeouts),
  });
  app.decorate('deps', { now: () => Date.now(), ...deps });
  const role = deps.role ?? 'all';
  // Each owner's share is counted in the database, so that it holds across servers.
  const heavyWork = createHeavyWork({
    shares: databaseShares(deps.database.db, deps.heavyWork?.perOwner ?? HEAVY_WORK_PER_USER),
    ...deps.heavyWork,
  });
  app.decorate('heavyWork', heavyWork);
  app.addHook('onClose', () => heavyWork.close());
  if (role !== 'web') {
    // A second after the server answers, the PDF engine loads on its warm thread (niced, see
    // server/heavyWorker.ts): the first proposal after a start does not wait for it (issue 37).
    app.addHook('onListen', async () => {
      setTimeout(
        () => heavyWork.prewarm().catch((error) => app.log.warn({ error: String(error) }, 'the PDF engine did not load')),
        PREWARM_AFTER_MS,
      ).unref();
    });
  }
  const requests = trackRequestsInFlight(app);
  const jobs = startJobRunner(deps.database.db, {
    now: app.deps.now,
    services: {
      heavyWork,
      mail: { ...deps.mail, secret: deps.jwtSecret, fromName: companyName },
      writesInSteps: deps.database.kind === 'pglite',
      othersFirst: () => requests.othersFirst(),
      readInTurn: readsInTurn(deps.database),
    },
    // Without its worker (tests), mail goes when `mailer.deliverPending()` asks.
    onlyWhenAsked: deps.mail?.worker ? [] : [JOB_KINDS.mail],
    log: (line) => app.log.warn(line),
    onlyProcess: deps.database.kind === 'pglite',
    concurrency: JOBS_AT_ONCE,
    ...deps.jobs,
    run: role !== 'web' && (deps.jobs?.run ?? true),
  });
  app.decorate('jobs', jobs);
  const mailer: MailWorker = { deliverPending: () => jobs.runPending([JOB_KINDS.mail]), kick: () => jobs.kick() };
  app.decorate('mailer', mailer);
  app.addHook('onClose', () => jobs.stop());
  const routeList: FastifyInstance['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  rejectMalformedQueries(app);
  await app.register(cookie);
  await app.register(xsrfPlugin);
  await app.register(securityHeaders);
  if (role === 'worker') {
    await app.register(healthRoute, { prefix: '/api' });
    return app;
  }
  await app.register(openApiDocument, { entities: deps.entities ?? entities });

  // The API and the states list are compressed per response; the SPA's files are not (the
  // build precompresses them, server/static.ts sends the .br/.gz as they are), so the plugin
  // lives in this scope only.
  await app.register(async (compressed) => {
    await compressed.register(compress, RESPONSE_COMPRESSION);
    await compressed.register(
      async (api) => {
        await api.register(authPlugin);
        await api.register(openApiRoutes);
        await api.register(authRoutes);
        for (const entity of deps.entities ?? entities) registerEntityRoutes(api, entity);
        await api.register(featureRoutes);
      },
      { prefix: '/api' },
    );
    await compressed.register(statesList);
  });

  // The client's proposal page (/p/:token) before the SPA's catch-all.
  await app.register(clientPage, { distDir: deps.distDir });
  await app.register(serveSpa, { distDir: deps.distDir });
  return app;
}
