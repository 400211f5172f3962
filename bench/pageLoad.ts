/**
 * What the browser waits for (BENCH_ONLY=pageLoad): the bytes on the wire before the sign-in
 * page works and for /home after sign-in, with the precompressed assets against the same
 * files sent uncompressed (the peer, as before precompression), and the time from a cold load
 * of /customers (signed in, empty cache) to its first row, direct and over a throttled
 * 10 Mbit/s, 40 ms link. Real server and the built SPA in headless Chromium.
 * Over the budget, the run fails loudly.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, demoServerWithSpa } from './browserBench';
import { ADMIN_PASSWORD } from '../tests/e2e/server';
import { recordFigure } from './figures';
import type { BenchTarget } from './targets';

/** The budget of the issue: JavaScript, CSS and HTML before the sign-in page works. */
const SIGN_IN_BUDGET_BYTES = 300 * 1024;
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

/** Sums the encoded body bytes of what `work` makes the page load. */
async function bytesLoaded(page: Page, work: () => Promise<void>): Promise<{ bytes: number; files: number }> {
  const sizes: Promise<number>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    if (response.url().includes('/api/')) return;
    sizes.push(
      response
        .request()
        .sizes()
        .then(
          (s) => s.responseBodySize + s.responseHeadersSize,
          () => 0,
        ),
    );
  };
  page.on('response', onResponse);
  await work();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const all = await Promise.all(sizes);
  return { bytes: all.reduce((a, b) => a + b, 0), files: all.length };
}

async function measureBytes(browser: Browser, baseUrl: string, acceptEncoding?: string) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    extraHTTPHeaders: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });
  const page = await context.newPage();
  const signInPage = await bytesLoaded(page, async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
  });
  const home = await bytesLoaded(page, async () => {
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/home');
    await page.getByText('Service Insights').waitFor();
    // The charts load after the tables: give them time to be asked for.
    await page.waitForTimeout(2000);
  });
  await context.close();
  return { signInPage, home };
}

async function timeToFirstRow(browser: Browser, baseUrl: string, throttled: boolean): Promise<number> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/home');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) {
    const bytesPerSecond = (10 * 1024 * 1024) / 8;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
  }
  const started = performance.now();
  await page.goto('/customers');
  await page.getByRole('row').nth(1).waitFor();
  const ms = performance.now() - started;
  await context.close();
  return ms;
}

export async function pageLoadSuite(target: BenchTarget): Promise<void> {
  // The browser side does not depend on the database: measured once, on the embedded one.
  if (!target.label.startsWith('PGlite')) return console.log('  (measured on PGlite only)');
  const server = await demoServerWithSpa();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const compressed = await measureBytes(browser, server.baseUrl);
    const plain = await measureBytes(browser, server.baseUrl, 'identity');
    const ratio = (a: number, b: number) => `${(b / a).toFixed(1)}x smaller`;
    console.log(
      `  before the sign-in page works: ${kb(compressed.signInPage.bytes)} in ${compressed.signInPage.files} files (peer, uncompressed: ${kb(plain.signInPage.bytes)}; ${ratio(compressed.signInPage.bytes, plain.signInPage.bytes)})`,
    );
    console.log(`  /home after sign-in, more:     ${kb(compressed.home.bytes)} in ${compressed.home.files} files`);
    await timeToFirstRow(browser, server.baseUrl, false); // warms the server's first list query
    const direct = await timeToFirstRow(browser, server.baseUrl, false);
    const slow = await timeToFirstRow(browser, server.baseUrl, true);
    console.log(
      `  cold /customers (signed in, empty cache) to the first row: ${direct.toFixed(0)} ms; over 10 Mbit/s with 40 ms latency: ${slow.toFixed(0)} ms`,
    );
    const kbOf = (bytes: number) => bytes / 1024;
    recordFigure({
      measure: 'JavaScript and CSS before the sign-in page works',
      target: null,
      unit: 'KB on the wire',
      ours: kbOf(compressed.signInPage.bytes),
      peer: kbOf(plain.signInPage.bytes),
      peerName: 'same files uncompressed',
      limit: kbOf(SIGN_IN_BUDGET_BYTES),
      higherIsBetter: false,
    });
    recordFigure({
      measure: '/home after sign-in, more',
      target: null,
      unit: 'KB on the wire',
      ours: kbOf(compressed.home.bytes),
      higherIsBetter: false,
    });
    recordFigure({ measure: 'cold /customers to the first row', target: null, unit: 'ms', ours: direct, higherIsBetter: false });
    recordFigure({
      measure: 'cold /customers to the first row, 10 Mbit/s, 40 ms',
      target: null,
      unit: 'ms',
      ours: slow,
      higherIsBetter: false,
    });
    if (compressed.signInPage.bytes > SIGN_IN_BUDGET_BYTES) {
      process.exitCode = 1;
      console.error(
        `\n  OVER BUDGET: the sign-in page needs ${kb(compressed.signInPage.bytes)} on the wire; the budget is ${kb(SIGN_IN_BUDGET_BYTES)}.\n`,
      );
    } else console.log(`  budget ${kb(SIGN_IN_BUDGET_BYTES)} for the sign-in page: met`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
