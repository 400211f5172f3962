import { resolve } from 'node:path';

/** What a process does (ROLE): serve and run jobs (all), only serve (web), only run jobs (worker). */
export const SERVER_ROLES = ['all', 'web', 'worker'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** HS256 secret; when absent one is generated once and kept in the database. */
  jwtSecret?: string;
  adminPassword?: string;
  seedDemo: boolean;
  /** Built SPA to serve; absent in API-only tests. */
  distDir?: string;
  logLevel: string;
  /** Hosted geocoder for address search (else the bundled offline data). */
  geocoderUrl?: string;
  /** Proxies whose X-Forwarded-For names the client (Fastify trustProxy). */
  trustProxy: boolean | string;
  /** SMTP_URL (smtp://user:pass@host:port, smtps://…): outgoing mail, over the stored settings. */
  smtpUrl?: string;
  /** MAIL_FROM: the From address of outgoing mail. */
  mailFrom?: string;
  /** PUBLIC_URL: the address clients reach the server at, for links in mail. */
  publicUrl?: string;
  /** HEAVY_WORK_THREADS: worker threads for documents and exports (unset: cores − 1; 0: none). */
  heavyWorkThreads?: number;
  /** DOCUMENT_WAIT_SECONDS: how long a print, a send or an acceptance waits for its document (unset: 15). */
  documentWaitMs?: number;
  /** PHOTO_QUOTA_MB: the office's room for photos, every version counted (unset: 5 GB). */
  photoQuotaBytes?: number;
  role: ServerRole;
}

/** TRUST_PROXY: unset → loopback only; true/false; or comma-separated addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value) return 'loopback';
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

function parseThreads(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const threads = Number(value);
  if (!Number.isInteger(threads) || threads < 0) throw new Error(`HEAVY_WORK_THREADS must be a whole number of threads, not "${value}".`);
  return threads;
}

function parseWaitSeconds(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 120) {
    throw new Error(`DOCUMENT_WAIT_SECONDS must be a whole number of seconds from 0 to 120, not "${value}".`);
  }
  return seconds * 1000;
}

function parseQuota(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const megabytes = Number(value);
  if (!Number.isInteger(megabytes) || megabytes < 1) throw new Error(`PHOTO_QUOTA_MB must be a whole number of megabytes, not "${value}".`);
  return megabytes * 1024 * 1024;
}

function parseRole(value: string | undefined, databaseUrl: string | undefined): ServerRole {
  const role = (value || 'all') as ServerRole;
  if (!SERVER_ROLES.includes(role)) throw new Error(`ROLE must be all, web or worker, not "${value}".`);
  // The embedded database belongs to one process, which must then do everything.
  if (role !== 'all' && !databaseUrl) {
    throw new Error(
      `ROLE=${role} needs PostgreSQL (DATABASE_URL): on the embedded database one process serves and runs the jobs (ROLE=all).`,
    );
  }
  return role;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: env.SEED_DEMO !== '0',
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    geocoderUrl: env.GEOCODER_URL || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    heavyWorkThreads: parseThreads(env.HEAVY_WORK_THREADS),
    documentWaitMs: parseWaitSeconds(env.DOCUMENT_WAIT_SECONDS),
    photoQuotaBytes: parseQuota(env.PHOTO_QUOTA_MB),
    role: parseRole(env.ROLE, env.DATABASE_URL || undefined),
  };
}
