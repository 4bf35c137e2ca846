import { expect, test, type Page } from '@playwright/test';
import { ADMIN, CRIME_OFFICER, createSlotWithOfficer, fileCrimeComplaint, signUpCitizen, signedInContext } from './complaints.helpers';
import { CLEARANCE_OFFICER, applyAndPay, completeApplication } from './clearance.helpers';
import { bearer, unique } from './fines.helpers';

/**
 * Staff screens (issue 25, items 13, 14, 15, 18): the outcome of every officer's save is in view with the focus
 * (never the page body), the users table fits, the workload filters by status, and a record's modal puts the
 * officer's action first.
 */
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement === document.body ? 'body' : (document.activeElement?.textContent ?? '')));

test('the users table fits at 1280 px in Tamil, and on a phone View brings the details into view with the focus', async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const context = await signedInContext(browser, ADMIN, 'admin', 'ta');
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/users');
  const table = page.locator('table.admin-area__users');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  // Nothing of the table is cut off or scrolled away: its box is as wide as the table.
  const widths = () => table.evaluate((t) => ({ table: t.scrollWidth, box: t.parentElement!.clientWidth }));
  await expect.poll(async () => (await widths()).table <= (await widths()).box).toBe(true);
  const view = table.locator('tbody tr').first().locator('td').last().getByRole('button');
  const fits = await view.evaluate(
    (b) => b.scrollWidth <= b.clientWidth + 1 && b.getBoundingClientRect().right <= b.closest('.card')!.getBoundingClientRect().right,
  );
  expect(fits).toBe(true);
  await context.close();

  const phoneContext = await signedInContext(browser, ADMIN, 'admin');
  const phone = await phoneContext.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto('/admin/users');
  await phone.getByLabel('Search by username or name').fill(citizen.username);
  await phone.getByRole('button', { name: 'Search', exact: true }).click();
  const rows = phone.getByRole('table', { name: 'Users' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: /^View/ }).click();
  const heading = phone.locator('#user-details-title');
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await phoneContext.close();
});

test("a complaint's status form is at the top of the officer's modal, and its save outcome takes the focus", async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const slot = await createSlotWithOfficer(request, 'Crime Branch', CRIME_OFFICER.fullName);
  const complaint = await fileCrimeComplaint(request, citizen, slot.id);
  const context = await signedInContext(browser, CRIME_OFFICER, 'police');
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/police/dashboard');
  await page.getByRole('button', { name: new RegExp(`Open the complaint ${complaint.reference_number}`) }).click();
  const dialog = page.getByRole('dialog');
  const status = dialog.getByLabel('New status');
  // The officer's action is in view as the modal opens, not under every field of the complaint.
  await expect(status).toBeInViewport();
  await dialog.getByRole('button', { name: 'In Progress' }).click();
  await dialog.getByRole('button', { name: 'Update status' }).click();
  await expect(dialog.getByText('Status updated')).toBeVisible();
  await expect.poll(() => focusedText(page)).toContain('Status updated');
  await context.close();
});

test('an anonymous report opens in the complaint layout: status form first, chips, translated station, history; its save takes the focus', async ({
  browser,
  request,
}) => {
  // A Crime Branch officer of a station no other test uses: the report is theirs (the least loaded officer of its
  // station gets it, and at the demo officer's station that depends on what other tests left there).
  const station = 'Pettah Police Station';
  const officer = { username: unique('pettah.'), password: 'Jackfruit-Lantern-Monsoon-27' };
  const created = await request.post('/api/admin/users/create-officer', {
    headers: await bearer(request, ADMIN, 'admin'),
    data: { ...officer, full_name: 'Nimal Pettah', officer_id: unique('PT').toUpperCase(), branch: 'Crime Branch', station },
  });
  expect(created.status(), await created.text()).toBe(201);
  const what = `Bribes at the checkpoint ${unique('')}`;
  const sent = await request.post('/api/anonymous', {
    multipart: { station, complaintType: 'Corruption', when: '2026-01-10T09:30', what, where: 'Galle Road checkpoint' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  const context = await signedInContext(browser, officer, 'police', 'si');
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/police/dashboard');
  const queue = page.locator('section[aria-labelledby="anonymous-queue-title"]');
  await queue.getByRole('row').filter({ hasText: what }).click();
  const dialog = page.getByRole('dialog');
  const status = dialog.locator('#anonymous-status');
  await expect(status).toBeInViewport();
  // The station in Sinhala, as the station list names it.
  const stationSi = await page.evaluate(async (name) => {
    const { stations } = (await (await fetch('/api/stations')).json()) as { stations: Array<{ name: string; name_si: string }> };
    return stations.find((s) => s.name === name)?.name_si ?? '';
  }, station);
  expect(stationSi).not.toBe('');
  await expect(dialog.getByText(stationSi, { exact: true })).toBeVisible();
  await expect(dialog.getByText(station, { exact: true })).toHaveCount(0);
  const chips = dialog.locator('.status-form__chips button');
  await expect(chips).toHaveCount(3);
  await chips.nth(1).click();
  await expect(status).toHaveValue('In Progress');
  await dialog.locator('button[type="submit"]').click();
  const outcome = dialog.locator('.status-form__outcome .alert');
  await expect(outcome).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('status-form__outcome') ?? false)).toBe(true);
  // The history now has the change, in the shared timeline.
  await expect(dialog.locator('.timeline__list li')).toHaveCount(2);
  await context.close();
});

test('clearance Update status and Generate PDF: the outcome is in view and focused', async ({ browser, request }) => {
  const paid = await applyAndPay(request);
  const context = await signedInContext(browser, CLEARANCE_OFFICER, 'police');
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/police/dashboard');
  await page.locator('#clearance-search').fill(paid.citizen.nic);
  await expect(page.locator('.clearance-officer tbody tr')).toHaveCount(1);
  await page.locator('.clearance-officer tbody tr').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New status').selectOption('in_progress');
  await dialog.getByRole('button', { name: 'Update status' }).click();
  await expect(dialog.getByText('Status updated')).toBeVisible();
  await expect.poll(() => focusedText(page)).toContain('Status updated');
  await expect(dialog.getByText('Status updated')).toBeInViewport();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await completeApplication(request, paid.reference);
  await page.reload();
  await page.locator('#clearance-search').fill(paid.citizen.nic);
  await page.locator('.clearance-officer tbody tr').first().click();
  await dialog.getByRole('button', { name: 'Generate Certificate' }).click();
  await dialog.getByRole('button', { name: 'Generate PDF' }).click();
  const done = dialog.getByText('The certificate PDF was generated and attached.');
  await expect(done).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => focusedText(page)).toContain('The certificate PDF was generated and attached.');
  await expect(done).toBeInViewport();
  await context.close();
});

test('the workload table filters officers by status at the thresholds given', async ({ browser }) => {
  const context = await signedInContext(browser, ADMIN, 'admin');
  const page = await context.newPage();
  await page.goto('/admin/dashboard');
  const card = page.locator('section[aria-labelledby="workload-title"]');
  await card.getByLabel('Overloaded above (pending + in progress)').fill('999999');
  await card.getByLabel('Under-utilized below (total)').fill('999999');
  await card.getByLabel('Show officers').selectOption('under-utilized');
  await card.getByRole('button', { name: 'Refresh' }).click();
  const statuses = card.locator('tbody .workload__status');
  // The rows shown before stay until the filtered ones arrive: wait for the new answer.
  await expect.poll(async () => [...new Set(await statuses.allTextContents())]).toEqual(['Under-utilized']);
  await card.getByLabel('Show officers').selectOption('overloaded');
  await card.getByRole('button', { name: 'Refresh' }).click();
  await expect(card.getByText('No officers have this status at these thresholds.')).toBeVisible();
  await context.close();
});
