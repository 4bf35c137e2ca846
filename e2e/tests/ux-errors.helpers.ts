import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, type Route } from '@playwright/test';

// Issue 15, item 7: a failing server, gateway or network shows the action's own words, never a raw code (http.500)
// or the browser's English status text, in every language.

/** The four ways a request fails: a bare 500, a gateway's HTML 502, a proxy's text 503, and no answer at all. */
export const FAILURES = {
  '500': (route: Route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  '502': (route: Route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' }),
  '503': (route: Route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
  network: (route: Route) => route.abort('failed'),
} as const;
export type Failure = keyof typeof FAILURES;
export const ALL_FAILURES = Object.keys(FAILURES) as Failure[];
export type Language = 'en' | 'si' | 'ta';

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/locales');
const catalogues = new Map<string, Record<string, unknown>>();

/** The catalogue's text for `ns:key.path` in `language`, with {{name}} filled from `vars`: what the page must show. */
export function text(language: Language, key: string, vars: Record<string, string> = {}) {
  const [ns, keyPath] = key.split(':') as [string, string];
  const file = `${language}/${ns}.json`;
  if (!catalogues.has(file)) catalogues.set(file, JSON.parse(fs.readFileSync(path.join(LOCALES, file), 'utf8')) as Record<string, unknown>);
  let value: unknown = catalogues.get(file);
  for (const part of keyPath.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`No text for ${key} in ${language}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}

export async function expectNoRawCode(page: Page) {
  const main = await page.locator('main').innerText();
  expect(main).not.toMatch(/http\.\d{3}|Bad Gateway|Service Unavailable|Internal Server Error|Failed to fetch(?![ \w])|NetworkError|Load failed/);
}

export async function chooseLanguage(page: Page, language: Language) {
  await page.locator('#language-select').selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

interface Plan {
  /** The request that fails (every other request goes through). */
  url: RegExp;
  method?: string;
  /** Does what makes the request: a click, a reload. */
  act: (failure: Failure) => Promise<unknown>;
  /** The text the alert must hold in `language`. */
  expected: (language: Language) => string;
  /** A query asks again twice before it gives up: the page's clock is run on so the test does not wait for it. */
  retried?: boolean;
}

/**
 * Fails the action's request each way in turn on the same page: each time a fresh alert (not the last one left on
 * the page) says the action's text in the page's language, and nothing in <main> shows a raw code.
 */
export async function failEachWay(page: Page, language: Language, plan: Plan, failures: readonly Failure[] = ALL_FAILURES) {
  for (const failure of failures) {
    const handler = (route: Route) => (!plan.method || route.request().method() === plan.method ? FAILURES[failure](route) : route.fallback());
    await page.route(plan.url, handler);
    // The alerts already there are marked, so the one the test waits for is the new failure's own.
    await page.evaluate(() => document.querySelectorAll('[role="alert"]').forEach((el) => el.setAttribute('data-stale', '')));
    await plan.act(failure);
    const alert = page.locator('[role="alert"]:not([data-stale])').filter({ hasText: plan.expected(language) });
    if (plan.retried) {
      await expect(
        async () => {
          await page.clock.fastForward(2_500);
          await expect(alert.first()).toBeVisible({ timeout: 300 });
        },
        `${failure}: "${plan.expected(language)}"`,
      ).toPass({ timeout: 15_000 });
    } else {
      await expect(alert.first(), `${failure}: "${plan.expected(language)}"`).toBeVisible();
    }
    await expectNoRawCode(page);
    await page.unroute(plan.url, handler);
  }
}

/** A list loaded on opening the page: each failure on a reload, in English and then in `other` (chosen again after each reload). */
export async function listFailsEachWay(page: Page, url: RegExp, key: string, other: Language) {
  let language: Language = 'en';
  const act = async () => {
    await page.reload();
    if (language !== 'en') await chooseLanguage(page, language);
  };
  const plan = { url, act, expected: (l: Language) => text(l, key), retried: true };
  await failEachWay(page, 'en', plan);
  language = other;
  await failEachWay(page, other, plan, ['network']);
}
