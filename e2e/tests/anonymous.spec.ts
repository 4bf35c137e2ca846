import { expect, test, type Page } from '@playwright/test';
import { CRIME_OFFICER, PNG, STATION, signedInContext } from './complaints.helpers';
import { seriousViolations } from './axe.helpers';
import { chooseFileByKeyboard } from './pages.helpers';

test('a visitor reports anonymously with evidence, the Crime Branch officer sets a status, the visitor follows it by code', async ({ browser, page }) => {
  // The visitor, without an account, by keyboard through the form.
  await page.goto('/anonymous-complaint');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#anon-station option').nth(1)).toBeAttached();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Submit anonymously' }).click();
  await expect(page.locator('.error-summary')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.locator('#anon-station').focus();
  await page.locator('#anon-station').selectOption(STATION);
  await page.keyboard.press('Tab');
  await page.locator('#anon-complaintType').selectOption('Drug Related');
  await page.locator('#anon-when').fill('2025-05-01T20:15');
  await page.locator('#anon-what').fill('Drugs are sold behind the bus stand every evening.');
  await page.locator('#anon-where').fill('Behind the bus stand, Kollupitiya');
  await page.locator('#anon-how').fill('Two men hand packets to buyers from a three-wheeler.');
  await page.locator('#anon-evidence').setInputFiles({ name: 'scene.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Preview of the evidence photo' })).toBeVisible();
  await page.getByLabel('Provide a contact number').check();
  await page.locator('#anon-contactNumber').fill('0771234567');
  const sent = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/anonymous');
  await page.locator('#anon-contactNumber').press('Enter');
  // The tab's own random key goes with it: the flood limit counts per browser, not per carrier address.
  expect((await sent).headers()['x-reporter-key']).toMatch(/^[A-Za-z0-9_-]{22,64}$/);

  const codeBox = page.getByTestId('tracking-code');
  await expect(codeBox).toBeVisible();
  await expect(page.getByText('cannot be recovered')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const code = (await codeBox.textContent())!.trim();
  expect(code).toMatch(/^([A-Z2-7]{4}-){7}[A-Z2-7]{4}$/);

  // The Crime Branch officer of the station sees it, opens the evidence and sets a status.
  const officerContext = await signedInContext(browser, CRIME_OFFICER, 'police');
  const officer = await officerContext.newPage();
  await officer.goto('/police/dashboard');
  const queue = officer.locator('section[aria-labelledby="anonymous-queue-title"]');
  const row = queue.getByRole('row').filter({ hasText: 'Drugs are sold behind the bus stand' });
  await expect(row).toBeVisible();
  expect(await seriousViolations(officer)).toEqual([]);
  await row.click();
  const dialog = officer.getByRole('dialog');
  await expect(dialog.getByText('0771234567')).toBeVisible();
  const evidence = dialog.getByRole('img', { name: 'Evidence photo sent with the complaint' });
  await expect(evidence).toBeVisible();
  await expect.poll(() => evidence.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Shown as every stored file is, fetched with the session's credentials (not an <img> on the cookie alone).
  await expect(evidence).toHaveAttribute('src', /^blob:/);
  await dialog.getByLabel('New status').fill('');
  await dialog.getByRole('button', { name: 'Update status' }).click();
  await expect(dialog.locator('#anonymous-status-error')).toHaveText('Status cannot be empty');
  await dialog.getByLabel('New status').fill('Under investigation');
  await dialog.getByRole('button', { name: 'Update status' }).click();
  await expect(dialog.getByText('Status updated')).toBeVisible();
  await officerContext.close();

  // The visitor follows the report from /track with the code. The code was not copied, so leaving asks first.
  const leaving = page.waitForEvent('dialog');
  const left = page.goto('/track');
  const ask = await leaving;
  expect(ask.type()).toBe('beforeunload');
  await ask.accept();
  await left;
  await page.getByRole('link', { name: /anonymous report/i }).click();
  await expect(page).toHaveURL(/\/anonymous-complaint\/track$/);
  await page.getByLabel('Tracking code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Show status' }).click();
  await expect(page.getByTestId('tracked-status')).toHaveText('Under investigation');
  await expect(page.getByText('0771234567')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the whole report by keyboard alone, then the code copied with the Copy button', async ({ browser }) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto('/anonymous-complaint');
  await expect(page.locator('#anon-station option').nth(1)).toBeAttached();
  /** Tabs forward until `selector` has the focus, as a keyboard user would, failing if it never does. */
  const tabTo = async (selector: string) => {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await page.locator(selector).evaluate((el) => el === document.activeElement)) return;
    }
    throw new Error(`${selector} is not reached with Tab`);
  };

  await tabTo('#anon-station');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('#anon-station')).not.toHaveValue('');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('#anon-complaintType')).not.toHaveValue('');
  await page.keyboard.press('Tab');
  await page.keyboard.type('05012025');
  await page.keyboard.press('Tab');
  await page.keyboard.type('0815PM');
  await expect(page.locator('#anon-when')).toHaveValue('2025-05-01T20:15');
  await tabTo('#anon-what');
  await page.keyboard.type('Bribes are asked for at the vehicle checkpoint near the junction.');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Checkpoint at the Galle Road junction');
  await page.keyboard.press('Tab');
  await expect(page.locator('#anon-how')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator('#anon-evidence')).toBeFocused();
  await chooseFileByKeyboard(page, page.locator('#anon-evidence'), { name: 'checkpoint.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Preview of the evidence photo' })).toBeVisible();
  await tabTo('input[name="provideContact"]');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(page.locator('#anon-contactNumber')).toBeFocused();
  await page.keyboard.type('0779876543');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Submit anonymously' })).toBeFocused();
  await page.keyboard.press('Enter');

  const codeBox = page.getByTestId('tracking-code');
  await expect(codeBox).toBeVisible();
  const code = (await codeBox.textContent())!.trim();
  await tabTo('button:text("Copy code")');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Copied to the clipboard.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await context.close();
});

test('where the browser refuses the clipboard, Copy selects the code and says to copy it by hand', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
  });
  await fillReport(page);
  await page.getByRole('button', { name: 'Submit anonymously' }).click();
  const code = (await page.getByTestId('tracking-code').textContent())!.trim();
  await page.getByRole('button', { name: 'Copy code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'the code is selected' })).toBeVisible();
  expect(await page.evaluate(() => window.getSelection()?.toString().trim())).toBe(code);
});

for (const language of ['si', 'ta'] as const) {
  test(`anonymous pages and the officer's queue in ${language}: no serious accessibility problem`, async ({ browser }) => {
    const context = await browser.newContext();
    await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
    const page = await context.newPage();
    for (const path of ['/anonymous-complaint', '/anonymous-complaint/track']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await context.close();

    // The Crime Branch officer's queue of anonymous reports, and one report open.
    const officerContext = await signedInContext(browser, CRIME_OFFICER, 'police', language);
    const officer = await officerContext.newPage();
    await officer.goto('/police/dashboard');
    await expect(officer.locator('html')).toHaveAttribute('lang', language);
    const queue = officer.locator('section[aria-labelledby="anonymous-queue-title"]');
    const row = queue.getByRole('row').nth(1);
    await expect(row).toBeVisible();
    expect(await seriousViolations(officer), 'anonymous queue').toEqual([]);
    await row.click();
    await expect(officer.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(officer), 'anonymous report').toEqual([]);
    await officerContext.close();
  });
}

/** Fills the form's required fields with a valid report. */
async function fillReport(page: Page) {
  await page.goto('/anonymous-complaint');
  await page.locator('#anon-station').selectOption(STATION);
  await page.locator('#anon-complaintType').selectOption('Violence');
  await page.locator('#anon-when').fill('2025-06-02T09:30');
  await page.locator('#anon-what').fill('A shopkeeper was threatened by a gang demanding money.');
  await page.locator('#anon-where').fill('Market street, Kollupitiya');
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the tracking code is brought into view and focused, and leaving before copying it asks first', async ({ page }) => {
    await fillReport(page);
    await page.getByRole('button', { name: 'Submit anonymously' }).click();
    const codeBox = page.getByTestId('tracking-code');
    await expect(codeBox).toBeFocused();
    await expect(codeBox).toBeInViewport({ ratio: 1 });

    const asked = page.waitForEvent('dialog');
    const click = page.getByRole('link', { name: 'I have saved my code — go home' }).click();
    const dialog = await asked;
    expect(dialog.message()).toContain('You have not copied your tracking code');
    await dialog.dismiss();
    await click;
    await expect(codeBox).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/anonymous-complaint');
  });
});

test('an evidence file that is not an acceptable photo blocks the submit until it is replaced', async ({ page }) => {
  let reports = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/anonymous') reports += 1;
  });
  await fillReport(page);
  await page.locator('#anon-evidence').setInputFiles({ name: 'scene.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all') });
  await page.getByRole('button', { name: 'Submit anonymously' }).click();
  await expect(page.locator('.error-summary')).toBeVisible();
  await expect(page.locator('.error-summary')).toContainText('Evidence');
  await expect(page.getByTestId('tracking-code')).toHaveCount(0);
  expect(reports).toBe(0);

  // Replaced by a real photo, the field's error goes (the report itself is sent as in the tests above).
  await page.locator('#anon-evidence').setInputFiles({ name: 'scene.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Preview of the evidence photo' })).toBeVisible();
  await expect(page.locator('#anon-evidence-error')).toHaveCount(0);
});

/** The Colombo wall-clock time (UTC+05:30 all year) `minutes` from now, as a datetime-local input holds it. */
const colomboLocal = (minutes: number) => new Date(Date.now() + (5 * 60 + 30 + minutes) * 60_000).toISOString().slice(0, 16);

test.describe('in a browser west of Colombo (London)', () => {
  test.use({ timezoneId: 'Europe/London' });

  test('"not in the future" is judged in Colombo time: an hour ago in Colombo is taken, an hour ahead is refused in words', async ({ browser, page }) => {
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Europe/London');
    // An hour ahead in Colombo: refused, the message in the reader's language, naming the field in the summary.
    await fillReport(page);
    await page.locator('#anon-when').fill(colomboLocal(60));
    await page.getByRole('button', { name: 'Submit anonymously' }).click();
    await expect(page.locator('#anon-when-error')).toHaveText('The time of the incident cannot be in the future.');
    await expect(page.locator('.error-summary')).toBeFocused();
    await expect(page.locator('.error-summary')).toContainText('When did it happen?: The time of the incident cannot be in the future.');

    // An hour ago in Colombo is still hours ahead on London's clock: judged by the browser's zone it was refused.
    await page.locator('#anon-when').fill(colomboLocal(-60));
    await page.getByRole('button', { name: 'Submit anonymously' }).click();
    await expect(page.getByTestId('tracking-code')).toBeFocused();

    const context = await browser.newContext({ timezoneId: 'Europe/London' });
    await context.addInitScript(() => localStorage.setItem('language', 'si'));
    const sinhala = await context.newPage();
    await fillReport(sinhala);
    await sinhala.locator('#anon-when').fill(colomboLocal(60));
    await sinhala.locator('form button[type="submit"]').click();
    await expect(sinhala.locator('#anon-when-error')).toHaveText('සිදුවීම සිදු වූ වේලාව අනාගත වේලාවක් විය නොහැක.');
    await context.close();
  });
});
