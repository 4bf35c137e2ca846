import { expect, test, type Browser } from '@playwright/test';
import { seriousViolations } from './axe.helpers';

const LANGUAGES = ['en', 'si', 'ta'] as const;
const PAGES = [
  { path: '/', name: 'home' },
  { path: '/login', name: 'login' },
  { path: '/signup', name: 'signup' },
] as const;

/** Which self-hosted font must have loaded for each language's text to show as letters, not boxes. */
const SCRIPT_FONT = { en: 'Noto Sans', si: 'Noto Sans Sinhala', ta: 'Noto Sans Tamil' } as const;

async function openIn(browser: Browser, language: string, path: string) {
  const context = await browser.newContext();
  await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.evaluate(() => document.fonts.ready);
  return page;
}

for (const language of LANGUAGES) {
  for (const { path, name } of PAGES) {
    test(`${name} in ${language}: no serious accessibility problem, and the script's font is loaded`, async ({ browser }) => {
      const page = await openIn(browser, language, path);
      expect(await seriousViolations(page)).toEqual([]);

      const family = SCRIPT_FONT[language];
      const loaded = await page.evaluate((f) => {
        const faces: FontFace[] = [];
        document.fonts.forEach((face) => faces.push(face));
        return faces.some((face) => face.family.replace(/["']/g, '') === f && face.status === 'loaded');
      }, family);
      expect(loaded, `${family} loaded`).toBe(true);
    });
  }
}

test('the login prompt on the home page is accessible', async ({ browser }) => {
  const page = await openIn(browser, 'en', '/');
  await page.locator('.service-grid').getByRole('link', { name: 'Lodge a complaint' }).click();
  await expect(page.getByRole('dialog', { name: 'Please Log In' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Escape closes it and the page stays where it was.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});
