import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason, screenshot, signIn, useE2E, expectAlert } from './harness';

/** The editor's HTML, and how its paragraphs look (computed by the browser). */
async function editorState(page: Page) {
  return page.locator('.ProseMirror').evaluate((editor) => ({
    html: editor.innerHTML,
    bold: [...editor.querySelectorAll('strong')].map((b) => b.textContent),
    paragraphs: [...editor.querySelectorAll('p')].map((p) => ({
      // Chrome may type the space after a bold run as a no-break space: the same to the eye.
      text: p.textContent?.replace(/\u00a0/g, ' '),
      align: getComputedStyle(p).textAlign,
      indent: p.style.marginLeft,
    })),
  }));
}

describe.skipIf(browserSkipReason())('item catalogue and terms in the browser', () => {
  const e2e = useE2E();

  test('an item with a BETWEEN_EXCLUSIVE rule previews its price, saves and reopens with it', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    await page.getByRole('link', { name: 'Item Catalog' }).click();
    await page.waitForURL('**/itemCatalog');
    // The starter catalogue is there on first start.
    await page.getByRole('cell', { name: 'Lawn mowing', exact: true }).waitFor();

    await page.getByRole('button', { name: 'New Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Item' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, 'Warning', 'Form is invalid.');
    for (const message of ['Name is required.', 'Cost is required.', 'Price is required.']) await dialog.getByText(message).waitFor();

    await dialog.getByLabel(/^Name/).fill('Hedge trimming');
    await dialog.getByLabel(/^Units/).fill('linear ft');
    await dialog.getByLabel(/^Cost/).fill('20');
    await dialog
      .getByLabel(/^Price/)
      .first()
      .fill('40');
    await dialog.getByRole('button', { name: 'Add Rule' }).click();
    await dialog.getByRole('combobox', { name: /^Type/ }).click();
    await page.getByRole('option', { name: /^Between/ }).click();
    await dialog.getByLabel(/^Range Start/).fill('0');
    await dialog.getByLabel(/^Range End/).fill('100');
    await dialog.getByLabel(/^Step/).fill('10');
    await dialog.getByLabel(/^Secondary Price/).fill('5');
    await dialog.getByLabel('Preview size').fill('35');
    // 40 + (35 − 0) / 10 × 5
    await dialog.getByRole('status').filter({ hasText: 'Unit price: $57.50' }).waitFor();
    await dialog.getByLabel('Preview size').fill('100');
    await dialog.getByRole('status').filter({ hasText: 'No rule gives a price for this size.' }).waitFor();
    await screenshot(page, 'item-editor-price-rule');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, 'Success', 'Item Saved');
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'Hedge trimming' });
    await row.getByText('$40.00').waitFor();
    await row.click();
    const editor = page.getByRole('dialog', { name: 'Edit Item' });
    await expect(editor.getByLabel(/^Range End/).inputValue()).resolves.toBe('100');
    await editor.getByLabel('Preview size').fill('35');
    await editor.getByRole('status').filter({ hasText: 'Unit price: $57.50' }).waitFor();
  });

  test('a term with bold text, a centered paragraph and a Tab indent survives save and reload', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    await page.getByRole('link', { name: 'Terms & Conditions' }).click();
    await page.waitForURL('**/termsConditions');
    await page.getByRole('cell', { name: 'Payment Terms', exact: true }).waitFor();

    await page.getByRole('button', { name: 'New Term & Condition' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Term & Condition' });
    await dialog.getByLabel(/^Name/).fill('Winter Access');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/termsConditions\/\d+$/);
    await expectAlert(page, 'Success', 'Term & Condition Saved');

    const content = page.locator('.ProseMirror');
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await content.click();
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Gates open');
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' by 7 am.');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Center' }).click();
    await page.keyboard.type('Centered line');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Align left' }).click();
    await page.keyboard.press('Tab');
    await page.keyboard.type('Indented line');
    await page.getByLabel('Always Include on Proposals').check();

    const typed = await editorState(page);
    expect(typed.bold).toEqual(['Gates open']);
    expect(typed.paragraphs).toEqual([
      { text: 'Gates open by 7 am.', align: 'start', indent: '' },
      { text: 'Centered line', align: 'center', indent: '' },
      { text: 'Indented line', align: 'start', indent: '2em' },
    ]);

    await page.getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, 'Success', 'Term & Condition Saved');
    await page.reload();
    await page.getByRole('heading', { name: 'Winter Access' }).waitFor();
    await content.getByText('Indented line').waitFor();
    expect(await editorState(page)).toEqual(typed);
    await expect(page.getByLabel('Always Include on Proposals').isChecked()).resolves.toBe(true);
    await screenshot(page, 'term-detail-rich-text');

    await page.getByRole('link', { name: 'Terms & Conditions' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Winter Access' });
    await expect(row.getByRole('cell').nth(1).textContent()).resolves.toBe('7');
  });
});
