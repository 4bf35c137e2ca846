import { expect, test, type APIRequestContext } from '@playwright/test';
import { STATION } from './complaints.helpers';

// Issue 25, item 10: the anonymous tracking page in the reader's language, and no failure left from an earlier try.

async function reportTrackingCode(request: APIRequestContext) {
  const res = await request.post('/api/anonymous', {
    multipart: {
      station: STATION,
      complaintType: 'Corruption',
      when: '2026-01-10T09:30',
      what: 'An official asked for money to process a form.',
      where: 'Divisional office, Kollupitiya',
      provideContact: 'false',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { tracking_code: string }).tracking_code;
}

const WORDS = {
  si: { submit: 'තත්ත්වය පෙන්වන්න', pending: 'පොරොත්තුවෙන්', failed: 'තත්ත්වය ලබා ගත නොහැකි විය' },
  ta: { submit: 'நிலையைக் காட்டு', pending: 'நிலுவையில்', failed: 'நிலையைப் பெற முடியவில்லை' },
} as const;

for (const language of ['si', 'ta'] as const) {
  test(`tracking in ${language}: the status in ${language} and the date in words, never "Pending" or an ISO date; the result takes the focus`, async ({
    browser,
    request,
  }) => {
    const code = await reportTrackingCode(request);
    const context = await browser.newContext();
    await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
    const page = await context.newPage();
    await page.goto('/anonymous-complaint/track');
    await page.locator('#anon-code').fill(code);
    await page.getByRole('button', { name: WORDS[language].submit }).click();
    const status = page.getByTestId('tracked-status');
    await expect(status).toHaveText(WORDS[language].pending);
    await expect(page.getByTestId('tracked-result')).toBeFocused();
    const submitted = page.getByTestId('tracked-submitted');
    await expect(submitted).not.toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await expect(submitted).toContainText(/20\d\d/);
    await expect(page.getByTestId('tracked-result')).not.toContainText('Pending');
    await context.close();
  });
}

test('a failure from an earlier try is gone once the next try is made (the new try says only its own outcome)', async ({ browser, request }) => {
  const code = await reportTrackingCode(request);
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('language', 'ta'));
  const page = await context.newPage();
  await page.goto('/anonymous-complaint/track');
  let fail = true;
  await page.route('**/api/anonymous/track', (route) => (fail ? route.fulfill({ status: 500, body: '{}' }) : route.continue()));
  await page.locator('#anon-code').fill(code);
  await page.getByRole('button', { name: WORDS.ta.submit }).click();
  const failure = page.getByRole('alert').filter({ hasText: WORDS.ta.failed });
  await expect(failure).toBeVisible();

  // The next try is refused by the page itself (no code): only its own error is shown.
  await page.locator('#anon-code').fill('');
  await page.getByRole('button', { name: WORDS.ta.submit }).click();
  await expect(page.locator('#anon-code')).toHaveAttribute('aria-invalid', 'true');
  await expect(failure).toHaveCount(0);

  fail = false;
  await page.locator('#anon-code').fill(code);
  await page.getByRole('button', { name: WORDS.ta.submit }).click();
  await expect(page.getByTestId('tracked-status')).toHaveText(WORDS.ta.pending);
  await expect(failure).toHaveCount(0);
  await context.close();
});
