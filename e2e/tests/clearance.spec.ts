import { expect, test, type Browser } from '@playwright/test';
import { applyAndPay, certify, expectPdfPreview, LANGUAGES, type PaidApplication } from './clearance.helpers';
import { seriousViolations } from './axe.helpers';
import { signUpCitizen, signedInContext } from './fines.helpers';

/**
 * Clearance certificates in the browser, for what the web app has so far: the information page, the payment
 * result pages, tracking with the certificate, and public verification. The application is made through
 * the API here (the nine-step wizard has its own spec, clearance-apply.spec.ts); the officer's processing too.
 */
let fixture: PaidApplication;
/** The fixture's certificate's verification code, once the first test has it issued. */
let code = '';

test.beforeAll(async ({ request }) => {
  fixture = await applyAndPay(request);
});

async function anonymousContext(browser: Browser, language: string) {
  const context = await browser.newContext();
  await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
  return context;
}

test.describe.configure({ mode: 'serial' });

test('a citizen sees the paid application, tracks it, opens the certificate, and /verify says it is genuine', async ({ browser, request }) => {
  const context = await signedInContext(browser, fixture.citizen, 'citizen');
  const page = await context.newPage();

  await page.goto('/clearance');
  await expect(page.getByText('LKR 5,000.00', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/clearance/apply');

  await page.goto(`/clearance/success?session_id=${fixture.sessionId}`);
  await expect(page.getByTestId('clearance-reference')).toHaveText(fixture.reference);
  await expect(page.getByText('within about 14 working days')).toBeVisible();

  await page.goto('/track');
  await expect(page.getByRole('link', { name: 'Active Request' })).toHaveAttribute('href', '/track-clearance');

  await page.goto('/track-clearance');
  await expect(page.getByText(fixture.reference)).toBeVisible();
  await expect(page.locator('.clearance-status--pending')).toBeVisible();
  await expect(page.getByText('Not yet available')).toBeVisible();

  code = await certify(request, fixture.reference);
  await page.reload();
  await expect(page.locator('.clearance-status--completed')).toBeVisible();
  // The preview is the fetched PDF in a frame (the page's CSP allows no <object>, files refuse framing).
  await expectPdfPreview(page, 'Certificate preview');
  const download = page.getByRole('link', { name: 'Download PDF' });
  const href = await download.getAttribute('href');
  expect(href).toMatch(/^\/uploads\//);
  // The certificate is served to the signed-in citizen (session cookie) as a PDF.
  const pdf = await context.request.get(href!);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const [downloaded] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(downloaded.suggestedFilename()).toBe(`${fixture.reference}.pdf`);
  // The verification code and its page, for whoever the citizen shows the certificate to.
  const verification = page.getByTestId('certificate-verification');
  await expect(verification).toContainText(code.match(/.{4}/g)!.join('-'));
  await expect(verification.getByRole('link')).toHaveAttribute('href', new RegExp(`/verify/${code}$`));
  await context.close();

  // /verify/{code}: genuine, with the name only; the reference names nobody; an unknown code is not ours.
  const visitor = await anonymousContext(browser, 'en');
  const verify = await visitor.newPage();
  await verify.goto(`/verify/${code}`);
  await expect(verify.getByTestId('verify-result')).toHaveAttribute('data-result', 'valid');
  await expect(verify.getByText('Sunil Fernando')).toBeVisible();
  await expect(verify.getByText(fixture.citizen.nic)).toHaveCount(0);
  await verify.goto(`/verify/${fixture.reference}`);
  await expect(verify.getByTestId('verify-result')).toHaveAttribute('data-result', 'needs_code');
  await expect(verify.getByText('Sunil Fernando')).toHaveCount(0);
  await verify.goto('/verify/ABCD-EFGH-JKMN-PQRS-TVWX');
  await expect(verify.getByTestId('verify-result')).toHaveAttribute('data-result', 'unknown');
  await visitor.close();
});

test('a citizen without a clearance request is told so on /track and /track-clearance', async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const context = await signedInContext(browser, citizen, 'citizen');
  const page = await context.newPage();
  await page.goto('/track');
  await expect(page.getByText('No clearance request found for your account.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Active Request' })).toHaveCount(0);
  await page.goto('/track-clearance');
  await expect(page.getByText('No clearance request found for your account.')).toBeVisible();
  await context.close();
});

const PAGES = [
  { name: 'clearance information', signedIn: false, path: () => '/clearance', ready: '.clearance-page .card h2' },
  { name: 'clearance payment cancelled', signedIn: false, path: () => '/clearance/cancel', ready: '.alert' },
  {
    name: 'clearance payment success',
    signedIn: true,
    path: () => `/clearance/success?session_id=${fixture.sessionId}`,
    ready: '[data-testid=clearance-reference]',
  },
  { name: 'clearance payment without session', signedIn: false, path: () => '/clearance/success', ready: '.alert' },
  { name: 'track clearance', signedIn: true, path: () => '/track-clearance', ready: '.clearance-status' },
  { name: 'track with the clearance card', signedIn: true, path: () => '/track', ready: '.service-card__extra a' },
  { name: 'verify certificate', signedIn: false, path: () => `/verify/${code}`, ready: '[data-testid=verify-result]' },
  { name: 'verify by a reference', signedIn: false, path: () => `/verify/${fixture.reference}`, ready: '[data-testid=verify-result]' },
];

// One browser context per reader and language, its pages visited in turn (each checked on its own, a failure naming
// the page): a context per page loaded the app cold 24 times for the same checks.
for (const language of LANGUAGES) {
  for (const signedIn of [false, true]) {
    test(`the clearance pages of ${signedIn ? 'a signed-in citizen' : 'a visitor'} in ${language}: no serious accessibility problem`, async ({ browser }) => {
      const context = signedIn ? await signedInContext(browser, fixture.citizen, 'citizen', language) : await anonymousContext(browser, language);
      const page = await context.newPage();
      for (const pageCase of PAGES.filter((p) => p.signedIn === signedIn)) {
        await test.step(pageCase.name, async () => {
          await page.goto(pageCase.path());
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator(pageCase.ready).first()).toBeVisible();
          await page.evaluate(() => document.fonts.ready);
          expect.soft(await seriousViolations(page), `${pageCase.name} in ${language}`).toEqual([]);
        });
      }
      await context.close();
    });
  }
}
