import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { accessMessages } from '../../src/schema/userAccount';
import { DETAILS_SAVED } from '../../src/pages/userSettings/MyDetailsCard';
import { FIXTURE_COMPANY } from '../helpers/companyFixture';
import { browserSkipReason, expectAlert, MOBILE, signIn, useE2E } from './harness';
import { api, sendProposalByApi } from './pageApi';

/**
 * Issue 35 #11 and #14, as the office meets them: staff see Settings › Users' admin buttons
 * disabled with the reason; the first admin gives their name and email (Getting started asks),
 * and the client's page then names them as the contact — a salesperson with no details of
 * their own shows the company's phone and email.
 */

/** A sent proposal of a one-area estimate sold by `salesperson`: the client's link. */
async function sentProposal(office: Page, salesperson: number, projectName: string): Promise<string> {
  const address = { address1: '12 Mill Road', city: 'Pennington', state: 'NJ', zip: '08534' };
  const { id: customerID } = await api<{ id: number }>(office, 'POST', '/customers', { name: `${projectName} HOA`, type: 1, ...address });
  const { id: siteID } = await api<{ id: number }>(office, 'POST', `/customers/${customerID}/sites`, { name: 'Main', ...address });
  const { id: estimateID } = await api<{ id: number }>(office, 'POST', `/sites/${siteID}/estimates`, {
    projectName,
    salesperson,
    estimator: salesperson,
  });
  const { id: areaID } = await api<{ id: number }>(office, 'POST', `/estimates/${estimateID}/workAreas`, {
    name: 'Front Beds',
    tax: 'NJ',
    isIncluded: true,
  });
  await api(office, 'POST', `/workAreas/${areaID}/workAreaItems`, { name: 'Mulch', quantity: 4, unitCost: 20, unitPrice: 65 });
  const sent = await sendProposalByApi(office, estimateID, { to: ['board@mill.example'] });
  return new URL(sent.link).pathname;
}

/** The client's page, opened without signing in, at phone width: its "Your contact" block. */
async function contactOnClientPage(e2e: ReturnType<typeof useE2E>, path: string): Promise<string> {
  const client = await e2e.newPage({ viewport: MOBILE });
  await client.goto(path);
  const contact = client.locator('section.party').filter({ has: client.getByRole('heading', { name: 'Your contact' }) });
  await contact.waitFor();
  return (await contact.innerText()).replace(/\s+/g, ' ');
}

describe.skipIf(browserSkipReason())("the office's people (issue 35 #11, #14)", () => {
  const e2e = useE2E();

  test('Getting started asks the admin for their name and email; the client then sees them as the contact, and the company for a salesperson without details', async () => {
    const office = await e2e.newPage();
    await signIn(office);
    await api(office, 'PUT', '/company', { ...FIXTURE_COMPANY, version: 0 });
    const colleague = await api<{ account: { id: number } }>(office, 'POST', '/userAccounts', {
      username: 'sam',
      firstName: 'Sam',
      lastName: 'Field',
    });

    await office.goto('/home');
    const steps = office.getByRole('region', { name: 'Getting started' }).getByRole('listitem');
    const detailsStep = steps.filter({ hasText: 'Add your name and email' });
    await detailsStep.getByRole('img', { name: 'To do' }).waitFor();
    await detailsStep.getByRole('link', { name: 'Add your name and email' }).click();
    await office.waitForURL('**/user-settings');
    await office.getByLabel(/^First Name/).fill('Dana');
    await office.getByLabel(/^Last Name/).fill('Reyes');
    await office.getByLabel(/^Email/).fill('dana@greenfield.example');
    await office.getByLabel(/^Phone/).fill('6095550199');
    await office.getByRole('button', { name: 'Save Details' }).click();
    await expectAlert(office, 'Success', DETAILS_SAVED);
    await office.goto('/home');
    await office.getByRole('heading', { level: 1, name: 'Welcome, Dana!' }).waitFor();
    await office
      .getByRole('region', { name: 'Getting started' })
      .getByRole('listitem')
      .filter({ hasText: 'Add your name and email' })
      .getByRole('img', { name: 'Done' })
      .waitFor();

    const [me] = (await api<{ id: number; username: string }[]>(office, 'GET', '/users')).filter((u) => u.username === 'admin');
    const mine = await contactOnClientPage(e2e, await sentProposal(office, me.id, 'Dana Sells'));
    expect(mine).toContain('Dana Reyes');
    expect(mine).toContain('dana@greenfield.example');
    expect(mine).toContain('(609) 555-0199');
    expect(mine).not.toContain('Admin User');

    const theirs = await contactOnClientPage(e2e, await sentProposal(office, colleague.account.id, 'Sam Sells'));
    expect(theirs).toContain('Sam Field');
    expect(theirs).toContain(FIXTURE_COMPANY.email);
    expect(theirs).toContain(FIXTURE_COMPANY.phone);
  });

  test("staff see Settings › Users' admin buttons disabled, with the reason", async () => {
    const office = await e2e.newPage();
    await signIn(office);
    const { password } = await api<{ password: string }>(office, 'POST', '/userAccounts', {
      username: 'pat',
      firstName: 'Pat',
      lastName: 'Staff',
    });
    const staff = await e2e.newPage();
    await staff.goto('/login');
    await staff.getByLabel('Username').fill('pat');
    await staff.getByLabel('Password').fill(password);
    await staff.getByRole('button', { name: 'Login' }).click();
    // A one-time password is changed first.
    await staff.waitForURL('**/user-settings');
    await staff.getByLabel(/^Current Password/).fill(password);
    await staff.getByLabel(/^New Password/).fill('pat chose this one');
    await staff.getByLabel(/^Confirm New Password/).fill('pat chose this one');
    await staff.getByRole('button', { name: 'Save', exact: true }).click();
    await staff.waitForURL('**/home');

    await staff.goto('/settings?tab=users');
    const table = staff.getByRole('table', { name: 'Users' });
    await table.getByRole('cell', { name: 'admin', exact: true }).waitFor();
    const buttons = [
      staff.getByRole('button', { name: 'Add User' }),
      table.getByRole('button', { name: 'Reset the password of admin' }),
      table.getByRole('button', { name: 'Disable admin' }),
    ];
    for (const button of buttons) {
      await expect(button.isDisabled()).resolves.toBe(true);
      await expect(button.getAttribute('class')).resolves.toContain('Mui-disabled');
      await expect(button.evaluate((element) => getComputedStyle(element).cursor)).resolves.not.toBe('pointer');
    }
    // The reason, on hover and to a screen reader.
    await staff.getByRole('button', { name: 'Add User' }).locator('..').hover();
    await staff.getByRole('tooltip', { name: accessMessages.adminOnly }).waitFor();
    await expect(staff.getByRole('button', { name: 'Add User' }).getAttribute('aria-describedby')).resolves.toBeTruthy();
  });
});
