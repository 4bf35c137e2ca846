import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { FINES_OFFICER, bearer, issueFine, signUpCitizen, signedInContext, unique, uniquePlate } from './fines.helpers';
import { seriousViolations } from './axe.helpers';

const LANGUAGES = ['en', 'si', 'ta'] as const;
type Who = 'citizen' | 'officer' | 'nobody';

interface Fixture {
  citizen: { username: string; password: string; nic: string };
  paidFineId: string;
  openCheckoutPath: string;
  unpaidPlate: string;
}
let fixture: Fixture;

/** A paid fine (for the receipt) and an unpaid one with an open checkout session, for a fresh citizen. */
async function prepare(request: APIRequestContext): Promise<Fixture> {
  const citizen = await signUpCitizen(request);
  const officer = await bearer(request, FINES_OFFICER, 'police');
  const paid = await issueFine(request, officer, { identity: citizen.nic, vehicle: uniquePlate(), location: unique('A11y Road ') });
  const unpaidPlate = uniquePlate();
  const unpaid = await issueFine(request, officer, { identity: citizen.nic, vehicle: unpaidPlate, offense: 'Speeding', location: unique('A11y Road ') });
  const asCitizen = await bearer(request, citizen, 'citizen');

  const start = async (id: string) => {
    const res = await request.post(`/api/fines/${id}/initiate-payment`, { headers: asCitizen, data: {} });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { url: string }).url;
  };
  const paidCheckout = await start(paid.id);
  const sessionId = paidCheckout.split('/').pop()!;
  const pay = await request.post(`/api/payments/sandbox/sessions/${sessionId}/pay`, {
    data: { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', cardholder_name: 'Sunil Fernando' },
  });
  expect(pay.status(), await pay.text()).toBe(200);
  return { citizen, paidFineId: paid.id, openCheckoutPath: new URL(await start(unpaid.id), 'http://x').pathname, unpaidPlate };
}

test.beforeAll(async ({ request }) => {
  fixture = await prepare(request);
});

interface PageCase {
  name: string;
  who: Who;
  path: () => string;
  /** Waits until the page shows what is to be scanned. */
  ready: (page: Page) => Promise<void>;
}

const visible = (selector: string) => async (page: Page) => {
  await expect(page.locator(selector).first()).toBeVisible();
};

const PAGES: PageCase[] = [
  {
    name: 'pay fine with results',
    who: 'citizen',
    path: () => '/pay-fine',
    ready: async (page) => {
      await page.locator('#fine-search-vehicle-number').fill(fixture.unpaidPlate);
      await page.locator('form.fines-search-form button[type=submit]').click();
      await expect(page.locator('[aria-live="polite"] .fines-table tbody tr')).toHaveCount(1);
    },
  },
  {
    name: 'pay fine with errors',
    who: 'citizen',
    path: () => '/pay-fine',
    ready: async (page) => {
      await page.locator('#fine-search-vehicle-number').fill('');
      await page.locator('form.fines-search-form button[type=submit]').click();
      await expect(page.locator('.error-summary')).toBeVisible();
    },
  },
  { name: 'payment history', who: 'citizen', path: () => '/track-fine', ready: visible('.fines-table tbody tr') },
  { name: 'payment receipt', who: 'citizen', path: () => `/fines/success?fineId=${fixture.paidFineId}`, ready: visible('[data-testid=fine-receipt]') },
  { name: 'payment cancelled', who: 'nobody', path: () => '/fines/cancel', ready: visible('.alert') },
  { name: 'sandbox checkout', who: 'nobody', path: () => fixture.openCheckoutPath, ready: visible('#checkout-card-number') },
  {
    name: 'sandbox checkout with errors',
    who: 'nobody',
    path: () => fixture.openCheckoutPath,
    ready: async (page) => {
      await page.locator('.checkout form button[type=submit]').click();
      await expect(page.locator('.error-summary')).toBeVisible();
    },
  },
  { name: 'officer dashboard', who: 'officer', path: () => '/police/dashboard', ready: visible('.fines-table tbody tr') },
  { name: 'issue fine', who: 'officer', path: () => '/police/issue-fine', ready: visible('#fine-identity-number') },
  {
    name: 'issue fine with errors',
    who: 'officer',
    path: () => '/police/issue-fine',
    ready: async (page) => {
      await page.locator('form button[type=submit]').click();
      await expect(page.locator('.error-summary')).toBeVisible();
    },
  },
  { name: 'analytics', who: 'officer', path: () => '/police/analytics', ready: visible('.recharts-pie-sector') },
];

async function openAs(browser: Browser, who: Who, language: string) {
  if (who === 'citizen') return signedInContext(browser, fixture.citizen, 'citizen', language);
  if (who === 'officer') return signedInContext(browser, FINES_OFFICER, 'police', language);
  const context = await browser.newContext();
  await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
  return context;
}

/**
 * On a phone, in Sinhala and Tamil (longer words than English), no value of a fines table is clipped or
 * pushed out of view: each cell shows all of its text inside the screen.
 */
const PHONE_TABLE_PAGES = ['pay fine with results', 'payment history', 'officer dashboard'];

/** The values of the page's fines table that do not show whole inside the screen. */
const clippedValues = (page: Page) =>
  page.locator('.fines-table td').evaluateAll((cells) =>
    cells
      .filter((cell) => {
        const box = cell.getBoundingClientRect();
        return cell.scrollWidth > cell.clientWidth + 1 || box.right > window.innerWidth + 0.5 || box.left < -0.5;
      })
      .map((cell) => `${cell.getAttribute('data-label') ?? ''}: ${cell.textContent ?? ''}`),
  );

// One browser context per reader and language, its pages visited in turn (each checked on its own, a failure naming
// the page): a context per page loaded the app cold 39 times for the same checks.
test.describe.configure({ mode: 'parallel' });
for (const language of LANGUAGES) {
  for (const who of ['citizen', 'officer', 'nobody'] as const) {
    const cases = PAGES.filter((p) => p.who === who);
    test(`the fines pages of ${who === 'nobody' ? 'a visitor' : `an ${who === 'officer' ? 'officer' : 'citizen'}`} in ${language}: no serious accessibility problem; on a phone every table value in view`, async ({
      browser,
    }) => {
      const context = await openAs(browser, who, language);
      const page = await context.newPage();
      for (const pageCase of cases) {
        await test.step(pageCase.name, async () => {
          await page.setViewportSize({ width: 1280, height: 720 });
          await page.goto(pageCase.path());
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await pageCase.ready(page);
          await page.evaluate(() => document.fonts.ready);
          expect.soft(await seriousViolations(page), `${pageCase.name} in ${language}`).toEqual([]);
          if (language === 'en' || !PHONE_TABLE_PAGES.includes(pageCase.name)) return;
          await page.setViewportSize({ width: 390, height: 844 });
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          expect.soft(await clippedValues(page), `${pageCase.name} in ${language} on a phone: clipped values`).toEqual([]);
          expect.soft(await seriousViolations(page), `${pageCase.name} in ${language} on a phone`).toEqual([]);
        });
      }
      await context.close();
    });
  }
}
