import { expect, test, type Browser, type Page } from '@playwright/test';
import { answerSecondFactorInPage } from './staff-auth.helpers';
import { ADMIN, PNG, STATION, slotDay, colomboDay, createSlotWithOfficer, signUpCitizen, signedInContext } from './complaints.helpers';
import { FINES_OFFICER, colomboDateTime, uniquePlate } from './fines.helpers';
import { seriousViolations } from './axe.helpers';

// Issue 15, items 2 and 12: no lost work. A long form keeps its draft in the tab (never passwords or files),
// asks before it is left with unsent input, and when the session ends mid-form the user signs in again and
// comes back to the form with the draft restored.

const LANGUAGES = ['en', 'si', 'ta'] as const;
const LEAVE = {
  en: { title: 'Leave this page?', stay: 'Stay on this page' },
  si: { title: 'මෙම පිටුවෙන් ඉවත් වන්නද?', stay: 'මෙම පිටුවේ රැඳී සිටින්න' },
  ta: { title: 'இந்தப் பக்கத்தை விட்டு வெளியேறவா?', stay: 'இந்தப் பக்கத்திலேயே இருக்கவும்' },
} as const;
const SESSION_ENDED = {
  en: 'Your session ended. Sign in to continue — your form has been kept.',
  si: 'ඔබගේ සැසිය අවසන් විය. ඉදිරියට යාමට පිවිසෙන්න — ඔබගේ පෝරමය සුරක්ෂිතව තබා ඇත.',
  ta: 'உங்கள் அமர்வு முடிவடைந்தது. தொடர உள்நுழையுங்கள் — உங்கள் படிவம் பாதுகாக்கப்பட்டுள்ளது.',
} as const;

/** Types into a field with real key presses: the browser shows its leave prompt only after the user has interacted. */
async function typeInto(page: Page, field: ReturnType<Page['getByRole']>, text: string) {
  await field.click();
  await page.keyboard.type(text);
}

/** Reloads the page, answering the browser's leave prompt with Leave; returns whether the prompt was shown. */
async function reloadPastPrompt(page: Page) {
  let prompted = false;
  const onDialog = (dialog: import('@playwright/test').Dialog) => {
    if (dialog.type() === 'beforeunload') prompted = true;
    void dialog.accept();
  };
  page.on('dialog', onDialog);
  await page.reload();
  page.off('dialog', onDialog);
  return prompted;
}

/** Signs in on an area's sign-in page (the one the browser is on). */
async function signIn(page: Page, who: { username: string; password: string }) {
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // Staff answer their second factor (a code from the account's secret).
  if (who.username === FINES_OFFICER.username) await answerSecondFactorInPage(page, who.username);
}

/** Ends the tab's session on the server (as signing out in another tab does), leaving the tab unaware. */
async function endSessionElsewhere(page: Page) {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  expect(token).toBeTruthy();
  const res = await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` }, data: {} });
  expect(res.status()).toBe(200);
}

async function freshPage(browser: Browser, language = 'en') {
  const context = await browser.newContext();
  await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
  return { context, page: await context.newPage() };
}

test('a half-filled complaint survives a reload (after the browser asks), and an untouched one is left without a question', async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const context = await signedInContext(browser, citizen, 'citizen');
  const page = await context.newPage();

  // Nothing typed: a link leaves at once.
  await page.goto('/complaints/crime');
  await expect(page.getByRole('textbox', { name: 'What happened', exact: true })).toBeVisible();
  await page.locator('#main-nav a[href="/track"]').click();
  await expect(page).toHaveURL(/\/track$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/complaints/crime');
  await page.getByRole('radio', { name: 'Property crime' }).check();
  await typeInto(page, page.getByRole('textbox', { name: 'What happened', exact: true }), 'My bicycle was taken from outside the pharmacy.');
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Nimal Perera');

  expect(await reloadPastPrompt(page)).toBe(true);
  await expect(page.getByRole('textbox', { name: 'What happened', exact: true })).toHaveValue('My bicycle was taken from outside the pharmacy.');
  await expect(page.getByRole('textbox', { name: 'Full name', exact: true })).toHaveValue('Nimal Perera');
  await expect(page.getByRole('radio', { name: 'Property crime' })).toBeChecked();
  await expect(page.getByText('What you typed earlier has been put back into the form.')).toBeVisible();
  await context.close();
});

for (const language of LANGUAGES) {
  test(`leaving a complaint with input asks first (${language}): Stay keeps the input, Leave discards it; the dialog passes axe`, async ({
    browser,
    request,
  }) => {
    const citizen = await signUpCitizen(request);
    const context = await signedInContext(browser, citizen, 'citizen', language);
    const page = await context.newPage();
    // Into the form from the page before it, so that Back stays inside the app.
    await page.goto('/complaint');
    await page.locator('a[href="/complaints/crime"]').click();
    const what = page.locator('#what_happened');
    await what.fill('A van has been parked across our gate every night.');

    await page.locator('#main-nav a[href="/track"]').click();
    const dialog = page.getByRole('dialog', { name: LEAVE[language].title });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/complaints\/crime$/);
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: LEAVE[language].stay }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/complaints\/crime$/);
    await expect(what).toHaveValue('A van has been parked across our gate every night.');

    if (language === 'en') {
      // Back is not held, but nothing is lost: the draft is kept and comes back with Forward.
      await page.goBack();
      await expect(page).toHaveURL(/\/complaint$/);
      await page.goForward();
      await expect(what).toHaveValue('A van has been parked across our gate every night.');
      // Leave discards the draft: the form opens empty.
      await page.locator('#main-nav a[href="/track"]').click();
      await dialog.getByRole('button', { name: 'Leave and discard' }).click();
      await expect(page).toHaveURL(/\/track$/);
      await page.goto('/complaints/crime');
      await expect(what).toHaveValue('');
    }
    await context.close();
  });
}

test('the session ends mid-complaint: Submit leads to sign in with a notice, then back to the form with the text, and it is filed', async ({
  browser,
  request,
}) => {
  const citizen = await signUpCitizen(request);
  const slot = await createSlotWithOfficer(request, 'Crime Branch');
  const { context, page } = await freshPage(browser);
  await page.goto('/login');
  await signIn(page, citizen);
  await expect(page.getByTestId('greeting')).toBeVisible();

  await page.goto('/complaints/crime');
  await page.getByRole('combobox', { name: 'Nearest police station', exact: true }).selectOption(STATION);
  await page.locator('#appointment_date').fill(slotDay);
  const slotSelect = page.getByRole('combobox', { name: 'Time slot', exact: true });
  await expect(slotSelect).toBeEnabled();
  const option = slotSelect.locator('option', { hasText: `${slot.from} – ${slot.to}` });
  const slotValue = (await option.getAttribute('value'))!;
  await slotSelect.selectOption(slotValue);
  await page.getByRole('radio', { name: 'Property crime' }).check();
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Nimal Perera');
  await page.getByRole('textbox', { name: 'Age', exact: true }).fill('36');
  await page.getByRole('combobox', { name: 'Gender', exact: true }).selectOption('male');
  await page.getByRole('textbox', { name: 'NIC or passport number', exact: true }).fill('198807412345');
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('0771234567');
  await page.getByRole('textbox', { name: 'Home address', exact: true }).fill('45 Duplication Road, Colombo 04');
  await page.getByRole('textbox', { name: 'What happened', exact: true }).fill('My bicycle was taken from outside the pharmacy.');
  await page.locator('#when').fill(`${colomboDay(-1)}T18:30`);
  await page.getByRole('textbox', { name: 'Where it happened', exact: true }).fill('Galle Road, Kollupitiya');

  await endSessionElsewhere(page);
  await page.getByRole('button', { name: 'Submit complaint' }).click();

  await expect(page).toHaveURL(/\/login$/);
  const notice = page.getByTestId('session-ended');
  await expect(notice).toHaveText(SESSION_ENDED.en);
  expect(await seriousViolations(page)).toEqual([]);
  for (const language of ['si', 'ta'] as const) {
    await page.locator('#language-select').selectOption(language);
    await expect(notice).toHaveText(SESSION_ENDED[language]);
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.locator('#language-select').selectOption('en');

  await signIn(page, citizen);
  await expect(page).toHaveURL(/\/complaints\/crime$/);
  await expect(page.getByRole('textbox', { name: 'What happened', exact: true })).toHaveValue('My bicycle was taken from outside the pharmacy.');
  await expect(page.getByRole('textbox', { name: 'Home address', exact: true })).toHaveValue('45 Duplication Road, Colombo 04');
  await expect(slotSelect).toHaveValue(slotValue);

  await page.getByRole('button', { name: 'Submit complaint' }).click();
  const panel = page.getByTestId('complaint-outcome');
  await expect(panel).toContainText(/CMP-\d{4}-\d+/);
  // Sent: the draft is gone, and leaving asks nothing.
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('pes.draft.')))).toEqual([]);
  await page.locator('#main-nav a[href="/track"]').click();
  await expect(page).toHaveURL(/\/track$/);
  await context.close();
});

test('the session of a Traffic Fine Branch officer ends in another tab: Issue Fine leads to sign in, back to the filled form, and the fine is issued', async ({
  browser,
}) => {
  const { context, page } = await freshPage(browser);
  await page.goto('/police/login');
  await signIn(page, FINES_OFFICER);
  await expect(page).toHaveURL(/\/police\/dashboard$/);
  await page.goto('/police/issue-fine');

  const plate = uniquePlate();
  await page.getByLabel('Identity type').selectOption('NIC');
  await page.getByLabel('Identity number').fill('199010312345');
  await page.getByLabel('Vehicle number').fill(plate);
  await page.getByLabel('Offence type').selectOption('Speeding');
  await page.getByLabel('Amount (LKR)').fill('2500');
  await page.getByLabel('Incident date and time').fill(colomboDateTime(1));
  await page.getByLabel(/^Location/).fill('Galle Road, Bambalapitiya');
  await page.getByLabel('Description').fill('92 km/h in a 60 zone near the school.');
  await page.getByRole('radio', { name: 'Yes' }).check();

  // Another tab of the same browser signs out: the server ends the session this tab still holds.
  const other = await context.newPage();
  await other.goto('/police/dashboard');
  // The app shows the sign-in page before its logout request is answered: the tab stays open until it is.
  const loggedOut = other.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/logout');
  await other.getByRole('button', { name: 'Logout' }).click();
  await expect(other).toHaveURL(/\/police\/login$/);
  expect((await loggedOut).status()).toBe(200);
  await other.close();

  await page.getByRole('button', { name: 'Issue Fine' }).click();
  await expect(page).toHaveURL(/\/police\/login$/);
  await expect(page.getByTestId('session-ended')).toHaveText(SESSION_ENDED.en);
  expect(await seriousViolations(page)).toEqual([]);

  await signIn(page, FINES_OFFICER);
  await expect(page).toHaveURL(/\/police\/issue-fine$/);
  await expect(page.getByLabel('Vehicle number')).toHaveValue(plate);
  await expect(page.getByLabel('Description')).toHaveValue('92 km/h in a 60 zone near the school.');
  await expect(page.getByLabel('Offence type')).toHaveValue('Speeding');
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();

  await page.getByRole('button', { name: 'Issue Fine' }).click();
  await expect(page.getByTestId('issue-fine-outcome')).toContainText('Fine issued successfully');
  await expect(page.getByTestId('issue-fine-outcome')).toContainText(`${plate}: LKR 2,500.00`);
  await expect(page.getByLabel('Vehicle number')).toHaveValue('');
  await context.close();
});

test('a half-filled signup survives a reload without the password or the photos', async ({ browser }) => {
  const { context, page } = await freshPage(browser);
  await page.goto('/signup');
  await typeInto(page, page.getByRole('textbox', { name: 'First name' }), 'Nimal');
  await page.getByLabel('Second name').fill('Perera');
  await page.getByLabel('Marital status').selectOption('Married');
  await page.getByLabel('Address').fill('12 Galle Road, Colombo 03');
  await page.getByLabel('Username').fill('nimal.perera');
  await page.getByLabel('Password').fill('Citizen@2026');

  expect(await reloadPastPrompt(page)).toBe(true);
  await expect(page.getByLabel('First name')).toHaveValue('Nimal');
  await expect(page.getByLabel('Second name')).toHaveValue('Perera');
  await expect(page.getByLabel('Marital status')).toHaveValue('Married');
  await expect(page.getByLabel('Address')).toHaveValue('12 Galle Road, Colombo 03');
  await expect(page.getByLabel('Username')).toHaveValue('nimal.perera');
  await expect(page.getByLabel('Password')).toHaveValue('');
  // The password was never written to the tab's storage.
  const stored = await page.evaluate(() => Object.values(sessionStorage).join('\n') + Object.values(localStorage).join('\n'));
  expect(stored).not.toContain('Citizen@2026');
  expect(stored).toContain('nimal.perera');
  await context.close();
});

test("another account signing in on the tab never sees the first one's draft, and signing out discards drafts without asking", async ({ browser, request }) => {
  const first = await signUpCitizen(request);
  const second = await signUpCitizen(request);
  const { context, page } = await freshPage(browser);
  await page.goto('/login');
  await signIn(page, first);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto('/complaints/minor-offence');
  await page.getByRole('textbox', { name: 'What happened', exact: true }).fill('Private words of the first account.');
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Nimal Perera');
  // The session ends, and the page is reloaded: the sign-in page says the form was kept.
  await endSessionElsewhere(page);
  expect(await reloadPastPrompt(page)).toBe(true);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('session-ended')).toHaveText(SESSION_ENDED.en);

  // Someone else signs in: back on the form, which is empty, and the first account's draft is gone from the tab.
  await signIn(page, second);
  await expect(page).toHaveURL(/\/complaints\/minor-offence$/);
  await expect(page.getByRole('textbox', { name: 'What happened', exact: true })).toHaveValue('');
  const stored = () => page.evaluate(() => Object.values(sessionStorage).join('\n'));
  expect(await stored()).not.toContain('Private words');

  // Typed, then signed out: no question, and nothing of it is left.
  await page.getByRole('textbox', { name: 'What happened', exact: true }).fill('The second account typed this.');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByTestId('greeting')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await stored()).not.toContain('second account');
  await context.close();
});

test('the anonymous report survives a reload without its evidence photo', async ({ browser }) => {
  const { context, page } = await freshPage(browser);
  await page.goto('/anonymous-complaint');
  await typeInto(page, page.getByRole('textbox', { name: /What happened/ }), 'Drugs are sold behind the bus stand every evening.');
  await page.locator('#anon-where').fill('Bus stand, Kollupitiya');
  await page.locator('#anon-evidence').setInputFiles({ name: 'evidence.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('checkbox').check();
  await page.locator('#anon-contactNumber').fill('0771234567');

  expect(await reloadPastPrompt(page)).toBe(true);
  await expect(page.locator('#anon-what')).toHaveValue('Drugs are sold behind the bus stand every evening.');
  await expect(page.locator('#anon-where')).toHaveValue('Bus stand, Kollupitiya');
  await expect(page.locator('#anon-contactNumber')).toHaveValue('0771234567');
  await expect(page.locator('#anon-evidence')).toHaveValue('');
  await context.close();
});

test("the administrator's create-officer form survives a reload without the password", async ({ browser }) => {
  const context = await signedInContext(browser, ADMIN, 'admin');
  const page = await context.newPage();
  await page.goto('/admin/create-officer');
  await typeInto(page, page.getByRole('textbox', { name: 'Full name' }), 'Sunil Fernando');
  await page.locator('#officer_id').fill('OFF-7781');
  await page.locator('#branch').selectOption('Crime Branch');
  await page.locator('#password').fill('Officer@789');

  expect(await reloadPastPrompt(page)).toBe(true);
  await expect(page.locator('#full_name')).toHaveValue('Sunil Fernando');
  await expect(page.locator('#officer_id')).toHaveValue('OFF-7781');
  await expect(page.locator('#branch')).toHaveValue('Crime Branch');
  await expect(page.locator('#password')).toHaveValue('');
  expect(await page.evaluate(() => Object.values(sessionStorage).join('\n'))).not.toContain('Officer@789');
  await context.close();
});
