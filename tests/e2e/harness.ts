import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ADMIN_PASSWORD, ROOT, startServer, type RunningServer, type ServerOptions } from './server';
import { OFFICE_TIME_ZONE } from '../../src/domain/constants';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export { ADMIN_PASSWORD } from './server';
export { CHROMIUM_PATH } from './chromium';

export const SCREENSHOT_DIR = join(ROOT, 'test-results', 'screenshots');
export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/**
 * Why the browser tests cannot run here, or undefined when they can. Under CI=true a missing
 * browser is an error: the suite must run there, not skip.
 */
export function browserSkipReason(): string | undefined {
  if (existsSync(CHROMIUM_PATH)) return undefined;
  const reason = `${CHROMIUM_PATH} not found (Debian: apt-get install chromium)`;
  if (process.env.CI === 'true') throw new Error(`CI=true: the browser tests must run, not skip: ${reason}`);
  console.warn(`Browser tests skipped: ${reason}`);
  return reason;
}

export interface E2E {
  /** http://127.0.0.1:<port> of the server under test. */
  readonly baseUrl: string;
  /**
   * A page in a fresh browser context (its own cookies and sessionStorage). Any console error
   * or uncaught error on it fails the current test, unless it matches `allowConsoleErrors`.
   */
  newPage(options?: { viewport?: { width: number; height: number }; deviceScaleFactor?: number }): Promise<Page>;
  /** Console errors matching this are expected in the current test (e.g. a 401 on a bad login). */
  allowConsoleErrors(pattern: RegExp): void;
}

/**
 * One browser for the whole run (issue 37): the browser files share their worker's modules
 * (`isolate: false` in vite.config.ts), so this is launched by the first file that asks and
 * used by every file after it, each in browser contexts of its own. Launched again if it went
 * away; it ends with the worker's process.
 */
let runBrowser: Browser | undefined;

async function sharedBrowser(): Promise<Browser> {
  if (!runBrowser?.isConnected())
    runBrowser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  return runBrowser;
}

/**
 * Registers the hooks of a browser test file: one server (started with `serverOptions`) for
 * the file and the run's browser, page errors checked after each test, the file's server and
 * browser contexts stopped and removed at the end.
 */
export function useE2E(serverOptions: ServerOptions = {}): E2E {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let pageErrors: string[] = [];
  let allowed: RegExp[] = [];

  beforeAll(async () => {
    server = await startServer(serverOptions);
    browser = await sharedBrowser();
  });

  afterEach(async (context) => {
    const errors = pageErrors;
    if (context.task.result?.state === 'fail') await screenshotOpenPages(contexts, context.task.name);
    await Promise.all(contexts.map((browserContext) => browserContext.close()));
    contexts = [];
    pageErrors = [];
    allowed = [];
    expect(errors, 'console errors or uncaught errors on the page').toEqual([]);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((browserContext) => browserContext.close()));
    await server?.stop();
  });

  return {
    get baseUrl() {
      if (!server) throw new Error('The server is not running (beforeAll failed?)');
      return server.baseUrl;
    },
    async newPage({ viewport = DESKTOP, deviceScaleFactor = 1 } = {}) {
      if (!browser || !server) throw new Error('The browser is not running (beforeAll failed?)');
      // The office's browser clock (NJ/PA/DE).
      const context = await browser.newContext({ viewport, deviceScaleFactor, baseURL: server.baseUrl, timezoneId: OFFICE_TIME_ZONE });
      contexts.push(context);
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // For a failed load, the location is the resource that failed.
        const source = message.location().url;
        const text = source && source !== page.url() ? `${message.text()} [${source}]` : message.text();
        if (!allowed.some((pattern) => pattern.test(text))) pageErrors.push(`console error on ${page.url()}: ${text}`);
      });
      page.on('pageerror', (error) => pageErrors.push(`uncaught error on ${page.url()}: ${error.stack ?? error.message}`));
      return page;
    },
    allowConsoleErrors(pattern) {
      allowed.push(pattern);
    },
  };
}

/** What the pages looked like when a test failed: test-results/screenshots/FAILED-<test>-<n>.png. */
async function screenshotOpenPages(contexts: BrowserContext[], testName: string): Promise<void> {
  const pages = contexts.flatMap((browserContext) => browserContext.pages());
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  for (const [index, page] of pages.entries()) {
    await screenshot(page, `FAILED-${slug}-${index + 1}`).catch(() => undefined);
  }
}

/** Signs in through the login screen and waits for /home. */
export async function signIn(page: Page, username = 'admin', password = ADMIN_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/home');
}

/** Saves a full-page PNG under test-results/screenshots/ and prints where. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  console.log(`screenshot: ${path.replace(`${ROOT}/`, '')}`);
  return path;
}

/**
 * Waits for the global alert with this title and message (SPEC §8). While a modal is open MUI
 * marks the rest of the page aria-hidden, the alert area included, hence includeHidden.
 */
export async function expectAlert(page: Page, title: 'Success' | 'Warning' | 'Error', message: string): Promise<void> {
  const alert = page.getByRole('alert', { includeHidden: true }).filter({ hasText: message }).first();
  await alert.waitFor();
  expect(await alert.textContent()).toContain(title);
}

/**
 * Opens `path` in the SPA already running in `page` as the app's own links do (the router's
 * history, no reload): a screen reached this way is the screen a user sees after a click, and
 * the tests that tour every screen do not load and parse the whole app again for each one.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    // The router's own entry shape ({usr, key, idx}), so that it counts this as one step forward.
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}
