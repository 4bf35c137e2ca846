import { expect, test, type Page, type Route } from '@playwright/test';
import { FINES_OFFICER, colomboDateTime, signedInContext, uniquePlate } from './fines.helpers';

// Issue 15, item 7: a failing server, gateway or network shows the action's own words, never a raw code (http.500) or
// the browser's English status text, in every language.
const FAILURES: Record<string, (route: Route) => Promise<void>> = {
  '500': (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  '502': (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' }),
  '503': (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
  network: (route) => route.abort('failed'),
};

const TEXTS = {
  en: { analytics: 'Failed to load analytics', issue: 'Failed to issue fine.', generic: 'Something went wrong. Please try again.' },
  si: { analytics: 'විශ්ලේෂණ පූරණය කිරීම අසාර්ථක විය', issue: 'දඩය නිකුත් කිරීම අසාර්ථක විය.', generic: '' },
} as const;

async function expectNoRawCode(page: Page) {
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(/http\.\d{3}|Bad Gateway|Service Unavailable|Internal Server Error|Failed to fetch/);
}

for (const [failure, fail] of Object.entries(FAILURES)) {
  for (const language of ['en', 'si'] as const) {
    test(`a ${failure} failure shows the action's text in ${language}: analytics and Issue Fine`, async ({ browser }) => {
      const context = await signedInContext(browser, FINES_OFFICER, 'police', language);
      const page = await context.newPage();

      await page.route(/\/api\/fines\/analytics\//, fail);
      await page.goto('/police/analytics');
      await expect(page.getByRole('alert').filter({ hasText: TEXTS[language].analytics }).first()).toBeVisible();
      await expectNoRawCode(page);
      await page.unroute(/\/api\/fines\/analytics\//);

      await page.goto('/police/issue-fine');
      await page.locator('#fine-identity-type').selectOption('NIC');
      await page.locator('#fine-identity-number').fill('198807412345');
      await page.locator('#fine-vehicle-number').fill(uniquePlate());
      await page.locator('#fine-offense-type').selectOption('Speeding');
      await page.locator('#fine-amount').fill('2500');
      await page.locator('#fine-incident-date').fill(colomboDateTime(1));
      await page.locator('#fine-incident-location').fill('Galle Road, Bambalapitiya');
      await page.locator('#fine-speed-recorded').fill('92');
      await page.locator('#fine-speed-limit').fill('60');
      await page.route(/\/api\/fines$/, (route) => (route.request().method() === 'POST' ? fail(route) : route.continue()));
      await page.locator('form button[type="submit"]').click();
      const alert = page.getByRole('alert').filter({ hasText: TEXTS[language].issue });
      await expect(alert).toBeVisible();
      if (TEXTS[language].generic) await expect(alert).toContainText(TEXTS[language].generic);
      // Item 9: the failure takes the focus and is in view, not above a long form.
      await expect(page.getByTestId('issue-fine-outcome')).toBeFocused();
      await expect(alert).toBeInViewport();
      await expectNoRawCode(page);
      await context.close();
    });
  }
}
