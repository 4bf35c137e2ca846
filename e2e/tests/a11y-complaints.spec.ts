import { expect, test, type Page } from '@playwright/test';
import { ADMIN, CRIME_OFFICER, createSlotWithOfficer, fileCrimeComplaint, signUpCitizen, signedInContext, slotDay } from './complaints.helpers';
import { seriousViolations } from './axe.helpers';

const LANGUAGES = ['en', 'si', 'ta'] as const;

let citizen: { username: string; password: string };
let reference: string;

// The pages are scanned with something to show: a slot with an officer and a complaint with an attachment.
test.beforeAll(async ({ request }) => {
  citizen = await signUpCitizen(request);
  const slot = await createSlotWithOfficer(request, 'Crime Branch', CRIME_OFFICER.fullName);
  reference = (await fileCrimeComplaint(request, citizen, slot.id)).reference_number;
});

async function openPage(page: Page, path: string, language: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

for (const language of LANGUAGES) {
  test(`citizen complaint pages in ${language}: no serious accessibility problem`, async ({ browser }) => {
    const context = await signedInContext(browser, citizen, 'citizen', language);
    const page = await context.newPage();
    for (const path of ['/complaint', '/complaints/traffic', '/complaints/crime', '/complaints/minor-offence']) {
      await openPage(page, path, language);
      await expect(page.locator('#station option').nth(1).or(page.locator('.complaint-types'))).toBeAttached();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    // The crime form with its errors shown, and with a kind of crime chosen.
    await page.locator('form button[type=submit]').click();
    await expect(page.locator('.error-summary')).toBeVisible();
    expect(await seriousViolations(page), 'crime form with errors').toEqual([]);

    await openPage(page, '/track-complaint', language);
    await expect(page.getByRole('heading', { name: new RegExp(reference) })).toBeVisible();
    expect(await seriousViolations(page), '/track-complaint').toEqual([]);
    await page.locator('.complaint-card__more summary').first().click();
    expect(await seriousViolations(page), '/track-complaint with details open').toEqual([]);
    await context.close();
  });

  test(`admin dashboard in ${language}: no serious accessibility problem`, async ({ browser }) => {
    const context = await signedInContext(browser, ADMIN, 'admin', language);
    const page = await context.newPage();
    await openPage(page, '/admin/dashboard', language);
    // The overview on the day of the slot made above.
    await page.locator('#overview-date').fill(slotDay);
    await expect(page.locator('.slots__table tbody tr').first()).toBeVisible();
    await expect(page.locator('.slots__officer').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // With a slot selected and the delete confirmation open.
    await page.locator('.slots__table tbody tr').first().locator('button[aria-pressed]').click();
    await expect(page.locator('.slots__table button[aria-pressed=true]')).toBeVisible();
    expect(await seriousViolations(page), 'slot selected').toEqual([]);
    await page.locator('.slots__table .button--danger').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page), 'delete confirmation').toEqual([]);
    await context.close();
  });

  test(`police dashboard with the complaint queue and its modal in ${language}: no serious accessibility problem`, async ({ browser }) => {
    const context = await signedInContext(browser, CRIME_OFFICER, 'police', language);
    const page = await context.newPage();
    await openPage(page, '/police/dashboard', language);
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await row.locator('.link-button').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(reference);
    await expect(dialog.locator('.attachment__image')).toBeVisible();
    expect(await seriousViolations(page), 'complaint modal').toEqual([]);
    // The status form with its error shown.
    await dialog.getByRole('combobox').fill('');
    await dialog.locator('form button[type=submit]').click();
    await expect(dialog.locator('#complaint-status-error')).toBeVisible();
    expect(await seriousViolations(page), 'status form with error').toEqual([]);
    await context.close();
  });
}
