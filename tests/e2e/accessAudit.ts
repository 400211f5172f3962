import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { JSHandle, Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.0 and 2.1 A and AA rules of axe-core. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeProblem {
  rule: string;
  impact: string;
  nodes: string[];
}

/**
 * axe-core's serious and critical findings on the page as it is now (open dialogs included).
 * The script is evaluated through the DevTools protocol, which the page's
 * Content-Security-Policy does not govern, so the app's policy stays as strict as in use.
 */
export async function seriousAxeProblems(page: Page): Promise<AxeProblem[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: unknown,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[]; failureSummary: string }[] }[] }>;
        };
      }
    ).axe;
    // Only violations are wanted: axe then keeps one node of each passed rule, not all (its own advice for speed).
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      nodes: v.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary.split('\n').slice(1).join(' ').trim()}`),
    }));
  }, WCAG_AA);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Starts adding up layout shifts (Cumulative Layout Shift, without those right after input) in
 * every document the page loads; `layoutShift(page)` reads the sum of the current document.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { __layoutShift: number; __layoutShifts: string[] };
    record.__layoutShift = 0;
    record.__layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        record.__layoutShift += entry.value;
        const nodes = (entry.sources ?? []).map((source) =>
          source.node instanceof Element ? `${source.node.tagName}.${source.node.className}`.slice(0, 80) : String(source.node?.nodeName),
        );
        record.__layoutShifts.push(`${entry.value.toFixed(4)} ${nodes.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export async function layoutShift(page: Page): Promise<{ total: number; shifts: string[] }> {
  return page.evaluate(() => {
    const record = window as unknown as { __layoutShift: number; __layoutShifts: string[] };
    return { total: record.__layoutShift, shifts: record.__layoutShifts };
  });
}

/** What shows that an element has focus: its outline, shadow, background and border, and those of its row. */
export async function lookOf(element: JSHandle): Promise<string> {
  return element.evaluate((node) => {
    if (!(node instanceof Element) || node === document.body) return 'body';
    const look = (target: Element | null) => {
      if (!target) return '';
      const style = getComputedStyle(target);
      return [
        style.outlineStyle,
        style.outlineWidth,
        style.outlineColor,
        style.boxShadow,
        style.backgroundColor,
        style.borderColor,
        style.textDecorationLine,
      ].join('|');
    };
    return `${look(node)}#${look(node.closest('tr'))}`;
  });
}

/** A short name of the focused element, for messages. */
export async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return 'nothing';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    const role = element.getAttribute('role') ? ` role=${element.getAttribute('role')}` : '';
    const rowLink = element.hasAttribute('data-row-link') ? ' row-link' : '';
    return `<${element.tagName.toLowerCase()}${role}${rowLink}> ${name}`;
  });
}

/** Waits for a screen to have shown its heading and settled (lists: rows or their empty line). */
export async function screenReady(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .locator('[role="progressbar"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}
