/**
 * Lighthouse in the browser (BENCH_ONLY=lighthouse, issue 37): the performance score (mobile,
 * simulated throttling, the median of three runs) of the sign-in page, /customers, an estimate
 * and the client's proposal page, their layout shift, and on /customers the longest task
 * after the first render. The real server with the demo company and the built SPA, in
 * headless Chromium; the peer is the same pages with the assets sent uncompressed
 * (Accept-Encoding: identity), measured in the same run.
 */
import { navigation } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, demoServerWithSpa } from './browserBench';
import { TOKEN_STORAGE_KEY } from '../src/providers/sessionToken';
import { recordFigure } from './figures';
import { signIn } from './httpLoad';
import type { BenchTarget } from './targets';

const RUNS = 3;
const SCORE_TARGET = 90;
const CLS_TARGET = 0.05;
const LONG_TASK_TARGET_MS = 200;
const XSRF = 'bench-anti-forgery-token';

interface PageRun {
  score: number;
  cls: number;
  /** The longest task that started after the first contentful paint, in ms. */
  longestTaskAfterPaint: number;
}

interface Page {
  name: string;
  path: string;
  signedIn: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A proposal of the demo's first estimate, sent without mail settings: its client link. */
async function clientLink(baseUrl: string, authorization: Record<string, string>): Promise<string> {
  const headers = { ...authorization, 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
  const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const response = await fetch(`${baseUrl}/api/estimates/1/proposals`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      printType: 'WORK_AREA_PRICE_ONLY',
      to: ['client@example.com'],
      subject: 'Your proposal',
      message: 'Here is your proposal.',
      validUntil,
    }),
  });
  if (!response.ok) throw new Error(`Sending the proposal answered ${response.status}: ${await response.text()}`);
  const { link } = (await response.json()) as { link: string };
  return new URL(link, baseUrl).pathname;
}

async function audit(browser: Browser, url: string, token: string | null, uncompressed: boolean): Promise<PageRun> {
  const page = await browser.newPage();
  try {
    // The token lives in the tab's sessionStorage, which Lighthouse keeps when told to; the
    // cache is emptied after, so that the page loads cold as on a first visit.
    if (token) {
      await page.goto(new URL('/login', url).toString());
      await page.evaluate((key, value) => sessionStorage.setItem(key, value), TOKEN_STORAGE_KEY, token);
      await (await page.createCDPSession()).send('Network.clearBrowserCache');
    }
    const result = await navigation(page, url, {
      flags: {
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: token !== null,
        ...(uncompressed ? { extraHeaders: { 'Accept-Encoding': 'identity' } } : {}),
      },
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const paint = lhr.audits['first-contentful-paint'].numericValue ?? 0;
    const tasks = (lhr.audits['long-tasks'].details as { items?: { startTime: number; duration: number }[] } | undefined)?.items ?? [];
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      cls: lhr.audits['cumulative-layout-shift'].numericValue ?? 0,
      longestTaskAfterPaint: Math.max(0, ...tasks.filter((task) => task.startTime >= paint).map((task) => task.duration)),
    };
  } finally {
    await page.close();
  }
}

/** An audit, tried again when Lighthouse's trace missed the navigation's start (NO_NAVSTART, which it says to run again for). */
async function auditWithRetry(browser: Browser, url: string, token: string | null, uncompressed: boolean): Promise<PageRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(browser, url, token, uncompressed);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('NO_NAVSTART')) throw error;
      console.log(`  (${url}: Lighthouse lost the trace's start; again)`);
    }
  }
}

async function medianOfRuns(
  browser: Browser,
  url: string,
  token: string | null,
  uncompressed: boolean,
): Promise<PageRun & { scores: number[] }> {
  const runs: PageRun[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(browser, url, token, uncompressed));
  return {
    score: median(runs.map((run) => run.score)),
    scores: runs.map((run) => run.score),
    cls: median(runs.map((run) => run.cls)),
    longestTaskAfterPaint: median(runs.map((run) => run.longestTaskAfterPaint)),
  };
}

export async function lighthouseSuite(target: BenchTarget): Promise<void> {
  // The browser side does not depend on the database: measured once, on the embedded one.
  if (!target.label.startsWith('PGlite')) return console.log('  (measured on PGlite only)');
  const server = await demoServerWithSpa();
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const authorization = await signIn(server.baseUrl);
    const token = authorization.authorization.replace(/^Bearer /, '');
    const pages: Page[] = [
      { name: 'the sign-in page', path: '/login', signedIn: false },
      { name: '/customers', path: '/customers', signedIn: true },
      { name: 'an estimate', path: '/estimates/1/detail', signedIn: true },
      { name: "the client's proposal page", path: await clientLink(server.baseUrl, authorization), signedIn: false },
    ];
    for (const { name, path, signedIn } of pages) {
      const url = `${server.baseUrl}${path}`;
      const ours = await medianOfRuns(browser, url, signedIn ? token : null, false);
      const peer = await medianOfRuns(browser, url, signedIn ? token : null, true);
      console.log(
        `  ${name}: performance ${ours.score} (runs ${ours.scores.join(', ')}; uncompressed ${peer.score}), ` +
          `CLS ${ours.cls.toFixed(3)}, longest task after the first paint ${ours.longestTaskAfterPaint.toFixed(0)} ms`,
      );
      const figure = { target: null, peerName: 'same assets uncompressed' };
      recordFigure({
        ...figure,
        measure: `Lighthouse mobile performance, ${name} (median of ${RUNS})`,
        unit: 'score',
        ours: ours.score,
        peer: peer.score,
        limit: SCORE_TARGET,
        higherIsBetter: true,
      });
      recordFigure({
        ...figure,
        measure: `layout shift (CLS), ${name}`,
        unit: 'CLS',
        ours: ours.cls,
        peer: peer.cls,
        limit: CLS_TARGET,
        higherIsBetter: false,
      });
      if (path === '/customers') {
        recordFigure({
          ...figure,
          measure: 'longest task after the first paint, /customers',
          unit: 'ms',
          ours: ours.longestTaskAfterPaint,
          peer: peer.longestTaskAfterPaint,
          limit: LONG_TASK_TARGET_MS,
          higherIsBetter: false,
        });
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
