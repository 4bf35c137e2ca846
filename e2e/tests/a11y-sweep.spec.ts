import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { seriousViolations } from './axe.helpers';
import { signedInContext, type Area } from './fines.helpers';
import { DEMO_ADMIN_PASSWORD, DEMO_CITIZEN_PASSWORD, DEMO_OFFICER_PASSWORD } from '../../server/src/seed/demo-accounts';

// Issue 15: axe finds no serious or critical violation on any page, in the three languages, at phone and desktop
// widths, for everyone who uses the portal (each sees other pages, and staff see their own header).
const LANGUAGES = ['en', 'si', 'ta'] as const;
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

// Each test opens its own context on pages it only reads: the 18 spread over both workers.
test.describe.configure({ mode: 'parallel' });

interface Viewer {
  who: string;
  account?: { username: string; password: string; area: Area };
  pages: string[];
}

const VIEWERS: Viewer[] = [
  {
    who: 'a visitor',
    pages: [
      '/',
      '/guidance',
      '/track',
      '/login',
      '/signup',
      // The phone's page of a signup's live photo, on a link that does not exist (a live one: signup-photo-phone.spec.ts).
      '/signup/photo/0000000000000000',
      '/pay-fine',
      '/clearance',
      '/clearance/apply',
      '/anonymous-complaint',
      '/anonymous-complaint/track',
      '/verify/PCC-2026-000000',
      '/admin',
      '/police/login',
      '/no-such-page',
    ],
  },
  {
    who: 'a citizen',
    account: { username: 'citizen', password: DEMO_CITIZEN_PASSWORD, area: 'citizen' },
    pages: [
      '/complaint',
      '/complaints/traffic',
      '/complaints/crime',
      '/complaints/minor-offence',
      '/track-complaint',
      '/pay-fine',
      '/track-fine',
      '/track-clearance',
    ],
  },
  {
    who: 'a Traffic Fine Branch officer',
    account: { username: 'fines.officer', password: DEMO_OFFICER_PASSWORD, area: 'police' },
    pages: ['/police/dashboard', '/police/issue-fine', '/police/analytics', '/complaint'],
  },
  { who: 'a Crime Branch officer', account: { username: 'crime.officer', password: DEMO_OFFICER_PASSWORD, area: 'police' }, pages: ['/police/dashboard'] },
  { who: 'an Admin Branch officer', account: { username: 'clearance.officer', password: DEMO_OFFICER_PASSWORD, area: 'police' }, pages: ['/police/dashboard'] },
  {
    who: 'an administrator',
    account: { username: 'admin', password: DEMO_ADMIN_PASSWORD, area: 'admin' },
    pages: ['/admin/dashboard', '/admin/users', '/admin/audit', '/admin/create-officer'],
  },
];

async function contextFor(browser: Browser, viewer: Viewer, language: string): Promise<BrowserContext> {
  if (viewer.account) return signedInContext(browser, viewer.account, viewer.account.area, language);
  const context = await browser.newContext();
  await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
  return context;
}

/** The page as its user sees it once it has settled: its heading shown, its data loaded, its fonts drawn. */
async function settle(page: Page, language: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.evaluate(() => document.fonts.ready);
}

/** The page laid out and painted at its current size. */
async function drawn(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** A viewer's pages in runs of at most five: shorter tests that both workers share evenly. */
function runsOf(pages: string[], most = 5) {
  const count = Math.ceil(pages.length / most);
  const size = Math.ceil(pages.length / count);
  return Array.from({ length: count }, (_, i) => pages.slice(i * size, (i + 1) * size));
}

for (const viewer of VIEWERS) {
  const runs = runsOf(viewer.pages);
  for (const [index, pages] of runs.entries()) {
    const which = runs.length > 1 ? `every page (part ${index + 1} of ${runs.length})` : 'every page';
    for (const language of LANGUAGES) {
      // Each page is loaded once and checked at each width: the layout follows the viewport (CSS media queries, and
      // the one script that measures, the main menu, listens for resizes), and loading it again per width doubled
      // the sweep's page loads for nothing.
      test(`${which} of ${viewer.who} in ${language}, on a phone and a desktop: no serious accessibility problem`, async ({ browser }) => {
        test.setTimeout(120_000);
        const context = await contextFor(browser, viewer, language);
        const page = await context.newPage();
        const problems: string[] = [];
        for (const path of pages) {
          await page.setViewportSize(WIDTHS[0]);
          await page.goto(path);
          await settle(page, language);
          for (const size of WIDTHS) {
            await page.setViewportSize(size);
            await drawn(page);
            for (const violation of await seriousViolations(page)) problems.push(`${path} (${size.name}): ${violation}`);
          }
        }
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }
}
