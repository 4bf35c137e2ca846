import { expect, test, type Page } from '@playwright/test';
import { ADMIN, CRIME_OFFICER, createSlotWithOfficer, fileCrimeComplaint, signUpCitizen, signedInContext } from './complaints.helpers';
import { bearer, signUpCitizen as signUpOtherCitizen, unique } from './fines.helpers';
import { walkPages } from './pages.helpers';
import { seriousViolations } from './axe.helpers';

const LANGUAGES = ['en', 'si', 'ta'] as const;

let citizen: { username: string; password: string };
let reference: string;

test.beforeAll(async ({ request }) => {
  citizen = await signUpCitizen(request);
  const slot = await createSlotWithOfficer(request, 'Crime Branch', CRIME_OFFICER.fullName);
  reference = (await fileCrimeComplaint(request, citizen, slot.id)).reference_number;
});

test('an administrator finds a citizen, opens a complaint and deletes the account after confirming; the citizen is signed out', async ({ browser }) => {
  const citizenContext = await signedInContext(browser, citizen, 'citizen');
  const citizenPage = await citizenContext.newPage();
  await citizenPage.goto('/track-complaint');
  await expect(citizenPage.getByRole('heading', { name: new RegExp(reference) })).toBeVisible();

  const context = await signedInContext(browser, ADMIN, 'admin');
  const page = await context.newPage();
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Manage Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByLabel('Search by username or name').fill(citizen.username);
  await page.getByLabel('Role').selectOption('citizen');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const rows = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(citizen.username);
  await rows.first().getByRole('button', { name: /^View/ }).click();

  const details = page.getByRole('region', { name: /Details of Nimal Perera/ });
  await expect(details.getByRole('heading', { name: 'Current complaints' })).toBeVisible();
  await expect(details.getByRole('img', { name: 'Live photo' })).toBeVisible();
  await details.getByRole('button', { name: `Open complaint ${reference}` }).click();
  const modal = page.getByRole('dialog', { name: `Complaint ${reference}` });
  await expect(modal.getByText('My bicycle was taken from outside the pharmacy.')).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Status history' })).toBeVisible();
  // Coded fields read as the officer's view reads them (issue 25 item 12), never as their codes.
  await expect(modal.getByText('Male', { exact: true })).toBeVisible();
  await expect(modal.getByText('Property crime — Theft', { exact: true })).toBeVisible();
  await expect(modal.getByText(/^(male|property|theft)$/)).toHaveCount(0);
  expect(await seriousViolations(page), 'complaint modal').toEqual([]);
  await modal.getByRole('button', { name: 'Close' }).click();

  await details.getByRole('button', { name: 'Delete User' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete user' });
  await expect(confirm).toContainText(`Nimal Perera (${citizen.username})`);
  expect(await seriousViolations(page), 'delete confirmation').toEqual([]);
  await confirm.getByRole('button', { name: `Delete ${citizen.username}` }).click();
  await expect(page.getByText(`The account of Nimal Perera (${citizen.username}) was deleted.`)).toBeVisible();
  await expect(rows).toHaveCount(0);

  // The citizen's open session ends at once: the next request sends them to sign in.
  await citizenPage.reload();
  await expect(citizenPage).toHaveURL(/\/login/);

  // The audit page shows the deletion just made.
  await page.goto('/admin/audit');
  await page.getByLabel('Action').selectOption('user.delete');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('table', { name: 'Audit log entries' }).locator('tbody tr').first()).toContainText('User deleted');
  await context.close();
  await citizenContext.close();
});

test("an administrator opens an officer's details: the complaints of the slots they serve, newest first, a page at a time with how many", async ({
  browser,
}) => {
  const context = await signedInContext(browser, ADMIN, 'admin');
  const page = await context.newPage();
  await page.goto('/admin/users');
  await page.getByLabel('Search by username or name').fill(CRIME_OFFICER.username);
  await page.getByLabel('Role').selectOption('police_officer');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const rows = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: /^View/ }).click();

  const details = page.getByRole('region', { name: new RegExp(`Details of ${CRIME_OFFICER.fullName}`) });
  await expect(details.getByRole('heading', { name: 'Assigned complaints' })).toBeVisible();
  // Counted up to the cap ("more than 500" beyond it); other specs may book into this officer's slots too.
  await expect(details.getByRole('status').filter({ hasText: /^Assigned complaints: (more than )?\d[\d,]*$/ })).toBeVisible();
  const assigned = details.getByRole('table', { name: 'Assigned complaints' }).locator('tbody tr');
  await expect(assigned.first()).toBeVisible();
  expect(await assigned.count()).toBeLessThanOrEqual(20);
  // The complaint filed for this spec is among them: on the first page, or a later one (newest first).
  const pages = details.getByRole('navigation', { name: /Assigned complaints/ });
  const open = details.getByRole('button', { name: `Open complaint ${reference}` });
  for (let turn = 0; turn < 10 && !(await open.isVisible()); turn++) {
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect(pages).toContainText(`Page ${turn + 2}`);
  }
  await open.click();
  await expect(page.getByRole('dialog', { name: `Complaint ${reference}` }).getByText('My bicycle was taken from outside the pharmacy.')).toBeVisible();
  expect(await seriousViolations(page), 'officer details').toEqual([]);
  await context.close();
});

test('the workload table filters by branch, station and thresholds, with how many officers and when the counts were read', async ({ browser }) => {
  const context = await signedInContext(browser, ADMIN, 'admin');
  const page = await context.newPage();
  await page.goto('/admin/dashboard');
  const table = page.getByRole('table', { name: 'Officer workload' });
  await page.getByLabel('Branch', { exact: true }).last().selectOption('Crime Branch');
  await page.getByRole('button', { name: 'Refresh' }).click();
  const officerRow = table.locator('tbody tr', { hasText: CRIME_OFFICER.fullName });
  await expect(officerRow).toBeVisible();
  await expect(table.locator('tbody tr', { hasText: 'Traffic Branch' })).toHaveCount(0);

  await page.getByLabel('Overloaded above (pending + in progress)').fill('0');
  await page.getByLabel('Under-utilized below (total)').fill('0');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(officerRow.getByText('Overloaded')).toBeVisible();
  await page.getByLabel('Overloaded above (pending + in progress)').fill('100000');
  await page.getByLabel('Under-utilized below (total)').fill('100000');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(officerRow.getByText('Under-utilized')).toBeVisible();

  await page.getByLabel('Overloaded above (pending + in progress)').fill('-1');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('Enter a whole number of 0 or more.')).toBeVisible();

  // Pages come from the server by name: how many officers the filters find, and when the counts were read.
  await expect(page.getByTestId('workload-total')).toHaveText(/^Officers found: [\d,]+ Counts as of .+\d{1,2}:\d{2}.*\.$/);
  await expect(table.getByRole('button', { name: 'Total' })).toHaveCount(0);

  await page.getByLabel('Overloaded above (pending + in progress)').fill('8');
  await page.locator('section[aria-labelledby="workload-title"]').getByLabel('Police station').selectOption({ label: 'Slave Island Police' });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(officerRow).toHaveCount(0);
  await context.close();
});

test('keyboard only: find a user and delete the account', async ({ browser, request }) => {
  const someone = await signUpCitizen(request);
  const context = await signedInContext(browser, ADMIN, 'admin');
  const page = await context.newPage();
  await page.goto('/admin/users');
  await page.getByLabel('Search by username or name').focus();
  await page.keyboard.type(someone.username);
  await page.keyboard.press('Enter');
  const view = page.getByRole('button', { name: /^View Nimal Perera/ });
  await expect(view).toHaveCount(1);
  await view.focus();
  await page.keyboard.press('Enter');
  const del = page.getByRole('button', { name: 'Delete User' });
  await expect(del).toBeVisible();
  await del.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete user' });
  await expect(confirm).toBeVisible();
  // The dialog holds the focus: Tab reaches its delete button.
  const target = confirm.getByRole('button', { name: `Delete ${someone.username}` });
  for (let i = 0; i < 5 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`The account of Nimal Perera (${someone.username}) was deleted.`)).toBeVisible();
  await context.close();
});

for (const language of LANGUAGES) {
  test(`administrator pages in ${language}: no serious accessibility problem`, async ({ browser }) => {
    const context = await signedInContext(browser, ADMIN, 'admin', language);
    const page = await context.newPage();
    await page.goto('/admin/dashboard');
    await expect(page.locator('.workload__status').first()).toBeVisible();
    expect(await seriousViolations(page), '/admin/dashboard').toEqual([]);

    await page.goto('/admin/users');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.locator('table tbody tr').first().getByRole('button').click();
    await expect(page.locator('.admin-area__details dl').first()).toBeVisible();
    expect(await seriousViolations(page), '/admin/users with details').toEqual([]);

    await page.goto('/admin/audit');
    await expect(page.locator('table tbody tr').first()).toBeVisible();
    expect(await seriousViolations(page), '/admin/audit').toEqual([]);
    // The tamper check's outcome, in this language: a full walk asked for (unless one is running), the last verified entry.
    const walk = page.locator('.admin-area__walk .button');
    if (await walk.isEnabled()) await walk.click();
    await expect(page.locator('.admin-area__chain').getByRole('status').locator('code')).toHaveText(/^[0-9a-f]{64}$/, { timeout: 30_000 });
    expect(await seriousViolations(page), '/admin/audit verified').toEqual([]);
    await context.close();
  });
}

test('the audit page shows what the verification of the log found: a full walk asked for, its progress and result, or an alert naming the first bad entry', async ({
  browser,
}) => {
  const context = await signedInContext(browser, ADMIN, 'admin');
  const page = await context.newPage();
  await page.goto('/admin/audit');
  const check = page.getByRole('region', { name: 'Tamper check' });
  // A full walk asked for now (another test's may be running: the button then waits for it), its result shown.
  const walk = check.locator('.admin-area__walk .button');
  await expect(walk).toBeVisible();
  if (await walk.isEnabled()) await walk.click();
  await expect(check).toContainText(/Last full walk, finished .*: [\d,]+ entr(y|ies) checked, the chain was intact\./, { timeout: 30_000 });
  await expect(check.getByRole('status')).toContainText(/[\d,]+ entr(y|ies) verified, the chain is intact\./);
  await expect(check.getByRole('status').locator('code')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(check.getByRole('button', { name: 'Walk the whole log now' })).toBeEnabled();
  await expect(check.getByRole('alert')).toHaveCount(0);

  // A walk under way, as the server answers while one runs: its progress, and no second one asked for.
  const state = {
    ok: true,
    checked: 40,
    verified_at: '2026-03-01T04:31:00.000Z',
    head: { position: 40, hash: 'a'.repeat(64) },
    first_bad_id: null,
    first_bad_entry: null,
    break: null,
    anchor: null,
    full_walk: {
      state: 'running',
      requested_at: '2026-03-01T04:30:00.000Z',
      started_at: '2026-03-01T04:30:01.000Z',
      finished_at: null,
      checked: 2500,
      total_estimate: 10000,
      ok: null,
      first_bad_id: null,
    },
  };
  await page.route('**/api/admin/audit-log/verify', (route) => route.fulfill({ json: state }));
  await page.reload();
  await expect(check).toContainText(/Full walk running since .*: 2,500 of about 10,000 entries checked\./);
  await expect(check.getByRole('progressbar', { name: 'Full walk progress' })).toBeVisible();
  await expect(check.getByRole('button', { name: 'Full walk in progress…' })).toBeDisabled();
  expect(await seriousViolations(page), '/admin/audit walk running').toEqual([]);

  // A broken chain, as the server answers once its jobs found a log edited behind its back (the API tests edit one as
  // the database superuser; this server's embedded database is its own): an alert naming the entry, kept until mended.
  await page.unroute('**/api/admin/audit-log/verify');
  await page.route('**/api/admin/audit-log/verify', (route) =>
    route.fulfill({
      json: {
        ...state,
        ok: false,
        checked: 41,
        head: { position: 41, hash: 'b'.repeat(64) },
        first_bad_id: 42,
        first_bad_entry: {
          id: 42,
          at: '2026-03-01T04:30:00.000Z',
          actor_user_id: 1,
          actor_username: 'admin',
          actor_role: 'admin',
          actor_branch: null,
          action: 'user.delete',
          subject_type: 'user',
          subject_id: '7',
          summary: {},
          details: {},
        },
        break: { kind: 'entry', position: 42, found_at: '2026-03-02T20:50:00.000Z', found_by: 'full_walk' },
        full_walk: { ...state.full_walk, state: 'done', finished_at: '2026-03-02T20:50:00.000Z', checked: 42, ok: false, first_bad_id: 42 },
      },
    }),
  );
  await page.reload();
  const alert = check.getByRole('alert');
  await expect(alert).toContainText('The audit log has been tampered with at entry #42');
  await expect(alert).toContainText(/Entry #42 now reads: .*2026.*10:00.*, admin · Administrator, User deleted\./);
  await expect(alert).toContainText(/Found .*2026.* by the full walk\./);
  await expect(alert).toContainText('The log is verified up to its entry at position 41 and not past this point.');
  await expect(check).toContainText(/Last full walk, finished .*: the chain was broken at entry #42\./);
  await expect(check.getByRole('status')).toHaveCount(0);
  expect(await seriousViolations(page), '/admin/audit broken chain').toEqual([]);
  await context.close();
});

/** A list of 26 rows: 25 on the first page, one on the second. */
const listOf = (page: Page, table: string) => ({
  pages: page.getByRole('navigation', { name: `${table}: pages` }),
  rows: page.getByRole('table', { name: table }).locator('tbody tr'),
  pageSize: 25,
  lastPageRows: 1,
});

test('the users list and the audit log page forward and back like every other list', async ({ browser, request }) => {
  // 26 users whose usernames share a prefix, and a new officer's 26 refused sign-ins (audited): two pages of 25 each.
  const prefix = unique('pg');
  for (let i = 0; i < 26; i++) await signUpOtherCitizen(request, `${prefix}-${i}`);
  const officer = { username: unique('pgofficer'), password: 'Jackfruit-Lantern-Monsoon-27' };
  const created = await request.post('/api/admin/users/create-officer', {
    headers: await bearer(request, ADMIN, 'admin'),
    data: { ...officer, full_name: 'Ruwan Kumara', officer_id: unique('PC-').toUpperCase(), branch: 'Crime Branch' },
  });
  expect(created.status(), await created.text()).toBe(201);
  // Sign-ins refused at the administrators' door (the right password, the wrong area): audited, and without the
  // second factor (a code is good once per 30 seconds, so 26 successful sign-ins would take 13 minutes).
  for (let i = 0; i < 26; i++) expect((await request.post('/api/auth/login', { data: { ...officer, area: 'admin' } })).status()).toBe(403);

  const context = await signedInContext(browser, ADMIN, 'admin');
  const page = await context.newPage();
  await page.goto('/admin/users');
  await page.getByLabel('Search by username or name').fill(prefix);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // The unfiltered list is also 25 rows on page 1: walk only once the search's answer is drawn.
  await expect(listOf(page, 'Users').rows.first()).toContainText(prefix);
  await walkPages(page, listOf(page, 'Users'));

  await page.goto('/admin/audit');
  await page.getByLabel('Actor').fill(officer.username);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(listOf(page, 'Audit log entries').rows.first()).toContainText(officer.username);
  await walkPages(page, listOf(page, 'Audit log entries'));
  await context.close();
});
