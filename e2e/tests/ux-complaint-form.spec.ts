import { expect, test } from '@playwright/test';
import { signUpCitizen, signedInContext } from './complaints.helpers';

// Issue 15, item 6: pasting more than 5,000 characters no longer cuts the text silently.
test('the complaint text shows a character counter and says so when the 5,000 limit is reached', async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const context = await signedInContext(browser, citizen, 'citizen');
  const page = await context.newPage();
  await page.goto('/complaints/crime');
  const what = page.getByRole('textbox', { name: 'What happened', exact: true });
  await what.fill('A bus overtook on the bend.');
  await expect(page.locator('#what_happened-counter')).toHaveText('27 of 5,000 characters');
  await expect(what).toHaveAttribute('aria-describedby', /what_happened-counter/);

  // A paste longer than the limit: the field keeps 5,000 and the page says the rest was not added.
  await what.focus();
  await what.evaluate((element: HTMLTextAreaElement) => element.select());
  await page.keyboard.insertText('x'.repeat(5200));
  await expect(what).toHaveValue('x'.repeat(5000));
  await expect(page.locator('#what_happened-counter')).toContainText('You have reached the limit of 5,000 characters');

  // The same in Sinhala.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('si');
  await expect(page.locator('#what_happened-counter')).toContainText('අක්ෂර 5,000 සීමාවට');
  await context.close();
});

// Issue 15, item 6: the complainant is usually the citizen: their name, identity number and home address come filled in, editable.
test("a citizen's complaint form starts with their own name, identity number and home address, which they may change", async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const context = await signedInContext(browser, citizen, 'citizen');
  const page = await context.newPage();
  await page.goto('/complaints/crime');
  const name = page.locator('#full_name');
  await expect(name).toHaveValue('Nimal Perera');
  await expect(page.locator('#id_number')).toHaveValue(citizen.nic);
  // The address given at signup (complaints.helpers.ts).
  const address = page.locator('#home_address');
  await expect(address).toHaveValue('12 Galle Road, Colombo 03');
  // Prefilled is untouched: no draft, so a link leaves without asking.
  await page.locator('#main-nav a[href="/track"]').click();
  await expect(page).toHaveURL(/\/track$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/complaints/crime');
  await expect(address).toHaveValue('12 Galle Road, Colombo 03');
  await name.fill('Kamala Perera');
  await expect(name).toHaveValue('Kamala Perera');
  await address.fill('7 Temple Lane, Kandy');
  // A change is kept as a draft over a reload (the browser's leave prompt, if any, answered Leave).
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(address).toHaveValue('7 Temple Lane, Kandy');
  await expect(name).toHaveValue('Kamala Perera');
  await context.close();
});
