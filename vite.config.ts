import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';
import { LongestFirst } from './tests/helpers/longestFirst.ts';

/**
 * Tests that time the server against a limit (another request within 250 ms during a long
 * document, a sign-in within 2 s during a flood, a bomb PNG refused within 50 ms, a list within
 * 1 s during a flood of oversized signatures): `npm test`
 * runs them alone after the others, which run two files at a time, so that a neighbour's work
 * never decides them.
 */
const TIMED_TESTS = [
  'tests/api/acceptanceResponsiveness.test.ts',
  'tests/api/busyStart.test.ts',
  'tests/api/heavyWork.test.ts',
  'tests/api/importBombs.test.ts',
  'tests/api/importResponsiveness.test.ts',
  'tests/api/signInFlood.test.ts',
  'tests/api/signatureFlood.test.ts',
  'tests/unit/imageHeaders.test.ts',
];
/**
 * The unit and API files share their worker's modules (`isolate: false`: each file no longer
 * loads the server and PGlite's WebAssembly again, a third of the suite's time). A file that
 * replaces a module with `vi.mock` needs modules of its own: it runs in `api-mocked`.
 */
const MOCKING_TESTS = ['tests/api/authHashingWork.test.ts'];
/**
 * Left out of the second Node.js's run (`npm test`, YARDSTICK_SECOND_NODE): the batteries that
 * each send thousands of requests through the same JavaScript to try the validation and the
 * locking, which the Node.js version does not change. They run on the first, on both databases.
 */
const ONE_NODE_ONLY = ['listBattery', 'listBatterySharp', 'writeBattery', 'lostUpdates'].map((name) => `tests/api/${name}.test.ts`);
const onSecondNode = process.env.YARDSTICK_SECOND_NODE === '1';
const notTimed = [...configDefaults.exclude, ...TIMED_TESTS];

/** A page of the build, by its path from the repository root (whatever the working directory). */
const page = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** `npm run dev`: /p/<token> opens the client's proposal page, as server/clientPage.ts does when built. */
const clientPageInDev: Plugin = {
  name: 'yardstick-client-page-dev',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (/^\/p\/[^/?]+(\?.*)?$/.test(request.url ?? '')) request.url = '/client/index.html';
      next();
    });
  },
};

const apiPort = Number(process.env.API_PORT ?? 3000);

export default defineConfig({
  plugins: [react(), precompress(), clientPageInDev],
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/assets/states.json': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    // Two pages: the office SPA, and the client's proposal page (client/, served at /p/:token by
    // server/clientPage.ts), which shares only src/domain with the office and loads none of it.
    rollupOptions: { input: { index: page('index.html'), client: page('client/index.html') } },
  },
  test: {
    // One migrated database per set of migrations, which each test file's database starts from.
    globalSetup: ['tests/helpers/migratedTemplates.ts'],
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: notTimed, environment: 'node', isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: [...notTimed, ...MOCKING_TESTS, ...(onSecondNode ? ONE_NODE_ONLY : [])],
          environment: 'node',
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: { name: 'api-mocked', include: MOCKING_TESTS, environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        extends: true,
        test: {
          name: 'timed',
          include: TIMED_TESTS,
          environment: 'node',
          // Each timed file in a process of its own: sharing one (isolate: false) let the earlier
          // files' heap put the collector's pauses into what a file measures (importBombs on
          // PostgreSQL in CI: another user's p99 45 ms against a 7 ms baseline, limit 3×).
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/ui/setup.ts'],
          // Each file gets its own DOM but shares its worker's modules: react-admin and MUI are
          // loaded once a worker, not once a file (a third of the UI suite's time). Per-test
          // state lives in tests/ui/setup.ts's hooks, never in a shared module's own.
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // One worker runs the files one after another, sharing its modules (playwright, the
          // harness) and one browser (tests/e2e/harness.ts): 10–14 s a file went to starting
          // a fresh worker and importing them again (issue 37).
          isolate: false,
          // A loaded CI machine renders slower than a second, expect.poll's default.
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
