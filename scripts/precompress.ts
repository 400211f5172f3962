import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What compresses: text assets; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip, best) beside every compressible file
 * under `dir`, once at build time, so the server sends them as they are (@fastify/static's
 * preCompressed) instead of compressing every response. Returns the bytes before and after.
 */
export function precompressDirectory(dir: string): { files: number; raw: number; brotli: number; gzip: number } {
  const totals = { files: 0, raw: 0, brotli: 0, gzip: 0 };
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      const inner = precompressDirectory(path);
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += inner[key];
      continue;
    }
    if (!COMPRESSIBLE.test(entry)) continue;
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    const gzip = gzipSync(content, { level: 9 });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzip);
    totals.files++;
    totals.raw += content.length;
    totals.brotli += brotli.length;
    totals.gzip += gzip.length;
  }
  return totals;
}

/** The Vite plugin: precompresses the build output when the bundle is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'yardstick-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const { files, raw, brotli, gzip } = precompressDirectory(outDir);
      const kb = (n: number) => `${Math.round(n / 1024)} KB`;
      console.log(`precompressed ${files} files: ${kb(raw)} → ${kb(brotli)} brotli, ${kb(gzip)} gzip`);
    },
  };
}
