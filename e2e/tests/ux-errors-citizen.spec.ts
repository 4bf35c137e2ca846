import { expect, test, type Browser, type Page } from '@playwright/test';
import { PNG, STATION, slotDay, colomboDay, createSlotWithOfficer, signUpCitizen, signedInContext } from './complaints.helpers';
import { FINES_OFFICER, bearer, issueFine, uniquePlate } from './fines.helpers';
import { captureLivePhoto, fillSignup } from './signup.helpers';
import { uniqueNic } from './nic.helpers';
import { chooseLanguage, expectNoRawCode, failEachWay, listFailsEachWay, text, type Language } from './ux-errors.helpers';

// Issue 15, item 7, on the citizens' and the public pages: sign-in, signup, fines, checkout, complaints, clearance.

async function signedOutPage(browser: Browser) {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('language', 'en'));
  return context.newPage();
}

const submitButton = (page: Page) => page.locator('main form button[type="submit"]').first();

test('citizen sign-in: a failing server or network says the sign-in text, in English and Sinhala', async ({ browser }) => {
  const page = await signedOutPage(browser);
  await page.goto('/login');
  await page.locator('#citizen-username').fill('nimal.perera');
  await page.locator('#citizen-password').fill('Citizen@2026');
  const plan = { url: /\/api\/auth\/login$/, method: 'POST', act: () => submitButton(page).click(), expected: (l: Language) => text(l, 'auth:login.failed') };
  await failEachWay(page, 'en', plan);
  await chooseLanguage(page, 'si');
  await failEachWay(page, 'si', plan, ['500', 'network']);
  await page.context().close();
});

test('signup: a failing server or network says "Signup failed."', async ({ browser }) => {
  const page = await signedOutPage(browser);
  await page.goto('/signup');
  const username = `err${Date.now().toString(36)}`;
  await fillSignup(page, username, uniqueNic());
  await captureLivePhoto(page);
  const plan = { url: /\/api\/auth\/signup-citizen$/, method: 'POST', act: () => page.getByRole('button', { name: 'Sign Up', exact: true }).click() };
  await failEachWay(page, 'en', { ...plan, expected: (l) => text(l, 'auth:signup.failed') });
  await page.context().close();
});

test('fines on /pay-fine: search, payment history and Pay each say their own text, in English, Tamil and Sinhala', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const citizen = await signUpCitizen(request);
  const plate = uniquePlate();
  await issueFine(request, await bearer(request, FINES_OFFICER, 'police'), { identity: citizen.nic, vehicle: plate });
  const page = await (await signedInContext(browser, citizen, 'citizen')).newPage();
  await page.clock.install();
  await page.goto('/pay-fine');
  await page.locator('#fine-search-identity-type').selectOption('NIC');
  await page.locator('#fine-search-identity-number').fill(citizen.nic);

  // Each search is for another vehicle, so it is a new search and not the failed one asked again.
  const search = {
    url: /\/api\/fines\/search\?/,
    act: async () => {
      await page.locator('#fine-search-vehicle-number').fill(uniquePlate());
      await submitButton(page).click();
    },
    expected: (l: Language) => text(l, 'fines:pay.searchFailed'),
    retried: true,
  };
  await failEachWay(page, 'en', search);
  await chooseLanguage(page, 'ta');
  await failEachWay(page, 'ta', search, ['503']);
  await chooseLanguage(page, 'en');

  // Pay on a found fine.
  await page.locator('#fine-search-vehicle-number').fill(plate);
  await submitButton(page).click();
  const pay = page.getByRole('row').filter({ hasText: plate }).getByRole('button');
  const initiate = { url: /\/api\/fines\/[^/]+\/initiate-payment$/, method: 'POST', act: () => pay.click() };
  await failEachWay(page, 'en', { ...initiate, expected: (l) => text(l, 'fines:pay.paymentFailed') });
  await chooseLanguage(page, 'si');
  await failEachWay(page, 'si', { ...initiate, expected: (l) => text(l, 'fines:pay.paymentFailed') }, ['network']);
  await chooseLanguage(page, 'en');

  // The payment history under the search, loaded with the page.
  await listFailsEachWay(page, /\/api\/fines\/history$/, 'fines:history.failed', 'si');
  await page.context().close();
});

test("checkout: the Pay button's failure says the payment could not be completed, in English and Tamil", async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const fine = await issueFine(request, await bearer(request, FINES_OFFICER, 'police'), { identity: citizen.nic, vehicle: uniquePlate() });
  const initiated = await request.post(`/api/fines/${fine.id}/initiate-payment`, { headers: await bearer(request, citizen, 'citizen'), data: {} });
  expect(initiated.status(), await initiated.text()).toBe(200);
  const { url } = (await initiated.json()) as { url: string };
  const page = await signedOutPage(browser);
  await page.goto(url);
  await page.locator('#checkout-card-number').pressSequentially('4242424242424242');
  await page.locator('#checkout-expiry').pressSequentially('1230');
  await page.locator('#checkout-cvc').fill('123');
  await page.locator('#checkout-cardholder').fill('Sunil Fernando');
  const plan = { url: /\/api\/payments\/sandbox\/sessions\/[^/]+\/pay$/, method: 'POST', act: () => submitButton(page).click() };
  await failEachWay(page, 'en', { ...plan, expected: (l) => text(l, 'payments:checkout.payFailed') });
  await chooseLanguage(page, 'ta');
  await failEachWay(page, 'ta', { ...plan, expected: (l) => text(l, 'payments:checkout.payFailed') }, ['500', 'network']);
  await page.context().close();
});

test('complaint submit: a failing server or network says "Error submitting complaint. Try again.", in English and Tamil', async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const slot = await createSlotWithOfficer(request, 'Minor Offense Branch');
  const page = await (await signedInContext(browser, citizen, 'citizen')).newPage();
  await page.goto('/complaints/minor-offence');
  await page.locator('#station').selectOption(STATION);
  await page.locator('#appointment_date').fill(slotDay);
  await expect(page.locator('#slot_id')).toBeEnabled();
  await page.locator('#slot_id').selectOption(String(slot.id));
  await page.locator('#full_name').fill('Nimal Perera');
  await page.locator('#age').fill('36');
  await page.locator('#gender').selectOption('male');
  await page.locator('#id_number').fill('198807412345');
  await page.locator('#phone_number').fill('0771234567');
  await page.locator('#home_address').fill('12 Galle Road, Colombo 03');
  await page.locator('#incident_type').selectOption('land_disputes');
  await page.locator('#what_happened').fill('A neighbour moved the boundary fence.');
  await page.locator('#when').fill(`${colomboDay(-1)}T18:30`);
  await page.locator('#where').fill('Galle Road, Kollupitiya');
  const plan = { url: /\/api\/complaints\/minor-offen[cs]e$/, method: 'POST', act: () => page.locator('form.complaint-form button[type="submit"]').click() };
  await failEachWay(page, 'en', { ...plan, expected: (l) => text(l, 'complaints:form.error') });
  await chooseLanguage(page, 'ta');
  await failEachWay(page, 'ta', { ...plan, expected: (l) => text(l, 'complaints:form.error') }, ['502']);
  await page.context().close();
});

test('anonymous report: a failing server or network says the report could not be sent, in English and Sinhala', async ({ browser }) => {
  const page = await signedOutPage(browser);
  await page.goto('/anonymous-complaint');
  await page.locator('#anon-station').selectOption(STATION);
  await page.locator('#anon-complaintType').selectOption({ index: 1 });
  await page.locator('#anon-when').fill(`${colomboDay(-1)}T10:00`);
  await page.locator('#anon-what').fill('Drugs are sold near the bus stand every evening.');
  await page.locator('#anon-where').fill('Kollupitiya bus stand');
  const plan = { url: /\/api\/anonymous$/, method: 'POST', act: () => submitButton(page).click() };
  await failEachWay(page, 'en', { ...plan, expected: (l) => text(l, 'anonymous:submitFailed') });
  await chooseLanguage(page, 'si');
  await failEachWay(page, 'si', { ...plan, expected: (l) => text(l, 'anonymous:submitFailed') }, ['500', 'network']);
  await page.context().close();
});

test('clearance apply: a failing upload and a failing apply call each say their own text, in English and Tamil', async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  // The wizard opens at its last step from the citizen's saved draft (the steps have their own tests).
  const saved = await request.put('/api/clearance/draft', {
    headers: await bearer(request, citizen, 'citizen'),
    data: {
      step: 9,
      data: {
        application_type: 'new',
        nationality: 'sri_lankan',
        date_of_birth: '1985-07-02',
        left_before_sixteen: 'no',
        nic_number: citizen.nic,
        declaration: true,
        payment_declaration: true,
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const page = await (await signedInContext(browser, citizen, 'citizen')).newPage();
  await page.goto('/clearance/apply');
  await expect(page.locator('#clr-payment_declaration')).toBeChecked();

  const apply = { url: /\/api\/clearance\/apply$/, method: 'POST', act: () => submitButton(page).click() };
  await failEachWay(page, 'en', { ...apply, expected: (l) => text(l, 'clearance:apply.paymentFailed') });
  await chooseLanguage(page, 'ta');
  await failEachWay(page, 'ta', { ...apply, expected: (l) => text(l, 'clearance:apply.paymentFailed') }, ['503']);
  await chooseLanguage(page, 'en');

  // Back to the documents step: a document whose upload fails is named in the failure.
  const back = page.locator('main form button[type="button"]').filter({ hasText: 'Back' });
  await back.click();
  await back.click();
  const upload = {
    url: /\/api\/clearance\/upload$/,
    method: 'POST',
    act: () => page.getByTestId('upload-nicFront').locator('input[type="file"]').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG }),
  };
  await failEachWay(page, 'en', {
    ...upload,
    expected: (l) => text(l, 'clearance:apply.uploadFailed', { document: text(l, 'clearance:apply.documents.nicFront') }),
  });
  // A proxy that refuses the size answers 413 with a page of its own: the citizen is told the file is too large.
  await page.route(upload.url, (route) =>
    route.fulfill({ status: 413, contentType: 'text/html', body: '<html><body>413 Request Entity Too Large</body></html>' }),
  );
  await upload.act();
  await expect(
    page.getByRole('alert').filter({ hasText: `${text('en', 'clearance:apply.documents.nicFront')}: ${text('en', 'errors:request.too_large')}` }),
  ).toBeVisible();
  await expectNoRawCode(page);
  await page.unroute(upload.url);
  await chooseLanguage(page, 'ta');
  await failEachWay(
    page,
    'ta',
    { ...upload, expected: (l) => text(l, 'clearance:apply.uploadFailed', { document: text(l, 'clearance:apply.documents.nicFront') }) },
    ['network'],
  );
  await page.context().close();
});

test('track complaint: a failing server or network says the complaints could not be loaded, in English and Tamil', async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const page = await (await signedInContext(browser, citizen, 'citizen')).newPage();
  await page.clock.install();
  await page.goto('/track-complaint');
  await expect(page.locator('main')).toBeVisible();
  await listFailsEachWay(page, /\/api\/complaints\/my-complaints$/, 'complaints:track.failed', 'ta');
  await page.context().close();
});
