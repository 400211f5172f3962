/**
 * Setup of every UI test: jest-dom matchers, a clean DOM, storage, cookies and alert between
 * tests, and any console.error during a test fails it (React and react-admin report real
 * problems there: act() warnings, bad props, failed renders).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterAll, afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { clearAlert } from '../../src/admin/alerts/alertStore';
import { screensPreloading } from '../../src/admin/lazyScreen';
import { isAllowedConsoleError, resetAllowedConsoleErrors } from './consoleErrors';
import { forgetUnsavedQuestion } from './unsavedQuestion';

// Whole-app tests render a lot on a shared two-core machine: give findBy/waitFor room.
configure({ asyncUtilTimeout: 5000 });

let consoleErrorSpy: MockInstance<typeof console.error> | undefined;
let consoleErrors: string[] = [];

function clearCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

beforeEach(() => {
  consoleErrors = [];
  consoleErrorSpy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!isAllowedConsoleError(args)) consoleErrors.push(format(...args));
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  clearAlert();
  sessionStorage.clear();
  localStorage.clear();
  clearCookies();
  forgetUnsavedQuestion();
  consoleErrorSpy?.mockRestore();
  consoleErrorSpy = undefined;
  resetAllowedConsoleErrors();
  if (consoleErrors.length > 0) {
    const messages = consoleErrors.join('\n---\n');
    consoleErrors = [];
    throw new Error(`console.error was called during the test:\n${messages}`);
  }
});

// The shell fetches every screen's code in the background once signed in (src/admin/lazyScreen.ts):
// the file waits for it, so that no module is still loading when its environment is torn down
// (CI: "Cannot load …/Restore.js … after the environment was torn down" in the next file).
afterAll(() => screensPreloading(), 60_000);
