/**
 * Photos beside everyone else (BENCH_ONLY=photos, issue 42): twenty phone photos of about 4 MB
 * each uploaded one after another (as the gallery sends them) while another user opens the
 * customers list again and again; the real server (the built bundle) making each photo's
 * versions on its heavy-work threads, against the same server doing that work on its event
 * loop (HEAVY_WORK_THREADS=0), in the same run. Figures: the upload's time, the other user's
 * p99, the server's peak memory (every thread) and its memory twenty seconds after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ensureAdmin } from '../server/auth/bootstrap';
import { migrateDatabase } from '../server/db/migrate';
import { buildServer, serverStaleReason } from '../scripts/serverBuild.mjs';
import { ADMIN_PASSWORD, startServer, type ServerOptions } from '../tests/e2e/server';
import { recordFigure } from './figures';
import { signIn } from './httpLoad';
import { seedCustomers } from './seedCustomers';
import { groupRssMb } from './serverStart';
import { openServerDatabase } from './officeDatabase';
import { percentile } from './heavyWork';
import type { BenchTarget } from './targets';

const PHOTOS = 20;
const CUSTOMERS = 20_000;
const AFTER_MS = 20_000;
const P99_LIMIT_MS = 250;

/** A 12-megapixel phone photo of about 4 MB: noise compresses as badly as foliage does, turned by EXIF. */
async function phonePhoto(): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(0.9)
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

interface Measured {
  seconds: number;
  p99: number;
  probes: number;
  peakMb: number;
  afterMb: number;
}

async function measure(server: ServerOptions, photo: Buffer, threads: string | undefined): Promise<Measured> {
  const running = await startServer({
    ...server,
    spa: false,
    env: (): Record<string, string> => (threads === undefined ? {} : { HEAVY_WORK_THREADS: threads }),
  });
  try {
    const base = running.baseUrl;
    const xsrf = 'bench-anti-forgery-token';
    const uploader = { ...(await signIn(base)), cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
    const prober = await signIn(base);
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${base}/api${path}`, {
        method: 'POST',
        headers: { ...uploader, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: number };
    };
    const address = { address1: '1 Main St', city: 'Trenton', state: 'NJ', zip: '08608' };
    const customer = await post('/customers', { name: `Photo Bench ${threads ?? 'threads'}`, type: 1, ...address });
    const site = await post(`/customers/${customer.id}/sites`, { name: 'Photo Bench Site', ...address });

    let peakMb = 0;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, groupRssMb(running.pid))), 200);
    const started = performance.now();
    const uploads = (async () => {
      for (let n = 0; n < PHOTOS; n += 1) {
        const body = new FormData();
        body.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `IMG_${n}.JPG`);
        const response = await fetch(`${base}/api/sites/${site.id}/photos`, { method: 'POST', headers: uploader, body });
        if (response.status !== 201) throw new Error(`upload ${n}: ${response.status} ${await response.text()}`);
      }
    })();
    let done = false;
    void uploads.finally(() => (done = true)).catch(() => {});
    const latencies: number[] = [];
    while (!done) {
      const at = performance.now();
      const response = await fetch(`${base}/api/customers?limit=25&sortBy=name&sortDirection=ASC`, { headers: prober });
      await response.arrayBuffer();
      latencies.push(performance.now() - at);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await uploads;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
    latencies.sort((a, b) => a - b);
    return { seconds, p99: percentile(latencies, 99), probes: latencies.length, peakMb, afterMb: groupRssMb(running.pid) };
  } finally {
    await running.stop();
  }
}

export async function photoUploadSuite(target: BenchTarget): Promise<void> {
  const kind = target.label.startsWith('PGlite') ? 'pglite' : 'postgres';
  if (serverStaleReason() && !(await buildServer())) throw new Error('The server build failed.');
  const workDir = mkdtempSync(join(tmpdir(), 'ys-photos-'));
  try {
    const { database, server, drop } = await openServerDatabase(kind, workDir);
    try {
      await migrateDatabase(database);
      await ensureAdmin(database.db, ADMIN_PASSWORD, () => {});
      await seedCustomers(database.db, CUSTOMERS);
      await database.close();
      const photo = await phonePhoto();
      const ours = await measure(server, photo, undefined);
      const peer = await measure(server, photo, '0');
      const peerName = 'work on the event loop';
      const megabytes = (photo.length / 1024 / 1024).toFixed(1);
      for (const [label, m] of [
        ['worker threads', ours],
        ['on the event loop', peer],
      ] as const) {
        console.log(
          `${target.label} ${label}: ${PHOTOS} photos of ${megabytes} MB in ${m.seconds.toFixed(1)} s; customers list p99 ${m.p99.toFixed(0)} ms ` +
            `(${m.probes} lists); peak ${m.peakMb.toFixed(0)} MB, ${m.afterMb.toFixed(0)} MB ${AFTER_MS / 1000} s after`,
        );
      }
      recordFigure({
        measure: `${PHOTOS} phone photos uploaded`,
        target,
        unit: 's',
        ours: ours.seconds,
        peer: peer.seconds,
        peerName,
        higherIsBetter: false,
      });
      recordFigure({
        measure: "another user's list p99 during the photo uploads",
        target,
        unit: 'ms',
        ours: ours.p99,
        peer: peer.p99,
        peerName,
        limit: P99_LIMIT_MS,
        higherIsBetter: false,
      });
      recordFigure({
        measure: 'peak memory during the photo uploads',
        target,
        unit: 'MB',
        ours: ours.peakMb,
        peer: peer.peakMb,
        peerName,
        higherIsBetter: false,
      });
      recordFigure({
        measure: `memory ${AFTER_MS / 1000} s after the photo uploads`,
        target,
        unit: 'MB',
        ours: ours.afterMb,
        peer: peer.afterMb,
        peerName,
        higherIsBetter: false,
      });
    } finally {
      await drop();
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
