// Builds the server into one JavaScript file for `npm start`: node runs it as it is, without
// compiling TypeScript at every start (tsx stays for development and the tests).
import { basename, dirname, join } from 'node:path';
import { ROOT, outputStaleReason } from './spaBuild.mjs';

export const SERVER_BUNDLE = join(ROOT, 'build', 'server', 'main.mjs');

/**
 * How node runs the bundle.
 * - A young generation of at most 4 MB per semi-space (V8 lets it grow to 16 MB under a steady
 *   stream of requests) keeps the server's short-lived garbage small: under the office list load
 *   on PGlite its peak memory drops by about 50 MB at the same throughput (docs/BENCHMARKS.md).
 * - After each full collection the heap may grow to 1.3 times what survived it, where V8 would
 *   otherwise let it grow up to four times when the server is busy: under the 50-client mixed
 *   load the event loop's heap peaked at 300 MB, of which 220 MB was garbage (docs/BENCHMARKS.md).
 */
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=4', '--heap-growing-percent=30'];

/**
 * The server's environment: the caller's, and glibc's malloc handing every block of 32 KB or
 * more to the system (mmap), so that the memory goes back as soon as it is freed. Without it the
 * blocks freed after start-up (compiling PGlite's WebAssembly, the migrations) stay in the
 * threads' arenas, about 90 MB that never returns. A GLIBC_TUNABLES the caller sets comes last
 * and wins; other C libraries ignore the variable.
 */
export function serverEnvironment(env = process.env) {
  const tunable = 'glibc.malloc.mmap_threshold=32768';
  return { ...env, GLIBC_TUNABLES: env.GLIBC_TUNABLES ? `${tunable}:${env.GLIBC_TUNABLES}` : tunable };
}

const HEAVY_WORKER_NAME = 'heavyWorker';

/** What the server is made from: it imports the declarations and rules of src/ too. */
const SOURCES = ['server', 'src/schema', 'src/domain', 'package.json', 'package-lock.json'];

/** Why build/server must be (re)built, or null when it is newer than every source. */
export function serverStaleReason() {
  return outputStaleReason(SERVER_BUNDLE, SOURCES);
}

/**
 * esbuild bundles the server's own code; packages stay in node_modules, loaded as they are.
 * A test build may write elsewhere (two folders below the root) and add esbuild plugins.
 */
export async function buildServer({ outfile = SERVER_BUNDLE, plugins = [] } = {}) {
  const { build } = await import('esbuild');
  try {
    await build({
      absWorkingDir: ROOT,
      // The heavy-work thread (server/heavyWorker.ts) is its own file beside the bundle.
      entryPoints: [
        { in: 'server/main.ts', out: basename(outfile, '.mjs') },
        { in: 'server/heavyWorker.ts', out: HEAVY_WORKER_NAME },
      ],
      outdir: dirname(outfile),
      outExtension: { '.js': '.mjs' },
      plugins,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      logLevel: 'warning',
      // server/serverDir.ts: the bundle finds the server's data files (migrations, seed data)
      // in server/, two levels up from build/server/main.mjs.
      define: {
        'process.env.YARDSTICK_SERVER_DIR_FROM_BUNDLE': JSON.stringify('../../server/'),
        'process.env.YARDSTICK_HEAVY_WORKER_FROM_BUNDLE': JSON.stringify(`./${HEAVY_WORKER_NAME}.mjs`),
      },
    });
    return true;
  } catch (error) {
    console.error(`The server build (esbuild) failed: ${error.message}`);
    return false;
  }
}

// `npm run build:server` (and `npm run build`): build it now.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  process.exit((await buildServer()) ? 0 : 1);
}
