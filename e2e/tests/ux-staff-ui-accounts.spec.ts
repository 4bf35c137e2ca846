import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signedInContext } from './complaints.helpers';
import { bearer, unique } from './fines.helpers';
import { answerSecondFactorInPage } from './staff-auth.helpers';

/**
 * Deactivated accounts (issue 25, item 18): a deactivated officer is told so after the right password only; the
 * administrator lists deactivated accounts with their total and reactivates one, after which it signs in again.
 */
const OWN_STATION = 'Borella Police Station';
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement === document.body ? 'body' : (document.activeElement?.textContent ?? '')));

test('a deactivated officer is told so, is listed as deactivated, and signs in again once reactivated', async ({ browser, page, request }) => {
  const asAdmin = await bearer(request, ADMIN, 'admin');
  const officer = { username: unique('retired.'), password: 'Jackfruit-Lantern-Monsoon-27' };
  // At a station of its own: once reactivated it is an idle Crime Branch officer, and at the demo officer's station it
  // would be given the anonymous reports other tests look for in the demo officer's queue.
  const created = await request.post('/api/admin/users/create-officer', {
    headers: asAdmin,
    data: { ...officer, full_name: 'Sunil Retired', officer_id: unique('RT').toUpperCase(), branch: 'Crime Branch', station: OWN_STATION },
  });
  expect(created.status(), await created.text()).toBe(201);
  const userId = ((await created.json()) as { officer: { user_id: number } }).officer.user_id;
  expect((await request.delete(`/api/admin/users/${userId}`, { headers: asAdmin })).status()).toBe(200);

  // The police sign-in: a wrong password hears what anyone hears; the right one learns the account is deactivated.
  await page.goto('/police/login');
  await page.getByLabel('Username').fill(officer.username);
  await page.getByLabel('Password').fill('Wrong-password1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await page.getByLabel('Password').fill(officer.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('This account has been deactivated. Ask an administrator to reactivate it.')).toBeVisible();

  // The administrator lists the deactivated accounts, sees the total, and reactivates this one.
  const context = await signedInContext(browser, ADMIN, 'admin');
  const admin = await context.newPage();
  await admin.goto('/admin/users');
  await admin.getByLabel('Search by username or name').fill(officer.username);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(admin.getByTestId('users-total')).toHaveText('Active accounts found: 0');
  await admin.getByLabel('Accounts').selectOption('deactivated');
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(admin.getByTestId('users-total')).toHaveText('Deactivated accounts found: 1');
  const rows = admin.getByRole('table', { name: 'Users' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Sunil Retired');
  await rows.first().getByRole('button', { name: 'Reactivate Sunil Retired' }).click();
  const done = `Sunil Retired (${officer.username}) was reactivated`;
  await expect(admin.getByText(done)).toBeVisible();
  await expect.poll(() => focusedText(admin)).toContain(done);
  await expect(admin.getByTestId('users-total')).toHaveText('Deactivated accounts found: 0');
  await context.close();

  await page.getByRole('button', { name: 'Login' }).click();
  // Its first sign-in that gets past the password: the second factor's set-up.
  await answerSecondFactorInPage(page, officer.username);
  await expect(page).toHaveURL(/\/police\/dashboard/);
});
