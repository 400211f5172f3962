/**
 * console.error fails a UI test (tests/ui/setup.ts) unless the test declared it expected.
 * The one expected case so far: react-admin logs every failed data provider call in
 * development, so a test of a failing call allows that log with `allowFailedCallLogs()`.
 */
import { HttpError } from 'react-admin';

type Matcher = (args: unknown[]) => boolean;

const allowed: Matcher[] = [];

export function allowConsoleError(matcher: Matcher): void {
  allowed.push(matcher);
}

/** Allows react-admin's development log of a rejected call with this HTTP status. */
export function allowFailedCallLogs(status: number): void {
  allowConsoleError((args) => args.length === 1 && args[0] instanceof HttpError && args[0].status === status);
}

export function isAllowedConsoleError(args: unknown[]): boolean {
  return allowed.some((matches) => matches(args));
}

export function resetAllowedConsoleErrors(): void {
  allowed.length = 0;
}
