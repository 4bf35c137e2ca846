import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ADMIN, CRIME_OFFICER, STATION, colomboDay, createSlotWithOfficer, fileCrimeComplaint, signUpCitizen, slotDay } from './complaints.helpers';
import { FINES_OFFICER, colomboDateTime, signedInContext, type Area } from './fines.helpers';
import { seriousViolations } from './axe.helpers';
import { DEMO_OFFICER_PASSWORD } from '../../server/src/seed/demo-accounts';

// Issue 15, items 8, 9 and 11: what officers and administrators tripped over.

const LANGUAGES = ['en', 'si', 'ta'] as const;
type Language = (typeof LANGUAGES)[number];
const WIDTHS = [390, 1280] as const;
const TRAFFIC_OFFICER = { username: 'traffic.officer', password: DEMO_OFFICER_PASSWORD, fullName: 'Nimal Perera' };
/** The citizen's header links: none of them is offered to staff. */
const CITIZEN_LINKS = ['Home', 'Guidance', 'Complaint', 'Track', 'Pay Fine', 'Clearance', 'Anonymous complaint'];
const EMOJI = /\p{Emoji_Presentation}|[\u26a0\u2714\u2716]/u;

async function staffPage(browser: Browser, who: { username: string; password: string }, area: Area, language: Language = 'en', width = 1280) {
  const context = await signedInContext(browser, who, area, language);
  const page = await context.newPage();
  await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
  return page;
}

/** The header's own links (the phone menu's too), by their visible names. */
async function headerLinks(page: Page) {
  return page.locator('#main-nav a').allInnerTexts();
}

/** Brand, links and tools share one horizontal band: the header has not wrapped onto a second row. */
async function headerOnOneRow(page: Page) {
  return page.evaluate(() => {
    const boxes = ['.brand', '#main-nav', '.top-bar__tools'].map((s) => document.querySelector(s)!.getBoundingClientRect());
    return Math.max(...boxes.map((b) => b.top)) < Math.min(...boxes.map((b) => b.bottom));
  });
}

/** The chosen option's text fits inside the select (with room for its arrow): it is not cut off. */
async function optionFits(select: Locator) {
  return select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const probe = document.createElement('span');
    probe.style.font = style.font;
    probe.style.position = 'absolute';
    probe.style.whiteSpace = 'nowrap';
    probe.textContent = element.selectedOptions[0]?.textContent ?? '';
    document.body.append(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
    return { fits: needed <= room, needed: Math.round(needed), room: Math.round(room) };
  });
}

async function stationNames(page: Page) {
  const { stations } = (await (await page.request.get('/api/stations')).json()) as { stations: { name: string; name_si: string; name_ta: string }[] };
  const station = stations.find((s) => s.name === STATION)!;
  return { en: station.name, si: station.name_si, ta: station.name_ta };
}

// ---- Item 8: a header of the staff member's own area ----

test('a Traffic Fine Branch officer gets their own header: dashboard, Issue Fine, Analytics; no citizen links; the way back works', async ({ browser }) => {
  const page = await staffPage(browser, FINES_OFFICER, 'police');
  await page.goto('/police/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Police dashboard' })).toBeVisible();
  await expect.poll(() => headerLinks(page)).toEqual(['Dashboard', 'Issue Fine', 'Analytics']);
  const footer = page.locator('footer');
  for (const name of CITIZEN_LINKS) {
    await expect(page.getByRole('banner').getByRole('link', { name, exact: true })).toHaveCount(0);
    await expect(footer.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Issue Fine' }).click();
  await expect(page).toHaveURL(/\/police\/issue-fine$/);
  await expect(nav.getByRole('link', { name: 'Issue Fine' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Traffic analytics' })).toBeVisible();
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/police\/dashboard$/);
  // The brand leads home, which for an officer is the dashboard; the footer offers the same area.
  await page.goto('/police/analytics');
  await page.locator('.top-bar .brand').click();
  await expect(page).toHaveURL(/\/police\/dashboard$/);
  await footer.getByRole('link', { name: 'Issue Fine' }).click();
  await expect(page).toHaveURL(/\/police\/issue-fine$/);
  // Signing out leads to the officers' sign-in page, and the visitor's header returns.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/police\/login$/);
  await expect.poll(() => headerLinks(page)).toEqual(['Home', 'Guidance', 'Complaint', 'Track', 'Pay Fine', 'Clearance']);
  await page.context().close();
});

test('an officer of another branch gets the dashboard only; an administrator gets slots, users, audit log, messages and create officer', async ({
  browser,
}) => {
  const officer = await staffPage(browser, CRIME_OFFICER, 'police');
  await officer.goto('/police/dashboard');
  await expect(officer.getByRole('heading', { level: 1, name: 'Police dashboard' })).toBeVisible();
  await expect.poll(() => headerLinks(officer)).toEqual(['Dashboard']);
  await officer.context().close();

  const admin = await staffPage(browser, ADMIN, 'admin');
  await admin.goto('/admin/dashboard');
  await expect.poll(() => headerLinks(admin)).toEqual(['Dashboard', 'Users', 'Audit log', 'Flagged views', 'Messages', 'Create officer']);
  for (const name of CITIZEN_LINKS) await expect(admin.getByRole('banner').getByRole('link', { name, exact: true })).toHaveCount(0);
  const nav = admin.getByRole('navigation', { name: 'Main navigation' });
  for (const [name, path, heading] of [
    ['Users', /\/admin\/users$/, 'Manage users'],
    ['Audit log', /\/admin\/audit$/, 'Audit log'],
    ['Messages', /\/admin\/notifications$/, 'Messages to citizens'],
    ['Create officer', /\/admin\/create-officer$/, 'Create officer account'],
    ['Dashboard', /\/admin\/dashboard$/, 'Administrator dashboard'],
  ] as const) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(admin).toHaveURL(path);
    await expect(admin.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await admin.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.context().close();
});

test('on a phone the staff links are in the menu, which opens, leads to a page and closes with Escape', async ({ browser }) => {
  const page = await staffPage(browser, FINES_OFFICER, 'police', 'en', 390);
  await page.goto('/police/dashboard');
  const toggle = page.getByRole('button', { name: 'Menu' });
  const nav = page.locator('#main-nav');
  await expect(nav.getByRole('link', { name: 'Analytics' })).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/police\/analytics$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await nav.getByRole('link', { name: 'Dashboard' }).focus();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await page.context().close();
});

// ---- Item 9: focus goes to the outcome of Add Slot, assign and remove ----

test('after Add Slot, assign and remove, keyboard focus is on the result (or the error summary), never on <body>', async ({ browser }) => {
  const page = await staffPage(browser, ADMIN, 'admin');
  await page.goto('/admin/dashboard');
  // A day far enough ahead that the slots made here never meet another spec's.
  const date = colomboDay(40);

  // A refusal naming fields: the error summary has the focus.
  await page.getByRole('button', { name: 'Add Slot' }).press('Enter');
  await expect(page.locator('.error-summary')).toBeFocused();

  await page.locator('#slot-date').fill(date);
  await page.locator('#slot-from').fill('09:00');
  await page.locator('#slot-to').fill('09:25');
  await page.locator('#slot-available').fill('3');
  await page.locator('#slot-branch').selectOption('Traffic Branch');

  // The server fails: the failure has the focus, with the action's own text.
  await page.route('**/api/admin/slots', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback()));
  await page.getByRole('button', { name: 'Add Slot' }).press('Enter');
  const added = page.getByTestId('add-slot-result');
  await expect(added).toBeFocused();
  await expect(added).toHaveText('Error creating slot');
  await page.unroute('**/api/admin/slots');

  await page.getByRole('button', { name: 'Add Slot' }).press('Enter');
  await expect(added).toContainText('Slot added:');
  await expect(added).toBeFocused();

  // The new slot is selected; assigning by keyboard keeps the focus on the outcome. Selecting it filters the officers by
  // its branch, which draws the list again: the key is pressed once that is done, as a person would.
  await expect(page.getByRole('combobox', { name: 'Filter by branch' })).toHaveValue('Traffic Branch');
  const officers = page.getByRole('list', { name: 'Officers' });
  await expect(officers.getByRole('button', { name: /Crime Branch/ })).toHaveCount(0);
  await officers.getByRole('button', { name: new RegExp(`^${TRAFFIC_OFFICER.fullName}\\s*TR-1001`) }).press('Enter');
  const assigned = page.getByTestId('assign-result');
  await expect(assigned).toHaveText(`${TRAFFIC_OFFICER.fullName} assigned to the slot.`);
  await expect(assigned).toBeFocused();

  // Removing: the Remove button leaves the table with the officer; the focus goes to the message.
  const row = page.getByRole('row').filter({ hasText: '09:25' });
  const overview = page.getByTestId('overview-result');
  await page.route('**/api/admin/slots/*/remove-officer/*', (route) => route.fulfill({ status: 503, body: '' }));
  await row.getByRole('button', { name: `Remove ${TRAFFIC_OFFICER.fullName}` }).press('Enter');
  await expect(overview).toHaveText('Error removing officer');
  await expect(overview).toBeFocused();
  await page.unroute('**/api/admin/slots/*/remove-officer/*');
  await row.getByRole('button', { name: `Remove ${TRAFFIC_OFFICER.fullName}` }).press('Enter');
  await expect(overview).toHaveText(`${TRAFFIC_OFFICER.fullName} removed from the slot.`);
  await expect(overview).toBeFocused();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);

  // Deleting (no bookings yet): the confirmation says so; the outcome has the focus afterwards.
  await row.getByRole('button', { name: /^Delete slot/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this slot?' });
  await expect(dialog.getByTestId('delete-slot-bookings')).toHaveText('No bookings have been made for this slot.');
  await dialog.getByRole('button', { name: 'Delete slot' }).click();
  await expect(overview).toHaveText('Slot deleted.');
  await expect(overview).toBeFocused();
  await page.context().close();
});

// ---- Item 11: bookings in the delete confirmation ----

test('the delete-slot confirmation says how many bookings the slot has, in en, si and ta', async ({ browser, request }) => {
  const slot = await createSlotWithOfficer(request, 'Crime Branch', CRIME_OFFICER.fullName);
  for (let i = 0; i < 2; i++) await fileCrimeComplaint(request, await signUpCitizen(request), slot.id);
  const expected: Record<Language, string> = {
    en: '2 bookings have been made for this slot.',
    si: 'මෙම වේලාවට වෙන් කිරීම් 2ක් කර ඇත.',
    ta: 'இந்த நேரத்துக்கு 2 முன்பதிவுகள் செய்யப்பட்டுள்ளன.',
  };
  for (const language of LANGUAGES) {
    const page = await staffPage(browser, ADMIN, 'admin', language);
    await page.goto('/admin/dashboard');
    await page.locator('#overview-date').fill(slotDay);
    const row = page.getByRole('row').filter({ hasText: slot.from }).filter({ hasText: slot.to });
    await row.locator('.button--danger').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('delete-slot-bookings')).toHaveText(expected[language]);
    expect(await seriousViolations(page), `delete confirmation in ${language}`).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.context().close();
  }
});

// ---- Item 11: Sinhala and Tamil layout, the translated subtitle ----

for (const language of ['si', 'ta'] as const) {
  test(`in ${language} the staff header keeps to one row at 1280, the dashboard subtitle is translated, add-slot fields line up and selects show their text`, async ({
    browser,
  }) => {
    const officer = await staffPage(browser, FINES_OFFICER, 'police', language);
    await officer.goto('/police/dashboard');
    const names = await stationNames(officer);
    const branch = { si: 'රථවාහන දඩ අංශය', ta: 'போக்குவரத்து அபராதப் பிரிவு' }[language];
    const subtitle = officer.locator('.page-header__subtitle');
    await expect(subtitle).toContainText(branch);
    await expect(subtitle).toContainText(names[language]);
    await expect(subtitle).not.toContainText('Traffic Fine Branch');
    await expect(subtitle).not.toContainText(STATION);
    expect(await headerOnOneRow(officer), 'officer header on one row').toBe(true);
    await officer.context().close();

    for (const width of WIDTHS) {
      const admin = await staffPage(browser, ADMIN, 'admin', language, width);
      await admin.goto('/admin/dashboard');
      await expect(admin.locator('#slot-station option:checked')).toHaveText(names[language]);
      if (width === 1280) expect(await headerOnOneRow(admin), 'admin header on one row').toBe(true);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(width);
      // The date, times and capacity inputs start at one height; so do the two selects.
      const tops = async (ids: string[]) => Promise.all(ids.map(async (id) => Math.round((await admin.locator(id).boundingBox())!.y)));
      if (width === 1280) {
        expect(new Set(await tops(['#slot-date', '#slot-from', '#slot-to', '#slot-available'])).size, 'inputs of a row at one height').toBe(1);
        expect(new Set(await tops(['#slot-branch', '#slot-station'])).size, 'selects at one height').toBe(1);
      }
      await admin.locator('#slot-branch').selectOption('Minor Offense Branch');
      for (const id of ['#slot-branch', '#slot-station']) {
        const fit = await optionFits(admin.locator(id));
        expect(fit.fits, `${id} shows its text at ${width} (${fit.needed} of ${fit.room} px)`).toBe(true);
      }
      await admin.context().close();
    }
  });
}

// ---- Item 11: the app's own icons, no emoji ----

test('success and failure messages carry the app’s icon and no emoji', async ({ browser }) => {
  const page = await staffPage(browser, FINES_OFFICER, 'police');
  await page.goto('/police/issue-fine');
  await page.getByLabel('Identity number').fill('199010312345');
  await page.getByLabel('Vehicle number').fill('WP CAB-1234');
  await page.getByLabel('Offence type').selectOption('Speeding');
  await page.getByLabel('Amount (LKR)').fill('1500');
  await page.getByLabel('Incident date and time').fill(colomboDateTime(1));
  await page.getByLabel(/^Location/).fill('Galle Road, Kollupitiya');
  await page.route('**/api/fines', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback()));
  await page.getByRole('button', { name: 'Issue Fine', exact: true }).click();
  const outcome = page.getByTestId('issue-fine-outcome');
  await expect(outcome).toContainText('Failed to issue fine.');
  await expect(outcome.locator('svg[data-status-icon="error"][aria-hidden="true"]')).toHaveCount(1);
  expect(await outcome.innerText()).not.toMatch(EMOJI);
  await page.unroute('**/api/fines');
  await page.getByRole('button', { name: 'Issue Fine', exact: true }).click();
  await expect(outcome).toContainText('Fine issued successfully!');
  await expect(outcome.locator('svg[data-status-icon="success"][aria-hidden="true"]')).toHaveCount(1);
  expect(await outcome.innerText()).not.toMatch(EMOJI);
  await page.context().close();
});

// ---- Item 11: each guard its own text ----

test('opening /police/analytics without the branch shows the analytics refusal, not the issue-fine one', async ({ browser, request }) => {
  const analyticsDenied = 'Access denied: Only Traffic Fine Branch officers can view traffic analytics.';
  const citizen = await signUpCitizen(request);
  for (const [who, area, next] of [
    [citizen, 'citizen', /\/police\/login$/],
    [ADMIN, 'admin', /\/police\/login$/],
    [CRIME_OFFICER, 'police', /\/police\/dashboard$/],
  ] as const) {
    const page = await staffPage(browser, who, area);
    const alerted = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.accept().then(() => resolve(dialog.message()))));
    await page.goto('/police/analytics');
    expect(await alerted, `${area} opening analytics`).toBe(analyticsDenied);
    await expect(page).toHaveURL(next);
    await page.context().close();
  }
  // The issue-fine page keeps its own text.
  const page = await staffPage(browser, CRIME_OFFICER, 'police');
  const alerted = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.accept().then(() => resolve(dialog.message()))));
  await page.goto('/police/issue-fine');
  expect(await alerted).toBe('Access denied: Only Traffic Fine Branch officers can issue fines.');
  await page.context().close();
});

// ---- axe on the staff pages changed here ----

/** The header's own links, those under "More" (a long Tamil name at desktop width) counted once. */
const ROW_LINKS = '#main-nav > ul > li > a';

for (const language of LANGUAGES) {
  for (const width of WIDTHS) {
    test(`staff pages pass axe in ${language} at ${width}px`, async ({ browser }) => {
      const officer = await staffPage(browser, FINES_OFFICER, 'police', language, width);
      for (const path of ['/police/dashboard', '/police/issue-fine']) {
        await officer.goto(path);
        await expect(officer.locator('main h1')).toBeVisible();
        await expect(officer.locator(ROW_LINKS)).toHaveCount(3);
        expect(await seriousViolations(officer), `${path} in ${language} at ${width}`).toEqual([]);
      }
      await officer.context().close();
      const admin = await staffPage(browser, ADMIN, 'admin', language, width);
      await admin.goto('/admin/dashboard');
      await expect(admin.locator(ROW_LINKS)).toHaveCount(6);
      await expect(admin.getByRole('list').filter({ has: admin.locator('.slots__officer') })).toBeVisible();
      expect(await seriousViolations(admin), `/admin/dashboard in ${language} at ${width}`).toEqual([]);
      await admin.context().close();
    });
  }
}
