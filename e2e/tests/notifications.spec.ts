import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.helpers';
import { STATION, createSlotWithOfficer, fileCrimeComplaint, signUpCitizen, signedInContext } from './complaints.helpers';
import { DEMO_ADMIN_PASSWORD } from '../../server/src/seed/demo-accounts';

test('a citizen chooses Sinhala and e-mail only on the settings page; the choice is kept on the account', async ({ browser }) => {
  const citizen = await signUpCitizen((await browser.newContext()).request);
  const context = await signedInContext(browser, citizen, 'citizen');
  const page = await context.newPage();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByLabel('Language of the portal and your messages')).toHaveValue('en');
  await expect(page.getByLabel('E-mail')).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Language of the portal and your messages').selectOption('si');
  await page.getByLabel('SMS (text message)').uncheck();
  await page.getByRole('button', { name: 'Save settings' }).click();
  // The portal now speaks Sinhala, and focus is on the outcome.
  await expect(page.getByRole('heading', { level: 1, name: 'සැකසුම්' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('ඔබගේ සැකසුම් සුරකින ලදී.');
  await expect(page.locator(':focus')).toContainText('ඔබගේ සැකසුම් සුරකින ලදී.');
  expect(await seriousViolations(page)).toEqual([]);

  // Loaded again (this test's sign-in script shows English on every load): the account's choices come from the server.
  await page.reload();
  await expect(page.getByLabel('Language of the portal and your messages')).toHaveValue('si');
  await expect(page.getByLabel('SMS (text message)')).not.toBeChecked();
  await expect(page.getByLabel('E-mail')).toBeChecked();
  await context.close();
});

test("a citizen's language chosen in the header is saved to their account, where the settings page reads it", async ({ browser }) => {
  const citizen = await signUpCitizen((await browser.newContext()).request);
  const context = await signedInContext(browser, citizen, 'citizen');
  const page = await context.newPage();
  await page.goto('/settings');
  const language = page.getByLabel('Language of the portal and your messages');
  await expect(language).toHaveValue('en');

  await page.locator('#language-select').selectOption('ta');
  await expect(page.getByRole('heading', { level: 1, name: 'அமைப்புகள்' })).toBeVisible();
  // The settings page reads the account again once the header's choice is saved; a reload shows it from the server.
  await expect(page.getByLabel('இணையவாயில் மற்றும் உங்கள் செய்திகளின் மொழி')).toHaveValue('ta');
  await page.reload();
  await expect(language).toHaveValue('ta');
  await expect(page.getByLabel('E-mail')).toBeChecked();
  await context.close();
});

test("the administrator's message list shows a citizen's messages kept without a configured channel, with their text", async ({ browser }) => {
  const request = (await browser.newContext()).request;
  const citizen = await signUpCitizen(request);
  const slot = await createSlotWithOfficer(request, 'Crime Branch');
  const { reference_number: reference } = await fileCrimeComplaint(request, citizen, slot.id);
  const context = await signedInContext(browser, { username: 'admin', password: DEMO_ADMIN_PASSWORD }, 'admin');
  const page = await context.newPage();
  await page.goto('/admin/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages to citizens' })).toBeVisible();
  await page.getByLabel('Recipient').fill(`${citizen.username}@example.lk`);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  // The e-mail arrives in the list once its event has been handled (a job, within seconds).
  const row = page.getByRole('row').filter({ hasText: 'Complaint received' }).filter({ hasText: 'E-mail' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(row).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText('Kept (no service configured)');
  await row.locator('summary', { hasText: `Complaint ${reference} received` }).click();
  await expect(row.locator('pre')).toContainText(`${STATION}`);
  await expect(row.locator('pre')).toContainText('/settings');
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
