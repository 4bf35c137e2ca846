import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe.helpers';
import { ADMIN, signedInContext } from './complaints.helpers';
import { bearer, unique } from './fines.helpers';
import { claimCode, rememberSecret } from './staff-auth.helpers';

/**
 * Staff's second factor (issue 23), through the browser: a new officer sets it up (QR code and key, a code computed
 * here, recovery codes to download), signs in with a code, a replayed code is refused, a recovery code signs in once,
 * and an administrator's reset sends the officer through set-up again. Keyboard only where it matters; axe on each step.
 */
const OWN_STATION = 'Borella Police Station';

async function passwordStep(page: Page, who: { username: string; password: string }) {
  await page.goto('/police/login');
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test('an officer sets up the second factor, signs in with a code, a replay is refused, a recovery code works once, and an admin reset starts set-up again', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const officer = { username: unique('mfa.'), password: 'Jackfruit-Lantern-Monsoon-27' };
  const created = await request.post('/api/admin/users/create-officer', {
    headers: await bearer(request, ADMIN, 'admin'),
    data: { ...officer, full_name: 'Ruwan Twofactor', officer_id: unique('MF').toUpperCase(), branch: 'Crime Branch', station: OWN_STATION },
  });
  expect(created.status(), await created.text()).toBe(201);
  const baseURL = test.info().project.use.baseURL!;

  // First sign-in: the set-up step, focused, with the QR code (alt text) and the key as text.
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await passwordStep(page, officer);
  const setupHeading = page.getByRole('heading', { name: 'Set up your second sign-in step' });
  await expect(setupHeading).toBeFocused();
  await expect(page.getByRole('img', { name: /QR code to add your Sri Lanka Police e-Services account/ })).toBeVisible();
  const secret = ((await page.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  rememberSecret(baseURL, officer.username, secret);
  expect(await seriousViolations(page), 'set-up step').toEqual([]);

  // A wrong code is refused in words beside the field; then the right one, by keyboard.
  const codeField = page.getByLabel('Code from the app');
  await codeField.fill('000000');
  await codeField.press('Enter');
  await expect(page.locator('#mfa-setup-code-error')).toContainText('This code is not correct');
  await codeField.fill(await claimCode(baseURL, officer.username, secret));
  await codeField.press('Enter');

  // The recovery codes, shown once: ten, to download (.txt) or print.
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  const codes = (await page.getByTestId('recovery-codes').locator('li').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  expect(await seriousViolations(page), 'recovery codes').toEqual([]);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download codes (.txt)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('pes-recovery-codes.txt');
  const text = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(text).toString('utf8')).toContain(codes[0]);
  await expect(page.getByRole('button', { name: 'Print codes' })).toBeVisible();
  await page.getByRole('button', { name: 'I have saved them: continue' }).click();
  await expect(page).toHaveURL(/\/police\/dashboard$/);
  await page.getByRole('button', { name: 'Logout' }).click();

  // The next sign-in asks for a code; it signs in once.
  await passwordStep(page, officer);
  const verifyHeading = page.getByRole('heading', { name: 'Enter your sign-in code' });
  await expect(verifyHeading).toBeFocused();
  expect(await seriousViolations(page), 'code step').toEqual([]);
  const code = await claimCode(baseURL, officer.username, secret);
  await page.getByLabel('Code from the app').fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/police\/dashboard$/);
  await page.getByRole('button', { name: 'Logout' }).click();

  // The same code again (a replay within its window) is refused.
  await passwordStep(page, officer);
  await page.getByLabel('Code from the app').fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.locator('#mfa-code-error')).toHaveText('This code has already been used. Wait for the next code.');
  await expect(page.getByRole('link', { name: /Code from the app/ })).toBeVisible();

  // A recovery code instead (keyboard: the switch, then the field): signs in.
  await page.getByRole('button', { name: 'Use a recovery code instead' }).focus();
  await page.keyboard.press('Enter');
  const recoveryField = page.getByLabel('Recovery code');
  await expect(recoveryField).toBeVisible();
  expect(await seriousViolations(page), 'recovery code step').toEqual([]);
  await recoveryField.fill(codes[0]!);
  await recoveryField.press('Enter');
  await expect(page).toHaveURL(/\/police\/dashboard$/);
  await page.getByRole('button', { name: 'Logout' }).click();

  // The same recovery code again is refused.
  await passwordStep(page, officer);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.locator('#mfa-recovery-code-error')).toHaveText('This recovery code is not correct or has already been used.');

  // The administrator resets the officer's second factor from the user's details (confirmed, audited).
  const admin = await (await signedInContext(browser, ADMIN, 'admin')).newPage();
  await admin.goto('/admin/users');
  await admin.getByLabel('Search by username or name').fill(officer.username);
  await admin.keyboard.press('Enter');
  // By the username: other runs' officers share the name, and the list may show them until the search applies.
  await admin
    .getByRole('row')
    .filter({ hasText: officer.username })
    .getByRole('button', { name: /^View Ruwan Twofactor/ })
    .click();
  await admin.getByRole('button', { name: 'Reset second sign-in step' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Reset the second sign-in step?' });
  await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(admin.getByText(`The second sign-in step of Ruwan Twofactor (${officer.username}) was reset`)).toBeVisible();
  expect(await seriousViolations(admin), 'user details after the reset').toEqual([]);
  await admin.goto('/admin/audit');
  await expect(admin.getByText(`Reset the second sign-in step of Ruwan Twofactor (${officer.username})`).first()).toBeVisible();
  await admin.context().close();

  // At the next sign-in the officer sets it up again.
  await passwordStep(page, officer);
  await expect(setupHeading).toBeVisible();
  await context.close();
});
