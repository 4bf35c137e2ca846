import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.helpers';
import { ADMIN, signUpCitizen, signedInContext } from './complaints.helpers';

const PHONE = { width: 390, height: 844 };

/*
 * Issues 45 (item 17) and 48 ("Who has looked at my data?"): an administrator views a citizen's account with its
 * identity photos; the citizen, on a phone, sees that view (branch, station, the photos; never who) and sends it to
 * the administrators' attention, who mark it handled. One audit entry for the view, however many photos it showed.
 */
test('a citizen sees an administrator’s view of their identity photos, flags it, and the administrator handles it', async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);

  // The administrator opens the citizen's details: three photos shown.
  const adminContext = await signedInContext(browser, ADMIN, 'admin');
  const admin = await adminContext.newPage();
  await admin.goto('/admin/users');
  await admin.getByLabel('Search by username or name').fill(citizen.username);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  const rows = admin.getByRole('table', { name: 'Users' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: 'View Nimal Perera' }).click();
  await expect(admin.getByText('Live photo').first()).toBeVisible();

  // On the administrator's audit log: one entry for that view, naming the three photos.
  await admin.goto('/admin/audit');
  const viewed = admin.getByRole('table').locator('tbody tr').filter({ hasText: citizen.username });
  await expect(viewed.first()).toContainText('the identity photo (front), the identity photo (back), the live photo');
  await expect(viewed).toHaveCount(1);

  // The citizen's account page, on a phone.
  const citizenContext = await signedInContext(browser, citizen, 'citizen');
  const phone = await citizenContext.newPage();
  await phone.setViewportSize(PHONE);
  await phone.goto('/account/devices');
  await phone.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Who looked at my data' }).click();
  await expect(phone).toHaveURL(/\/account\/data-views$/);
  await expect(phone.getByRole('heading', { level: 1, name: 'Who has looked at my data?' })).toBeVisible();
  const table = phone.getByRole('table', { name: 'Times staff opened your data, newest first' });
  const entries = table.locator('tbody tr');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('Your identity photos: Identity photo (front), Identity photo (back), Live photo');
  await expect(entries.first()).toContainText('Administrator');
  await expect(table).not.toContainText(ADMIN.username);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await seriousViolations(phone)).toEqual([]);

  // "I did not expect this": the outcome takes the focus, and the entry says where it went.
  await entries
    .first()
    .getByRole('button', { name: /^I did not expect this: / })
    .click();
  await expect(phone.locator(':focus')).toContainText('The administrators will look into this view of your data.');
  await expect(entries.first()).toContainText('Sent to the administrators');
  expect(await seriousViolations(phone)).toEqual([]);

  // The same page in Sinhala.
  const sinhalaContext = await signedInContext(browser, citizen, 'citizen', 'si');
  const sinhala = await sinhalaContext.newPage();
  await sinhala.goto('/account/data-views');
  await expect(sinhala.getByRole('heading', { level: 1, name: 'මගේ දත්ත බැලුවේ කවුද?' })).toBeVisible();
  await expect(sinhala.getByRole('table').locator('tbody tr').first()).toContainText('ඔබගේ හැඳුනුම්පත් ඡායාරූප');
  await expect(sinhala.getByRole('table').locator('tbody tr').first()).toContainText('පරිපාලක');
  expect(await seriousViolations(sinhala)).toEqual([]);
  await sinhalaContext.close();

  // The administrator's attention list names the account, the view and who opened it; marking it handled is audited.
  await admin.goto('/admin/data-view-flags');
  const flags = admin.getByRole('table', { name: 'Views citizens did not expect' }).locator('tbody tr').filter({ hasText: citizen.username });
  await expect(flags).toHaveCount(1);
  await expect(flags.first()).toContainText('Identity photos');
  await expect(flags.first()).toContainText(ADMIN.username);
  expect(await seriousViolations(admin)).toEqual([]);
  await flags
    .first()
    .getByRole('button', { name: new RegExp(`^Mark handled: ${citizen.username}`) })
    .click();
  await expect(admin.locator(':focus')).toContainText('Marked handled.');
  await expect(flags).toHaveCount(0);
  await admin.getByLabel('Show').selectOption('handled');
  await expect(flags.first()).toContainText(`by ${ADMIN.username}`);

  await admin.goto('/admin/audit');
  await admin.getByLabel('Action').selectOption('data_view.flag_handled');
  await admin.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(admin.getByRole('table').locator('tbody tr').filter({ hasText: citizen.username })).toHaveCount(1);

  await adminContext.close();
  await citizenContext.close();
});
