import { describe, expect, test } from 'vitest';
import { ADMIN_PASSWORD, browserSkipReason, signIn, useE2E } from './harness';

describe.skipIf(browserSkipReason())('sign-in in the browser', () => {
  const e2e = useE2E();

  test('a protected page without a session sends you to /login', async () => {
    const page = await e2e.newPage();
    await page.goto('/customers');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
  });

  test('a wrong password shows the server message and stays on /login', async () => {
    e2e.allowConsoleErrors(/status of 401/);
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(`${ADMIN_PASSWORD}-wrong`);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid username or password.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(page.evaluate(() => sessionStorage.getItem('IDToken'))).resolves.toBeNull();
  });

  test('the right password lands on /home with a stored token', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    expect(new URL(page.url()).pathname).toBe('/home');
    const token = await page.evaluate(() => sessionStorage.getItem('IDToken'));
    expect(token?.split('.')).toHaveLength(3);
  });
});
