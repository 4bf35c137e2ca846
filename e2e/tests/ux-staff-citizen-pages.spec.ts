import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, signUpCitizen } from './complaints.helpers';
import { FINES_OFFICER, signedInContext, type Area } from './fines.helpers';
import { seriousViolations } from './axe.helpers';

// Issue 15, items 8 and 11 (what was left): staff on a citizen's page, the header and the workload table in
// Sinhala and Tamil at 1280 px.

const LANGUAGES = ['en', 'si', 'ta'] as const;
type Language = (typeof LANGUAGES)[number];
type Who = { username: string; password: string };

const CITIZEN_PAGES = ['/complaint', '/complaints/crime', '/track-complaint', '/track-fine', '/track-clearance', '/pay-fine', '/clearance/apply'];
const CITIZENS_ONLY: Record<Language, { title: string; back: string }> = {
  en: { title: 'This page is for citizens', back: 'Back to your dashboard' },
  si: { title: 'මෙම පිටුව පුරවැසියන් සඳහා ය', back: 'ඔබේ පුවරුවට ආපසු' },
  ta: { title: 'இந்தப் பக்கம் பொதுமக்களுக்கானது', back: 'உங்கள் கட்டுப்பாட்டுப் பலகைக்குத் திரும்புக' },
};
/** The visitor's and citizen's header links, by language. */
const PUBLIC_LINKS: Record<Language, string[]> = {
  en: ['Home', 'Guidance', 'Complaint', 'Track', 'Pay Fine', 'Clearance'],
  si: ['මුල් පිටුව', 'මඟපෙන්වීම', 'පැමිණිලි', 'තත්ත්වය බලන්න', 'දඩ ගෙවීම', 'පොලිස් නිෂ්කාශනය'],
  ta: ['முகப்பு', 'வழிகாட்டல்', 'முறைப்பாடு', 'நிலையை அறிய', 'அபராதம் செலுத்த', 'தடையின்மைச் சான்றிதழ்'],
};
const MORE: Record<Language, string> = { en: 'More', si: 'තවත්', ta: 'மேலும்' };

async function openAs(browser: Browser, who: Who | null, area: Area, language: Language, width = 1280) {
  const context = who ? await signedInContext(browser, who, area, language) : await browser.newContext();
  if (!who) await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
  const page = await context.newPage();
  await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
  return page;
}

// ---- Staff who type a citizen's address ----

for (const [who, area, role, dashboard] of [
  [ADMIN, 'admin', 'You are signed in as an administrator.', /\/admin\/dashboard$/],
  [FINES_OFFICER, 'police', 'You are signed in as a police officer.', /\/police\/dashboard$/],
] as const) {
  test(`a signed-in ${area} on a citizen's page is told it is for citizens and led back to their dashboard, not sent to /login`, async ({ browser }) => {
    const page = await openAs(browser, who, area, 'en');
    for (const path of CITIZEN_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'This page is for citizens' }), path).toBeVisible();
      await expect(page.getByTestId('citizens-only')).toContainText(role);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
      // Nothing remembered: signing in as a citizen later does not bring them back here.
      expect(await page.evaluate(() => sessionStorage.getItem('returnTo')), path).toBeNull();
      // Still signed in as staff: their own header.
      await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Back to your dashboard' }).click();
    await expect(page).toHaveURL(dashboard);
    await page.context().close();
  });
}

test('the citizens-only page is translated; visitors still go to the citizen sign-in page, which brings them back', async ({ browser }) => {
  for (const language of ['si', 'ta'] as const) {
    const page = await openAs(browser, ADMIN, 'admin', language);
    await page.goto('/track-complaint');
    await expect(page.getByRole('heading', { level: 1, name: CITIZENS_ONLY[language].title })).toBeVisible();
    await expect(page.getByRole('link', { name: CITIZENS_ONLY[language].back })).toHaveAttribute('href', '/admin/dashboard');
    await page.context().close();
  }
  const visitor = await openAs(browser, null, 'citizen', 'en');
  await visitor.goto('/track-complaint');
  await expect(visitor).toHaveURL(/\/login$/);
  expect(await visitor.evaluate(() => sessionStorage.getItem('returnTo'))).toBe('/track-complaint');
  await visitor.context().close();
});

test('a citizen who types a staff address lands on that sign-in page, which says they are signed in as a citizen', async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const page = await openAs(browser, citizen, 'citizen', 'en');
  for (const [path, signIn, title] of [
    ['/admin/users', /\/admin$/, 'Administrator login'],
    ['/police/dashboard', /\/police\/login$/, 'Police officer login'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveURL(signIn);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const notice = page.getByTestId('signed-in-as');
    await expect(notice).toContainText('You are signed in with a citizen account.');
    await expect(notice.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  }
  await page.context().close();
  // Staff on their own sign-in page are sent on to their dashboard, as before; no notice shows there.
  const admin = await openAs(browser, ADMIN, 'admin', 'en');
  await admin.goto('/admin');
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.context().close();
});

// ---- The citizen's and visitor's header at 1280 px ----

/** Every visible item of the header's row (links and the "More" button) starts at one height; the header is one row high. */
async function headerRow(page: Page) {
  return page.evaluate(() => {
    const items = Array.from(document.querySelectorAll('#main-nav > ul > li')).filter(
      (li) => getComputedStyle(li).visibility === 'visible' && li.getClientRects().length > 0,
    );
    const band = (s: string) => document.querySelector(s)!.getBoundingClientRect();
    const boxes = [band('.brand'), band('#main-nav'), band('.top-bar__tools')];
    return {
      tops: [...new Set(items.map((li) => Math.round(li.getBoundingClientRect().top)))],
      oneBand: Math.max(...boxes.map((b) => b.top)) < Math.min(...boxes.map((b) => b.bottom)),
      height: Math.round(document.querySelector('.top-bar')!.getBoundingClientRect().height),
      scrollWidth: document.documentElement.scrollWidth,
    };
  });
}

for (const language of LANGUAGES) {
  test(`in ${language} at 1280 px the visitor's and citizen's header is one row and every link is reachable, by keyboard too`, async ({ browser, request }) => {
    const citizen = await signUpCitizen(request);
    for (const who of [null, citizen]) {
      const page = await openAs(browser, who, 'citizen', language);
      await page.goto('/guidance');
      const nav = page.locator('#main-nav');
      await expect(nav.getByRole('link', { name: PUBLIC_LINKS[language][0], exact: true })).toBeVisible();
      if (who) await expect(page.getByTestId('greeting')).toBeVisible();
      // The row is measured again when a script's font arrives: read it once the fonts are in and it has settled.
      await page.evaluate(async () => {
        await document.fonts.ready;
        for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
      });
      const row = await headerRow(page);
      expect(row.tops, `nav items of one row (${who ? 'citizen' : 'visitor'})`).toHaveLength(1);
      expect(row.oneBand, 'brand, links and tools side by side').toBe(true);
      expect(row.height, 'header height').toBeLessThan(90);
      expect(row.scrollWidth, 'no sideways scrolling').toBeLessThanOrEqual(1280);

      const more = nav.getByRole('button', { name: MORE[language] });
      const inRow: string[] = [];
      for (const name of PUBLIC_LINKS[language]) if (await nav.getByRole('link', { name, exact: true }).isVisible()) inRow.push(name);
      const underMore = PUBLIC_LINKS[language].filter((name) => !inRow.includes(name));
      if (underMore.length === 0) {
        await expect(more).toBeHidden();
      } else {
        // Keyboard: the button opens the list, Tab walks its links, Escape closes it and gives the focus back.
        await expect(more).toHaveAttribute('aria-expanded', 'false');
        await more.focus();
        await page.keyboard.press('Enter');
        await expect(more).toHaveAttribute('aria-expanded', 'true');
        for (const name of underMore) {
          await page.keyboard.press('Tab');
          await expect(nav.getByRole('link', { name, exact: true })).toBeFocused();
        }
        await page.keyboard.press('Escape');
        await expect(more).toHaveAttribute('aria-expanded', 'false');
        await expect(more).toBeFocused();
        // A link under "More" leads to its page and closes the list, which then marks where the user is.
        const last = underMore.at(-1)!;
        await more.click();
        await nav.getByRole('link', { name: last, exact: true }).click();
        await expect(page).toHaveURL(/\/clearance$/);
        await expect(more).toHaveAttribute('aria-expanded', 'false');
        await expect(more).toHaveClass(/active/);
      }
      expect(inRow.length + underMore.length).toBe(PUBLIC_LINKS[language].length);
      await page.context().close();
    }
  });
}

test('the header keeps its phone menu at 390 px in Tamil, with every link and no "More" button', async ({ browser }) => {
  const page = await openAs(browser, null, 'citizen', 'ta', 390);
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'பட்டி' });
  await toggle.click();
  const nav = page.locator('#main-nav');
  for (const name of PUBLIC_LINKS.ta) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: MORE.ta })).toBeHidden();
  await nav.getByRole('link', { name: PUBLIC_LINKS.ta.at(-1)!, exact: true }).click();
  await expect(page).toHaveURL(/\/clearance$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.context().close();
});

// ---- The administrator's workload table ----

/** Cells whose content is wider than the cell, and whether the table is wider than its box. */
async function workloadOverflow(page: Page) {
  await page.locator('.workload__status').first().waitFor();
  return page.evaluate(() => {
    const table = document.querySelector('#workload-title')!.closest('section')!.querySelector('table')!;
    const box = table.parentElement!;
    const cells = Array.from(table.querySelectorAll('th, td'))
      .filter((cell) => cell.scrollWidth > cell.clientWidth)
      .map((cell) => cell.textContent);
    return {
      cells,
      table: Math.round(table.getBoundingClientRect().width),
      box: box.clientWidth,
      boxScroll: box.scrollWidth,
      page: document.documentElement.scrollWidth,
    };
  });
}

for (const language of LANGUAGES) {
  test(`the workload table fits its card in ${language} at 1280 and 390 px: no cell clipped`, async ({ browser }) => {
    for (const width of [1280, 390]) {
      const page = await openAs(browser, ADMIN, 'admin', language, width);
      await page.goto('/admin/dashboard');
      const overflow = await workloadOverflow(page);
      expect(overflow.cells, `cells wider than their column at ${width}`).toEqual([]);
      expect(overflow.boxScroll, `table ${overflow.table} px in a box of ${overflow.box} px at ${width}`).toBeLessThanOrEqual(overflow.box);
      expect(overflow.page, `no sideways scrolling at ${width}`).toBeLessThanOrEqual(width);
      await page.context().close();
    }
  });
}

// ---- axe on what changed here, in Tamil ----

for (const width of [1280, 390]) {
  test(`the pages changed here pass axe in Tamil at ${width} px`, async ({ browser, request }) => {
    const admin = await openAs(browser, ADMIN, 'admin', 'ta', width);
    await admin.goto('/complaint');
    await expect(admin.getByRole('heading', { level: 1, name: CITIZENS_ONLY.ta.title })).toBeVisible();
    expect(await seriousViolations(admin), 'citizens-only page').toEqual([]);
    await admin.goto('/admin/dashboard');
    await admin.locator('.workload__status').first().waitFor();
    expect(await seriousViolations(admin), 'admin dashboard').toEqual([]);
    await admin.context().close();

    const citizen = await openAs(browser, await signUpCitizen(request), 'citizen', 'ta', width);
    await citizen.goto('/admin/users');
    await expect(citizen.getByTestId('signed-in-as')).toBeVisible();
    expect(await seriousViolations(citizen), 'admin sign-in with the citizen notice').toEqual([]);
    await citizen.goto('/');
    if (width === 1280) await citizen.locator('#main-nav').getByRole('button', { name: MORE.ta }).click();
    else await citizen.getByRole('button', { name: 'பட்டி' }).click();
    expect(await seriousViolations(citizen), 'home with the header list open').toEqual([]);
    await citizen.context().close();
  });
}
