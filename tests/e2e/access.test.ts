import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN_PASSWORD, DESKTOP, MOBILE, browserSkipReason, openInApp, screenshot, signIn, useE2E } from './harness';
import { focusedName, lookOf, layoutShift, recordLayoutShifts, screenReady, seriousAxeProblems } from './accessAudit';

/**
 * Issue 20's access suite, in Chromium through the real server and the demo company: axe
 * (WCAG 2.0/2.1 A and AA) finds nothing serious or critical on any screen or open dialog,
 * every route names its browser tab, keyboard focus is always visible, the lists and detail
 * screens do not jump as their data arrives, and an estimate can be built and printed with
 * the keyboard alone.
 */

/** Every screen of SPEC §2 (demo records for the detail screens) and the tab title it must set. */
const SCREENS: { path: string; title: string | RegExp }[] = [
  { path: '/home', title: 'Home' },
  { path: '/customers', title: 'Customers' },
  { path: '/customers/1', title: /^[^—]+$/ },
  { path: '/sites', title: 'Sites' },
  { path: '/sites/1', title: /^[^—]+$/ },
  { path: '/estimates', title: 'Estimates' },
  { path: '/estimates/1/detail', title: /^Estimate #\d+-R\d+$/ },
  { path: '/estimates/1/workAreas', title: /^Estimate #\d+-R\d+$/ },
  { path: '/estimates/1/notes', title: /^Estimate #\d+-R\d+$/ },
  { path: '/itemCatalog', title: 'Item Catalog' },
  { path: '/termsConditions', title: 'Terms & Conditions' },
  { path: '/termsConditions/1', title: /^[^—]+$/ },
  { path: '/operations', title: 'Operations' },
  // Issue 40: the season's agreements, their visits and their billing.
  { path: '/agreements', title: 'Agreements' },
  { path: '/schedule', title: 'Schedule' },
  { path: '/schedule/today', title: 'Today' },
  { path: '/billing', title: 'Billing' },
  // Issue 41: the storms of the winter.
  { path: '/storms', title: 'Storms' },
  { path: '/services', title: 'Services' },
  { path: '/settings', title: 'Settings' },
  { path: '/user-settings', title: 'User Settings' },
  { path: '/no-such-page', title: 'Page not found' },
];

const LISTS = ['/customers', '/sites', '/estimates', '/itemCatalog', '/termsConditions', '/operations', '/services'];
const DETAILS = ['/customers/1', '/sites/1', '/estimates/1/detail', '/termsConditions/1'];
const MAX_LAYOUT_SHIFT = 0.05;

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function expectNoSeriousProblems(page: Page, where: string): Promise<void> {
  const problems = await seriousAxeProblems(page);
  expect(problems, `axe on ${where}`).toEqual([]);
}

async function openDialog(page: Page, opener: Locator, name: string | RegExp): Promise<Locator> {
  await opener.click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  // Let its transition end: axe reads colours, which are mid-fade until then.
  await page.waitForTimeout(400);
  return dialog;
}

/** Closes the dialog with Escape, and any it was opened from: the next audit starts on a bare screen. */
async function closeDialogs(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  const open = page.getByRole('dialog');
  for (let left = await open.count(); left > 0; left -= 1) {
    await page.keyboard.press('Escape');
    await expect.poll(() => open.count()).toBe(left - 1);
  }
}

describe.skipIf(browserSkipReason())('access: axe, titles, focus, layout shift and the keyboard', () => {
  const e2e = useE2E({ seedDemo: true });

  test('the sign-in page and every screen: no serious or critical axe finding, and a tab title of its own', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByLabel('Username').waitFor();
    await expect(page.title()).resolves.toBe('Sign in — Yardstick');
    await expectNoSeriousProblems(page, '/login');
    await page.getByLabel('Username').focus();
    await expectNoSeriousProblems(page, '/login with the username focused');
    await signIn(page);
    for (const screen of SCREENS) {
      await openInApp(page, screen.path);
      await screenReady(page);
      const title = await page.title();
      expect(title, screen.path).toMatch(/ — Yardstick$/);
      const name = title.replace(/ — Yardstick$/, '');
      if (typeof screen.title === 'string') expect(name, screen.path).toBe(screen.title);
      else expect(name, screen.path).toMatch(screen.title);
      await expectNoSeriousProblems(page, screen.path);
    }
    await page.setViewportSize(MOBILE);
    for (const { path } of SCREENS) {
      await openInApp(page, path);
      await screenReady(page);
      await expectNoSeriousProblems(page, `${path} at 390 px`);
    }
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await expectNoSeriousProblems(page, 'the phone navigation menu');
  });

  test('every dialog, desktop and phone: no serious or critical axe finding while it is open', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    const audits: [string, () => Promise<Locator>][] = [
      [
        'New Customer',
        async () => {
          await openInApp(page, '/customers');
          await screenReady(page);
          return openDialog(page, page.getByRole('button', { name: 'New Customer' }), 'New Customer');
        },
      ],
      [
        'New Site',
        async () => {
          await openInApp(page, '/sites');
          await screenReady(page);
          return openDialog(page, page.getByRole('button', { name: 'New Site' }), 'New Site');
        },
      ],
      [
        'New Estimate',
        async () => {
          await openInApp(page, '/estimates');
          await screenReady(page);
          return openDialog(page, page.getByRole('button', { name: 'New Estimate' }), 'New Estimate');
        },
      ],
      [
        'New Contact',
        async () => {
          await openInApp(page, '/customers/1');
          await screenReady(page);
          await page.getByRole('tab', { name: 'Contacts' }).click();
          return openDialog(page, page.getByRole('button', { name: 'New', exact: true }), 'New Contact');
        },
      ],
      [
        'Delete customer',
        async () => {
          await openInApp(page, '/customers/1');
          await screenReady(page);
          const del = page.getByRole('button', { name: 'Delete' });
          // A customer with estimates cannot be deleted: its button may be disabled (issue 20).
          if (await del.isDisabled()) {
            await openInApp(page, '/termsConditions/1');
            await screenReady(page);
          }
          return openDialog(page, page.getByRole('button', { name: 'Delete' }), /Delet/);
        },
      ],
      [
        'Work Area Editor',
        async () => {
          await openInApp(page, '/estimates/1/detail');
          await screenReady(page);
          return openDialog(page, page.getByRole('button', { name: 'New', exact: true }), /Work Area/);
        },
      ],
      [
        'Template Generator',
        async () => {
          await openInApp(page, '/estimates/1/detail');
          await screenReady(page);
          return openDialog(page, page.getByRole('button', { name: 'Generate Template' }), /Template/);
        },
      ],
      [
        'Work Area Item Editor and Fill Table Calculator',
        async () => {
          await openInApp(page, '/estimates/1/detail');
          await screenReady(page);
          await page.getByRole('table', { name: 'Work Areas' }).getByRole('row').nth(1).click();
          const dialog = await openDialog(page, page.getByRole('button', { name: 'New Item' }), /Item/);
          await expectNoSeriousProblems(page, 'the Work Area Item Editor');
          return openDialog(page, dialog.getByRole('button', { name: /Fill Table/ }), /Fill Table/);
        },
      ],
      [
        'Print',
        async () => {
          await openInApp(page, '/estimates/1/detail');
          await screenReady(page);
          return openDialog(page, page.getByRole('button', { name: 'Print' }), 'Print');
        },
      ],
      [
        'Send to Client',
        async () => {
          await openInApp(page, '/estimates/1/detail');
          await screenReady(page);
          const print = await openDialog(page, page.getByRole('button', { name: 'Print' }), 'Print');
          return openDialog(page, print.getByRole('button', { name: 'Send to client' }), 'Send to Client');
        },
      ],
      [
        'Item Editor',
        async () => {
          await openInApp(page, '/itemCatalog');
          await screenReady(page);
          return openDialog(page, page.getByRole('button', { name: 'New Item' }), /Item/);
        },
      ],
      [
        'New Term',
        async () => {
          await openInApp(page, '/termsConditions');
          await screenReady(page);
          return openDialog(page, page.getByRole('button', { name: /^New/ }), /Term/);
        },
      ],
      [
        'New Service',
        async () => {
          await openInApp(page, '/services');
          await screenReady(page);
          return openDialog(page, page.getByRole('button', { name: 'New Service' }), /Service/);
        },
      ],
      [
        'New User',
        async () => {
          await openInApp(page, '/settings');
          await screenReady(page);
          await page.getByRole('tab', { name: 'Users' }).click();
          return openDialog(page, page.getByRole('button', { name: /New User|Add/ }), /User/);
        },
      ],
    ];
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      for (const [name, open] of audits) {
        const dialog = await open();
        await expectNoSeriousProblems(page, `the ${name} dialog at ${viewport.width} px`);
        await closeDialogs(page, dialog);
      }
    }
    await page.setViewportSize(DESKTOP);
    // The operations filter popover.
    await openInApp(page, '/operations');
    await screenReady(page);
    await page
      .getByRole('button', { name: /Filter.*City/i })
      .first()
      .click();
    await page.getByRole('checkbox').first().waitFor();
    await page.waitForTimeout(400); // its fade-in: axe reads colours
    await expectNoSeriousProblems(page, 'the operations City filter');
  });

  test('keyboard focus is visible on every stop of the customers list, the navigation and an estimate', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    for (const path of ['/customers', '/estimates/1/detail']) {
      await page.goto(path);
      await screenReady(page);
      await page.locator('body').focus();
      const invisible: string[] = [];
      const seen = new Set<string>();
      for (let stop = 0; stop < 60; stop += 1) {
        await page.keyboard.press('Tab');
        const name = await focusedName(page);
        // Past the last stop focus leaves the page (the browser's own controls): the walk is done.
        if (name.startsWith('<body')) break;
        const handle = await page.evaluateHandle(() => document.activeElement);
        const identity = await handle.evaluate((element) => {
          const all = [...document.querySelectorAll('*')];
          return String(all.indexOf(element as Element));
        });
        if (seen.has(identity)) break; // wrapped round
        seen.add(identity);
        const focused = await lookOf(handle);
        // The same element blurred: the look must differ.
        await handle.evaluate((element) => (element as HTMLElement).blur());
        const blurred = await lookOf(handle);
        if (focused === blurred) invisible.push(name);
        // Back to where the walk was, as the keyboard had it.
        await handle.evaluate((element) => (element as HTMLElement).focus());
      }
      expect(seen.size, `Tab stops on ${path}`).toBeGreaterThan(10);
      expect(invisible, `stops on ${path} that look the same focused and not`).toEqual([]);
    }
  });

  test('lists and detail screens do not jump as their data arrives (CLS ≤ 0.05, desktop and phone)', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await e2e.newPage({ viewport });
      await recordLayoutShifts(page);
      await signIn(page);
      for (const path of [...LISTS, ...DETAILS]) {
        await page.goto(path);
        await screenReady(page);
        await page.waitForTimeout(500);
        const { total, shifts } = await layoutShift(page);
        console.log(`layout shift ${path} at ${viewport.width} px: ${total.toFixed(4)}`);
        expect(total, `layout shift of ${path} at ${viewport.width} px: ${shifts.join('; ')}`).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
      }
    }
  });

  test('an alert after a save leaves the title and the buttons visible; the work areas buttons fit a phone', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    await page.goto('/customers/1');
    await screenReady(page);
    await page.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Customer Saved' });
    await alert.waitFor();
    for (const target of [heading(page), page.getByRole('button', { name: 'Save' }), page.getByRole('button', { name: 'Delete' })]) {
      // Once the alert has opened its room (a short slide down), nothing is under it.
      const overlaps = async () => {
        const [box, alertBox] = [(await target.boundingBox())!, (await alert.boundingBox())!];
        return (
          box.x < alertBox.x + alertBox.width &&
          alertBox.x < box.x + box.width &&
          box.y < alertBox.y + alertBox.height &&
          alertBox.y < box.y + box.height
        );
      };
      await expect.poll(overlaps, { message: `the alert covers ${await target.textContent()}`, timeout: 2000 }).toBe(false);
    }
    await screenshot(page, 'alert-beside-title');

    await page.setViewportSize(MOBILE);
    await page.goto('/estimates/1/detail');
    await screenReady(page);
    const card = page.locator('.MuiCard-root').filter({ has: page.getByRole('table', { name: 'Work Areas' }) });
    const cardBox = (await card.boundingBox())!;
    for (const name of ['New', 'Generate Template']) {
      const box = (await card.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.x + box.width, `${name} ends inside its card`).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      expect(box.x, `${name} starts inside its card`).toBeGreaterThanOrEqual(cardBox.x);
    }
    await screenshot(page, 'work-areas-phone');
  });

  test('route changes move focus to the heading; Skip to content; a closed dialog gives focus back', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    await page.goto('/home');
    await screenReady(page);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers' }).click();
    await page.waitForURL('**/customers');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Customers');

    // On a page just loaded, the first Tab stop is the skip link; it takes focus past the navigation.
    await page.reload();
    await screenReady(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await expect(skip.isVisible()).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Customers');

    // Print's dialog returns focus to Print when it closes.
    await page.goto('/estimates/1/detail');
    await screenReady(page);
    const print = page.getByRole('button', { name: 'Print' });
    await print.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Print' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => print.evaluate((element) => element === document.activeElement)).toBe(true);
    // And after printing from it (the PDF opens in a tab of its own).
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    const pdfTab = page.context().waitForEvent('page');
    await dialog.getByRole('button', { name: 'Print' }).click();
    await dialog.waitFor({ state: 'detached' });
    await (await pdfTab).close();
    await expect.poll(() => print.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  test('the keyboard alone: sign in → customer → new estimate → work area → item → notes (leaving the editor with Escape + Tab) → print', async () => {
    const page = await e2e.newPage();
    const press = (key: string) => page.keyboard.press(key);
    /** Tabs until the focused element matches, at most `limit` times. */
    const tabTo = async (matches: (name: string) => boolean, limit = 80, key = 'Tab') => {
      for (let stop = 0; stop < limit; stop += 1) {
        // Passing through a rich-text editor, a keyboard user leaves it with Escape first.
        if (/role=textbox/.test(await focusedName(page))) await press('Escape');
        await press(key);
        if (matches(await focusedName(page))) return;
      }
      throw new Error(`No Tab stop matched; the last was ${await focusedName(page)}`);
    };
    await page.goto('/login');
    await page.getByLabel('Username').waitFor();
    await page.keyboard.type('admin');
    await press('Tab');
    await page.keyboard.type(ADMIN_PASSWORD);
    await press('Enter');
    await page.waitForURL('**/home');
    await screenReady(page);

    // Focus is on the page's heading: back up into the navigation to its Customers link, then
    // forward to the first customer row's link.
    await expect.poll(() => focusedName(page)).toMatch(/^<h1/);
    await tabTo((name) => name === '<a> Customers', 20, 'Shift+Tab');
    await press('Enter');
    await page.waitForURL('**/customers');
    await screenReady(page);
    await tabTo((name) => name.startsWith('<a row-link>'));
    const customerName = (await focusedName(page)).replace(/^<a row-link> /, '');
    await press('Enter');
    await page.waitForURL(/\/customers\/\d+$/);
    await screenReady(page);

    // The Estimates tab, its New button, the New Estimate modal filled in by keyboard.
    // The tabs are one Tab stop (the selected one); the arrow keys move between them.
    await tabTo((name) => /role=tab> Contacts/.test(name));
    await press('ArrowRight');
    await press('ArrowRight');
    await expect.poll(() => focusedName(page)).toMatch(/role=tab> Estimates/);
    await press('Enter');
    await tabTo((name) => /> New$/.test(name));
    await press('Enter');
    const newEstimate = page.getByRole('dialog', { name: 'New Estimate' });
    await newEstimate.waitFor();
    await expect(newEstimate.getByRole('combobox', { name: 'Customer' }).inputValue()).resolves.toBe(customerName);
    await newEstimate.getByLabel(/^Project Name/).waitFor();
    // Focus is in the dialog; Project Name is a few Tab stops away at most.
    for (let i = 0; i < 12; i += 1) {
      if (await newEstimate.getByLabel(/^Project Name/).evaluate((input) => input === document.activeElement)) break;
      await press('Tab');
    }
    await page.keyboard.type('Keyboard Only Project');
    await tabTo((name) => /> Save$/.test(name), 20);
    await press('Enter');
    await page.waitForURL(/\/estimates\/\d+\/detail$/);
    await screenReady(page);

    // A work area: New → the editor → name → Save.
    await tabTo((name) => /> New$/.test(name));
    await press('Enter');
    const areaEditor = page.getByRole('dialog', { name: /Work Area/ });
    await areaEditor.waitFor();
    for (let i = 0; i < 12; i += 1) {
      if (await areaEditor.getByLabel(/^Name/).evaluate((input) => input === document.activeElement)) break;
      await press('Tab');
    }
    await page.keyboard.type('Front Beds');
    await press('Escape'); // closes the name suggestions, if open
    await tabTo((name) => /> Save$/.test(name), 30);
    await press('Enter');
    await areaEditor.waitFor({ state: 'detached' });
    const areas = page.getByRole('table', { name: 'Work Areas' });
    await areas.getByRole('cell', { name: 'Front Beds', exact: true }).waitFor();

    // A new area comes selected; its row toggles the selection from the keyboard too.
    await page.getByRole('heading', { name: 'Items: Front Beds' }).waitFor();
    await tabTo((name) => name.startsWith('<tr') && name.includes('Front Beds'));
    await press('Enter');
    await page.getByText('Select a work area to see its items and notes.').waitFor();
    await press('Enter');
    await page.getByRole('heading', { name: 'Items: Front Beds' }).waitFor();
    await tabTo((name) => /> New Item$/.test(name));
    await press('Enter');
    const itemEditor = page.getByRole('dialog', { name: /Item/ });
    await itemEditor.waitFor();
    for (let i = 0; i < 15; i += 1) {
      if (
        await itemEditor
          .getByLabel(/^Name/)
          .first()
          .evaluate((input) => input === document.activeElement)
      )
        break;
      await press('Tab');
    }
    await page.keyboard.type('Mulch');
    for (const [label, value] of [
      [/^Quantity/, '3'],
      [/^Unit Price/, '45'],
    ] as const) {
      for (let i = 0; i < 20; i += 1) {
        if (await itemEditor.getByLabel(label).evaluate((input) => input === document.activeElement)) break;
        await press('Tab');
      }
      await page.keyboard.type(value);
    }
    await tabTo((name) => /> Save$/.test(name), 30);
    await press('Enter');
    await itemEditor.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Work Area Items' }).getByRole('cell', { name: 'Mulch', exact: true }).waitFor();

    // The notes editor: Tab indents inside it, Escape then Tab leaves it for its Save button.
    await tabTo((name) => /role=textbox/.test(name) && /Notes/i.test(name));
    await page.keyboard.type('Edge all beds.');
    await press('Tab');
    await expect.poll(() => focusedName(page)).toMatch(/role=textbox/);
    await press('Escape');
    await press('Tab');
    // Out of the editor, on the next control: the notes' Save.
    await expect.poll(() => focusedName(page)).toMatch(/^<button> Save$/);
    await press('Enter');
    await page.getByText('Work Area Note Saved').first().waitFor();

    // Print, by keyboard: the dialog opens, its Print button is reachable.
    await tabTo((name) => /> Print$/.test(name), 120, 'Shift+Tab');
    await press('Enter');
    const printDialog = page.getByRole('dialog', { name: 'Print' });
    await printDialog.waitFor();
    await tabTo((name) => /> Print$/.test(name), 30);
    await screenshot(page, 'keyboard-walk-print');
    await press('Escape');
    await printDialog.waitFor({ state: 'detached' });
  });
});
