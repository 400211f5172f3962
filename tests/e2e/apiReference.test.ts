import { describe, expect, test } from 'vitest';
import { browserSkipReason, signIn, useE2E } from './harness';
import { APP_VERSION } from '../../src/domain/constants';

describe.skipIf(browserSkipReason())('the API reference through the real server', () => {
  const e2e = useE2E();

  test('Settings links to a readable reference page, which needs no script and breaks no policy', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    await page.goto('/settings');
    const [reference] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'API reference' }).click()]);
    const problems: string[] = [];
    reference.on('console', (message) => message.type() === 'error' && problems.push(`${message.text()} [${message.location().url}]`));
    reference.on('pageerror', (error) => problems.push(error.message));
    reference.on('response', (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`));
    await reference.waitForLoadState('load');
    expect(new URL(reference.url()).pathname).toBe('/api/reference');
    await expect.poll(() => reference.getByRole('heading', { level: 1 }).textContent()).toBe(`Yardstick API ${APP_VERSION}`);
    await reference.getByRole('link', { name: 'GET /api/customers/{id}', exact: true }).click();
    expect(new URL(reference.url()).hash).toBe('#getCustomersId');
    await expect.poll(() => reference.locator('#getCustomersId').getByText('Get a customer').isVisible()).toBe(true);
    await reference.locator('#getCustomersId').getByRole('link', { name: 'Customer', exact: true }).first().click();
    expect(new URL(reference.url()).hash).toBe('#schema-Customer');
    const document = await reference.request.get('/api/openapi.json');
    expect(((await document.json()) as { openapi: string }).openapi).toBe('3.1.0');
    expect(problems).toEqual([]);
  });
});
