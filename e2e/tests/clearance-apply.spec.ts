import { expect, test, type Browser, type Page } from '@playwright/test';
import { PDF, PNG } from './complaints.helpers';
import { bearer, signUpCitizen, signedInContext } from './fines.helpers';
import { seriousViolations } from './axe.helpers';

/**
 * The nine-step clearance application in the browser: a signed-out citizen fills steps 1–6 (step 2 by keyboard
 * only), is sent to sign in at step 7 and comes back to the same step with every field filled, uploads real
 * files (progress, preview, replace, remove, a refused file), declares, pays with the test card, sees the
 * success page and tracks the application. axe on the wizard in en, si and ta.
 */
const LANGUAGES = ['en', 'si', 'ta'] as const;

async function anonymousContext(browser: Browser, language: string) {
  const context = await browser.newContext();
  await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
  return context;
}

const heading = (page: Page, step: number, name: string) => page.getByRole('heading', { level: 2, name: `Step ${step} of 9: ${name}` });
const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
const summary = (page: Page) => page.locator('.error-summary');

test('a signed-out citizen fills the nine steps, signs in at step 7 with the draft intact, uploads, pays and tracks', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const citizen = await signUpCitizen(request);
  const context = await anonymousContext(browser, 'en');
  const page = await context.newPage();

  await page.goto('/clearance');
  await page.getByRole('link', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\/clearance\/apply$/);
  await expect(heading(page, 1, 'Application details')).toBeVisible();

  // Step 1: Next checks the step; the summary links to each field.
  await next(page);
  await expect(summary(page)).toBeFocused();
  await expect(summary(page).getByRole('link', { name: /^Nationality:/ })).toBeVisible();
  await summary(page)
    .getByRole('link', { name: /^Date of birth:/ })
    .click();
  await expect(page.getByLabel('Date of birth')).toBeFocused();
  await page.getByLabel('Nationality').selectOption('sri_lankan');
  await page.getByLabel('Date of birth').fill('1985-07-02');
  await expect(page.getByLabel('Age', { exact: true })).toHaveValue(/^4\d$/);
  // Yes to "left before 16" opens the mission notice with a searchable country list, and Next refuses.
  await page.getByRole('radio', { name: 'Yes' }).check();
  await expect(page.getByRole('heading', { name: 'Apply through a Sri Lankan mission' })).toBeVisible();
  await page.getByLabel('Search for a country').fill('canad');
  await expect(page.getByRole('list', { name: 'Countries' }).getByRole('button')).toHaveText(['Canada']);
  await page.getByRole('button', { name: 'Canada' }).click();
  await expect(page.getByText('Apply through the Sri Lankan mission in Canada.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to clearance' })).toHaveAttribute('href', '/clearance');
  await next(page);
  await expect(summary(page)).toContainText('apply through a Sri Lankan mission abroad');
  await page.getByRole('radio', { name: 'No' }).check();
  await next(page);

  // Step 2 by keyboard only: the step's heading has the focus, Tab moves through the fields, Enter goes on.
  await expect(heading(page, 2, 'Identity')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'NIC number', exact: true })).toBeFocused();
  // Signed out, the visitor types a NIC (here not the account's they will sign in with: it gives way to it).
  const typedNic = citizen.nic === '200001012345' ? '200001012346' : '200001012345';
  await page.keyboard.type(typedNic);
  await page.keyboard.press('Tab');
  await page.keyboard.type(typedNic.slice(0, -1) + (typedNic.endsWith('1') ? '2' : '1'));
  await page.keyboard.press('Tab'); // new NIC (optional)
  await page.keyboard.press('Tab');
  await page.keyboard.type('N1234567');
  await page.keyboard.press('Tab');
  await page.keyboard.type('n1234567');
  await page.keyboard.press('Tab');
  // The country is chosen from the suggestions: Down to the first, Enter takes it (and does not send the form).
  const country = page.getByRole('combobox', { name: 'Country the certificate is for' });
  await expect(country).toBeFocused();
  await page.keyboard.type('Cana');
  await expect(page.getByRole('listbox', { name: 'Country the certificate is for' }).getByRole('option').first()).toHaveText('Canada');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(country).toHaveValue('Canada');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Nearest police station')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(summary(page)).toBeFocused();
  await expect(summary(page)).toContainText('NIC numbers do not match');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Confirm NIC number')).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(typedNic);
  await page.keyboard.press('Enter');
  await expect(heading(page, 3, 'Personal details')).toBeFocused();

  // Step 3.
  await page.getByLabel('Full name as in NIC').fill('Sunil Fernando');
  await page.getByLabel('Sex').selectOption('male');
  await page.getByLabel('Title').selectOption('Mr');
  await page.getByLabel('Name to print on the certificate').fill('Sunil Fernando');
  await page.getByLabel('Passport issue date').fill('1980-01-01');
  await next(page);
  await expect(summary(page)).toContainText('The passport issue date cannot be before the date of birth.');
  await page.getByLabel('Passport issue date').fill('2020-01-15');
  await next(page);

  // Step 4 with a residence whose dates are the wrong way round.
  await expect(heading(page, 4, 'Addresses and residence history')).toBeVisible();
  await page.getByLabel('Address in Sri Lanka').fill('45 Kandy Road, Kadawatha');
  await page.getByLabel('Occupation').fill('Accountant');
  await page.getByLabel('Purpose of the certificate').fill('Permanent residence visa');
  await page.getByRole('button', { name: 'Add a previous residence' }).click();
  const residence = page.getByRole('group', { name: 'Residence 1' });
  await residence.getByLabel('Address').fill('12 Galle Road, Colombo 3');
  await residence.getByLabel('Police area').fill('Kollupitiya');
  await residence.getByLabel('From date').fill('2015-01-01');
  await residence.getByLabel('To date').fill('2010-01-01');
  await next(page);
  await expect(summary(page)).toContainText('Residence 1: To date: From Date must be before To Date');
  await residence.getByLabel('To date').fill('2019-12-31');
  await next(page);

  // Step 5 with e-mails that differ.
  await expect(heading(page, 5, 'Delivery and contact')).toBeVisible();
  await page.getByLabel('Delivery address line 1').fill('45 Kandy Road');
  await page.getByLabel('City').fill('Kadawatha');
  await page.getByLabel('Postal code').fill('11850');
  await page.getByLabel('State or province').fill('Western');
  await page.getByRole('combobox', { name: 'Country', exact: true }).fill('Sri Lanka');
  await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill('+94712345678');
  await page.getByLabel('Confirm mobile number').fill('+94712345678');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${citizen.username}@example.lk`);
  await page.getByLabel('Confirm email').fill(`other@example.lk`);
  await next(page);
  await expect(summary(page)).toContainText('Emails do not match');
  await page.getByLabel('Confirm email').fill(`${citizen.username}@example.lk`);
  await next(page);

  // Step 6, then step 7 needs an account: the draft is kept and the citizen signs in.
  await expect(heading(page, 6, 'Spouse')).toBeVisible();
  await page.getByLabel("Spouse's full name").fill('Nirmala Fernando');
  await next(page);
  await expect(page.getByText('Please log in to continue')).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill(citizen.username);
  await page.getByLabel('Password').fill(citizen.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/clearance\/apply$/);
  await expect(heading(page, 7, 'Documents')).toBeVisible();

  // Every field is still filled: look back through the steps.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByLabel("Spouse's full name")).toHaveValue('Nirmala Fernando');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByLabel('Confirm email')).toHaveValue(`${citizen.username}@example.lk`);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Residence 1' }).getByLabel('To date')).toHaveValue('2019-12-31');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByLabel('Full name as in NIC')).toHaveValue('Sunil Fernando');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  // Signed in, the NIC is the account's, shown and not asked for: what was typed before gave way to it.
  const nicField = page.getByRole('textbox', { name: 'NIC number', exact: true });
  await expect(nicField).toHaveValue(citizen.nic);
  await expect(nicField).toHaveAttribute('readonly', '');
  await expect(nicField).toHaveAccessibleDescription(/From your account/);
  await expect(page.getByLabel('Confirm NIC number')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Passport number (optional)', exact: true })).toHaveValue('N1234567');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByLabel('Date of birth')).toHaveValue('1985-07-02');
  // The signed-in citizen's draft is on the server too.
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/clearance/draft', {
        headers: { authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('token'))}` },
      });
      return ((await res.json()) as { draft: { data: { spouse?: { full_name?: string } } } | null }).draft?.data.spouse?.full_name;
    })
    .toBe('Nirmala Fernando');
  for (let step = 1; step <= 6; step++) await next(page);

  // Step 7: each document is uploaded as it is chosen.
  await expect(heading(page, 7, 'Documents')).toBeVisible();
  await expect(page.getByLabel('Birth certificate front', { exact: false })).toHaveCount(0);
  await next(page);
  await expect(summary(page)).toContainText('NIC front is required');
  await expect(summary(page)).toContainText('NIC back is required');
  await page.getByLabel(/^NIC front/).setInputFiles({ name: 'nic-front.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Preview of NIC front' })).toBeVisible();
  await expect(page.getByTestId('upload-nicFront')).toContainText('nic-front.png');
  // The chosen file is named once (by the picker), and the emptied input is still described by it.
  await expect(page.getByTestId('upload-nicFront').getByText('nic-front.png')).toHaveCount(1);
  await expect(page.getByLabel(/^NIC front/)).toHaveAccessibleDescription(/nic-front\.png/);
  await page.getByLabel(/^NIC back/).setInputFiles({ name: 'nic-back.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('upload-nicBack')).toContainText('PDF');
  await expect(page.getByTestId('upload-nicBack')).toContainText('nic-back.pdf');
  // Replace, remove, and a file the server refuses.
  await page.getByLabel(/^NIC front/).setInputFiles({ name: 'nic-front-2.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('upload-nicFront')).toContainText('nic-front-2.png');
  await page.getByLabel('Passport personal details page').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('upload-passportPersonalPage')).toContainText('passport.png');
  await page.getByRole('button', { name: 'Remove Passport personal details page' }).click();
  await expect(page.getByTestId('upload-passportPersonalPage')).not.toContainText('passport.png');
  await page.getByLabel('Passport page with countries').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  // The server refuses it by its bytes, and its reason is shown with the document's name.
  await expect(page.getByRole('alert').filter({ hasText: 'Passport page with countries: This file type is not accepted.' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await next(page);

  // Step 8 and 9.
  await expect(heading(page, 8, 'Declaration')).toBeVisible();
  await next(page);
  await expect(summary(page)).toContainText('You must accept the declaration');
  await page.getByLabel('I agree to the declaration').check();
  await next(page);
  await expect(heading(page, 9, 'Payment')).toBeVisible();
  await expect(page.locator('.clearance-facts')).toContainText('LKR 5,000.00');
  // The answers are read back before paying.
  const review = page.getByRole('region', { name: 'Check your answers' });
  await expect(review.getByRole('region', { name: 'Basic information' })).toContainText('Canada');
  await expect(review.getByRole('region', { name: 'Delivery' })).toContainText('Sri Lanka');
  await expect(review.getByRole('region', { name: 'Spouse' })).toContainText('Nirmala Fernando');
  await page.getByRole('button', { name: 'Proceed to payment' }).click();
  await expect(summary(page)).toContainText('Confirm that you agree to pay the fee.');
  await page.getByLabel('I agree to pay the fee shown above').check();
  await page.getByRole('button', { name: 'Proceed to payment' }).click();

  await expect(page).toHaveURL(/\/checkout\//);
  await page.getByLabel('Card number').fill('');
  await page.getByLabel('Card number').pressSequentially('4242424242424242');
  await page.getByLabel('Expiry date').fill('');
  await page.getByLabel('Expiry date').pressSequentially('1230');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Sunil Fernando');
  await page.getByRole('button', { name: 'Pay LKR 5,000.00' }).click();

  await expect(page).toHaveURL(/\/clearance\/success\?.*session_id=/);
  const reference = page.getByTestId('clearance-reference');
  await expect(reference).toHaveText(/^PCC-\d{4}-\d{6}$/);
  const referenceNumber = (await reference.textContent())!;

  await page.goto('/track-clearance');
  await expect(page.getByText(referenceNumber)).toBeVisible();
  await expect(page.locator('.clearance-status--pending')).toBeVisible();
  // The draft is gone after the payment was verified, and no second application is offered while this one is open
  // (one open application per citizen): the page says so and leads to it.
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.includes('clearance')))).toEqual([]);
  await page.goto('/clearance/apply');
  const inProgress = page.getByRole('status').filter({ hasText: 'You already have a clearance application in progress' });
  await expect(inProgress).toContainText(referenceNumber);
  await inProgress.getByRole('link', { name: 'Track my application' }).click();
  await expect(page).toHaveURL(/\/track-clearance$/);
  await context.close();
});

test("a signed-in citizen's draft is saved on the server and resumed on another device at the same step", async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const first = await signedInContext(browser, citizen, 'citizen');
  const page = await first.newPage();
  await page.goto('/clearance/apply');
  await page.getByLabel('Nationality').selectOption('other');
  await page.getByLabel('Other nationality').fill('Maldivian');
  await page.getByLabel('Date of birth').fill('1990-03-04');
  await page.getByRole('radio', { name: 'No' }).check();
  await next(page);
  await expect(heading(page, 2, 'Identity')).toBeVisible();
  // The NIC is the account's: shown, not typed.
  await expect(page.getByRole('textbox', { name: 'NIC number', exact: true })).toHaveValue(citizen.nic);
  await page.getByLabel('Country the certificate is for').fill('Maldives');
  const asCitizen = await bearer(request, citizen, 'citizen');
  await expect
    .poll(async () => {
      const { draft } = (await (await request.get('/api/clearance/draft', { headers: asCitizen })).json()) as {
        draft: { step: number; data: { nic_number?: string; country?: string } } | null;
      };
      return draft && `${draft.step} ${draft.data.nic_number} ${draft.data.country}`;
    })
    .toBe(`2 ${citizen.nic} Maldives`);
  await first.close();

  // Another browser (no draft in its tab) gets the server's draft.
  const second = await signedInContext(browser, citizen, 'citizen');
  const other = await second.newPage();
  await other.goto('/clearance/apply');
  await expect(heading(other, 2, 'Identity')).toBeVisible();
  await expect(other.getByRole('textbox', { name: 'NIC number', exact: true })).toHaveValue(citizen.nic);
  await expect(other.getByLabel('Country the certificate is for')).toHaveValue('Maldives');
  await other.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(other.getByLabel('Other nationality')).toHaveValue('Maldivian');
  await expect(other.getByLabel('Age', { exact: true })).not.toHaveValue('');
  await second.close();
});

test('in Sinhala, a country is picked from the suggestions by keyboard and read back in Sinhala; a free-text draft country is refused on Next', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const citizen = await signUpCitizen(request);
  const asCitizen = await bearer(request, citizen, 'citizen');
  const upload = async (name: string) => {
    const res = await request.post('/api/clearance/upload', { headers: asCitizen, multipart: { file: { name, mimeType: 'image/png', buffer: PNG } } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { file: { path: string } }).file.path;
  };
  // A draft saved before the country list: at step 2, its delivery country typed as free text.
  const email = `${citizen.username}@example.lk`;
  const data = {
    application_type: 'new',
    nationality: 'sri_lankan',
    date_of_birth: '1985-07-02',
    left_before_sixteen: 'no',
    nic_number: citizen.nic,
    confirm_nic_number: citizen.nic,
    country: '',
    station: 'Kollupitiya Police Station',
    full_name_nic: 'Sunil Fernando',
    sex: 'male',
    title: 'Mr',
    name_to_print: 'Sunil Fernando',
    address_sri_lanka: '45 Kandy Road, Kadawatha',
    occupation: 'Accountant',
    purpose: 'Work visa',
    delivery_address1: '45 Kandy Road',
    delivery_city: 'Kadawatha',
    delivery_postal_code: '11850',
    delivery_state: 'Western',
    delivery_country: 'Ceylon',
    mobile_number: '+94712345678',
    confirm_mobile_number: '+94712345678',
    email,
    confirm_email: email,
    uploads: { nicFront: await upload('front.png'), nicBack: await upload('back.png') },
    upload_files: { nicFront: { name: 'front.png', type: 'image/png' }, nicBack: { name: 'back.png', type: 'image/png' } },
  };
  expect((await request.put('/api/clearance/draft', { headers: asCitizen, data: { step: 2, data } })).status()).toBe(200);

  const context = await signedInContext(browser, citizen, 'citizen', 'si');
  const page = await context.newPage();
  await page.goto('/clearance/apply');
  await expect(page.locator('html')).toHaveAttribute('lang', 'si');
  const submit = page.locator('form button[type=submit]');

  // Step 2: typing the start of the Sinhala name suggests Australia; Down and Enter take it.
  const country = page.locator('#clr-country');
  await expect(country).toHaveRole('combobox');
  await country.focus();
  await page.keyboard.type('ඕස්ට්');
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option').first()).toHaveText('ඕස්ට්‍රේලියාව');
  await page.keyboard.press('ArrowDown');
  await expect(country).toHaveAttribute('aria-activedescendant', /.+/);
  await expect(country).toHaveAttribute('aria-expanded', 'true');
  await page.evaluate(() => document.fonts.ready);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(country).toHaveValue('ඕස්ට්‍රේලියාව');
  await expect(listbox).toHaveCount(0);
  // Escape closes the suggestions and keeps the choice.
  await page.keyboard.press('ArrowDown');
  await expect(listbox).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(listbox).toHaveCount(0);
  await expect(country).toHaveValue('ඕස්ට්‍රේලියාව');
  await submit.click();

  // Steps 3 and 4 as the draft has them; step 5 refuses the free-text delivery country, in Sinhala, until one is chosen.
  await expect(page.locator('#clr-full_name_nic')).toHaveValue('Sunil Fernando');
  await submit.click();
  await expect(page.locator('#clr-occupation')).toHaveValue('Accountant');
  await submit.click();
  const delivery = page.locator('#clr-delivery_country');
  await expect(delivery).toHaveValue('Ceylon');
  await submit.click();
  await expect(summary(page)).toContainText('ලැයිස්තුවෙන් රටක් තෝරන්න.');
  await expect(delivery).toHaveAttribute('aria-invalid', 'true');
  await delivery.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('ශ්‍රී');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(delivery).toHaveValue('ශ්‍රී ලංකාව');
  await submit.click();

  // Steps 6 to 8, then the review on step 9 names both countries in Sinhala.
  await expect(page.locator('#clr-spouse-full_name')).toBeVisible();
  await submit.click();
  await expect(page.getByTestId('upload-nicFront')).toContainText('front.png');
  await submit.click();
  await page.locator('#clr-declaration').check();
  await submit.click();
  const review = page.getByRole('region', { name: 'ඔබේ පිළිතුරු පරීක්ෂා කරන්න' });
  await expect(review).toContainText('ඕස්ට්‍රේලියාව');
  await expect(review).toContainText('ශ්‍රී ලංකාව');
  await expect(review).not.toContainText('Australia');
  await page.evaluate(() => document.fonts.ready);
  expect(await seriousViolations(page)).toEqual([]);
  // What is sent (and kept) is the English name.
  await expect
    .poll(async () => {
      const { draft } = (await (await request.get('/api/clearance/draft', { headers: asCitizen })).json()) as {
        draft: { data: { country?: string; delivery_country?: string } } | null;
      };
      return draft && `${draft.data.country} / ${draft.data.delivery_country}`;
    })
    .toBe('Australia / Sri Lanka');
  await context.close();
});

for (const language of LANGUAGES) {
  test(`the clearance wizard in ${language}: no serious accessibility problem, with errors and the mission notice`, async ({ browser }) => {
    const context = await anonymousContext(browser, language);
    const page = await context.newPage();
    await page.goto('/clearance/apply');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.locator('form button[type=submit]').click();
    await expect(summary(page)).toBeVisible();
    await page.locator('#clr-left_before_sixteen').check();
    await expect(page.locator('.clearance-notice__list li').first()).toBeVisible();
    expect(await page.locator('.clearance-notice__list li').count()).toBeGreaterThan(190);
    await page.evaluate(() => document.fonts.ready);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}

test('checkboxes and radios sit beside their labels, not stretched to the row (issue 25 item 7)', async ({ browser }) => {
  const context = await anonymousContext(browser, 'en');
  const page = await context.newPage();
  await page.goto('/clearance/apply');
  await expect(heading(page, 1, 'Application details')).toBeVisible();
  const radio = page.getByRole('radio', { name: 'Yes' });
  // The control keeps its own size (it was as wide as the row, its label far to the right).
  expect((await radio.boundingBox())!.width).toBeLessThan(40);
  await page.goto('/anonymous-complaint');
  const tick = page.getByRole('checkbox').first();
  await expect(tick).toBeVisible();
  expect((await tick.boundingBox())!.width).toBeLessThan(40);
  await context.close();
});
