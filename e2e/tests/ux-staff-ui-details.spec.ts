import { expect, test } from '@playwright/test';
import { ADMIN, colomboDay, signedInContext } from './complaints.helpers';
import { CLEARANCE_OFFICER, applyAndPay } from './clearance.helpers';

/**
 * Smaller staff defects (issue 25, item 18): the add-slot form's stale server messages, and the clearance modal's
 * station and history notes in English in Sinhala and Tamil.
 */
test('the add-slot form drops a server refusal once a value changes, and never shows one beside new field errors', async ({ browser }) => {
  const context = await signedInContext(browser, ADMIN, 'admin');
  const page = await context.newPage();
  await page.goto('/admin/dashboard');
  const form = page.locator('section[aria-labelledby="add-slot-title"]');
  const minute = 6 * 60 + 5 * Math.floor(Math.random() * 190);
  const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const fill = async (from: string, to: string) => {
    await form.getByLabel('Date').fill(colomboDay(3));
    await form.getByLabel('From').fill(from);
    await form.getByLabel('To').fill(to);
    await form.getByLabel('Branch').selectOption('Minor Offense Branch');
  };
  await fill(clock(minute), clock(minute + 25));
  await form.getByRole('button', { name: 'Add Slot' }).click();
  const result = form.getByTestId('add-slot-result');
  await expect(result).toContainText('Slot added');
  await fill(clock(minute), clock(minute + 25));
  await form.getByRole('button', { name: 'Add Slot' }).click();
  await expect(result).toContainText('An identical slot');
  // The admin edits a value: the refusal of the values sent goes.
  await form.getByLabel('To').fill(clock(minute + 30));
  await expect(result).toBeEmpty();
  // Refused again by the server, then a try the browser refuses: only the field errors speak.
  await form.getByLabel('To').fill(clock(minute + 25));
  await form.getByRole('button', { name: 'Add Slot' }).click();
  await expect(result).toContainText('An identical slot');
  await form.getByLabel('From').fill('');
  await form.getByRole('button', { name: 'Add Slot' }).click();
  await expect(form.locator('.error-summary')).toBeVisible();
  await expect(result).toBeEmpty();
  await context.close();
});

test('the clearance modal names the station and says the history notes in Sinhala', async ({ browser, request }) => {
  const paid = await applyAndPay(request);
  const context = await signedInContext(browser, CLEARANCE_OFFICER, 'police', 'si');
  const page = await context.newPage();
  await page.goto('/police/dashboard');
  await page.locator('#clearance-search').fill(paid.citizen.nic);
  await expect(page.locator('.clearance-officer tbody tr')).toHaveCount(1);
  await page.locator('.clearance-officer tbody tr').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('කොල්ලුපිටිය පොලිස් ස්ථානය', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Kollupitiya Police Station', { exact: true })).toHaveCount(0);
  const history = dialog.locator('section[aria-labelledby="clearance-history"]');
  await expect(history).toContainText('ගාස්තුව ගෙවන ලදී');
  await expect(history).not.toContainText('Fee paid');
  await context.close();
});
