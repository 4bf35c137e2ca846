import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from './complaints.helpers';
import { signUpCitizen, signedInContext, unique } from './fines.helpers';

/**
 * Focus after an administrator's action (issue 25): the outcome is in view and has the focus, never the page
 * body, after Create officer (the message sat above the view) and after Delete user (the panel and its button go).
 */
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement === document.body ? 'body' : (document.activeElement?.textContent ?? '')));

test('after Create officer the success message is in view and focused', async ({ browser }) => {
  const context = await signedInContext(browser, ADMIN, 'admin');
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/create-officer');
  await page.getByLabel('Username').fill(unique('officer.'));
  await page.getByLabel('Password').fill('Jackfruit-Lantern-Monsoon-27');
  await page.getByLabel('Full name').fill('Kamal Silva');
  await page.getByLabel('Officer ID').fill(unique('OF'));
  await page.getByLabel('Rank').fill('Sergeant');
  await page.getByLabel('Branch').selectOption('Crime Branch');
  await page.getByRole('button', { name: 'Create officer' }).click();
  const done = page.getByText('Officer account created successfully.');
  await expect(done).toBeVisible();
  await expect.poll(() => focusedText(page)).toContain('Officer account created successfully.');
  await expect(done).toBeInViewport();
  await context.close();
});

test('after Delete user the notice is in view and focused', async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const context = await signedInContext(browser, ADMIN, 'admin');
  const page = await context.newPage();
  await page.goto('/admin/users');
  await page.getByLabel('Search by username or name').fill(citizen.username);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const rows = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: /^View/ }).click();
  await page.getByRole('button', { name: 'Delete User' }).click();
  await page
    .getByRole('dialog', { name: 'Delete user' })
    .getByRole('button', { name: `Delete ${citizen.username}` })
    .click();
  const notice = page.getByText(`(${citizen.username}) was deleted.`);
  await expect(notice).toBeVisible();
  await expect.poll(() => focusedText(page)).toContain(`(${citizen.username}) was deleted.`);
  await expect(notice).toBeInViewport();
  await context.close();
});
