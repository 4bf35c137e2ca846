import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, CRIME_OFFICER, STATION, colomboDay, signedInContext } from './complaints.helpers';
import { chooseLanguage, failEachWay, listFailsEachWay, text, type Language } from './ux-errors.helpers';
import { DEMO_OFFICER_PASSWORD } from '../../server/src/seed/demo-accounts';

// Issue 15, item 7, on the police and admin pages: sign-in, slots, officers and the lists.

async function signedOutPage(browser: Browser, language: Language = 'en') {
  const context = await browser.newContext();
  await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
  return context.newPage();
}

async function signInFails(page: Page, area: 'police' | 'admin', key: string, other: Language) {
  await page.locator(`#${area}-username`).fill(area === 'admin' ? ADMIN.username : CRIME_OFFICER.username);
  await page.locator(`#${area}-password`).fill(area === 'admin' ? ADMIN.password : CRIME_OFFICER.password);
  const plan = {
    url: /\/api\/auth\/login$/,
    method: 'POST',
    act: () => page.locator('form button[type="submit"]').click(),
    expected: (l: Language) => text(l, key),
  };
  await failEachWay(page, 'en', plan);
  await chooseLanguage(page, other);
  await failEachWay(page, other, plan, ['500', 'network']);
}

test('police sign-in: a failing server or network says the spec text, in English and Tamil', async ({ browser }) => {
  const page = await signedOutPage(browser);
  await page.goto('/police/login');
  await signInFails(page, 'police', 'auth:policeLogin.failed', 'ta');
  await page.context().close();
});

test('admin sign-in: a failing server or network says the spec text, in English and Sinhala', async ({ browser }) => {
  const page = await signedOutPage(browser);
  await page.goto('/admin');
  await signInFails(page, 'admin', 'auth:adminLogin.failed', 'si');
  await page.context().close();
});

test('add slot: a failing server or network says "Error creating slot", in English and Sinhala', async ({ browser }) => {
  const page = await (await signedInContext(browser, ADMIN, 'admin')).newPage();
  await page.goto('/admin/dashboard');
  await page.locator('#slot-date').fill(colomboDay(30));
  await page.locator('#slot-from').fill('09:00');
  await page.locator('#slot-to').fill('09:25');
  await page.locator('#slot-available').fill('5');
  await page.locator('#slot-branch').selectOption('Crime Branch');
  await page.locator('#slot-station').selectOption(STATION);
  const submit = page.locator('#slot-station').locator('xpath=ancestor::form').locator('button[type="submit"]');
  const plan = { url: /\/api\/admin\/slots$/, method: 'POST', act: () => submit.click(), expected: (l: Language) => text(l, 'slots:add.failed') };
  await failEachWay(page, 'en', plan);
  await chooseLanguage(page, 'si');
  await failEachWay(page, 'si', plan, ['502', 'network']);
  await page.context().close();
});

test('create officer: a failing server says "Error creating officer account.", a known refusal its own words (English, Tamil, Sinhala)', async ({
  browser,
}) => {
  const page = await (await signedInContext(browser, ADMIN, 'admin')).newPage();
  await page.goto('/admin/create-officer');
  await page.locator('#username').fill('err.officer');
  await page.locator('#password').fill(DEMO_OFFICER_PASSWORD);
  await page.locator('#full_name').fill('Ruwan Silva');
  await page.locator('#officer_id').fill('OFF-9001');
  await page.locator('#branch').selectOption('Crime Branch');
  await expect(page.locator('#station')).toBeEnabled();
  await page.locator('#station').selectOption(STATION);
  const act = () => page.locator('form button[type="submit"]').click();
  const plan = { url: /\/api\/admin\/users\/create-officer$/, method: 'POST', act, expected: (l: Language) => text(l, 'officers:failed') };
  await failEachWay(page, 'en', plan);
  await chooseLanguage(page, 'ta');
  await failEachWay(page, 'ta', plan, ['503', 'network']);

  // A refusal the server names in its catalogue is said in the page's language, not the action's general text.
  await chooseLanguage(page, 'si');
  const url = /\/api\/admin\/users\/create-officer$/;
  await page.route(url, (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'users.officer_id_taken', message: 'Officer ID taken' } }),
    }),
  );
  await act();
  await expect(page.getByRole('alert').filter({ hasText: text('si', 'errors:users.officer_id_taken') })).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Officer ID taken');
  await page.context().close();
});

test('police dashboard complaint list: a failing server or network says "Failed to fetch complaints", in English and Sinhala', async ({ browser }) => {
  const page = await (await signedInContext(browser, CRIME_OFFICER, 'police')).newPage();
  await page.clock.install();
  await page.goto('/police/dashboard');
  await expect(page.locator('main')).toBeVisible();
  await listFailsEachWay(page, /\/api\/police\/complaints(\?|$)/, 'police:queue.failed', 'si');
  await page.context().close();
});

test('users list: a failing server or network says "Failed to load users.", in English and Tamil', async ({ browser }) => {
  const page = await (await signedInContext(browser, ADMIN, 'admin')).newPage();
  await page.clock.install();
  await page.goto('/admin/users');
  await expect(page.locator('main')).toBeVisible();
  await listFailsEachWay(page, /\/api\/admin\/users(\?|$)/, 'admin:users.loadFailed', 'ta');
  await page.context().close();
});
