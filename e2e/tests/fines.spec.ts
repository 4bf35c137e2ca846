import { expect, test, type Page } from '@playwright/test';
import { walkPages } from './pages.helpers';
import { answerSecondFactorInPage } from './staff-auth.helpers';
import { FINES_OFFICER, bearer, colomboDateTime, issueFine, signUpCitizen, signedInContext, unique, uniquePlate } from './fines.helpers';

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // Staff answer their second factor (a code from the account's secret).
  if (username === FINES_OFFICER.username) await answerSecondFactorInPage(page, username);
}

/** The citizen's search on /pay-fine; the vehicle number is typed loosely, as people do. */
async function searchFines(page: Page, nic: string, vehicle: string) {
  await page.getByLabel('Identity type').selectOption('NIC');
  await page.getByLabel('Identity number').fill(nic);
  await page.getByLabel('Vehicle number').fill(vehicle);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

async function fillCard(page: Page, card: string) {
  await page.getByLabel('Card number').fill('');
  await page.getByLabel('Card number').pressSequentially(card);
  await page.getByLabel('Expiry date').fill('');
  await page.getByLabel('Expiry date').pressSequentially('1230');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Sunil Fernando');
}

test('an officer issues a fine; the citizen finds it, is declined once, pays it, prints the receipt and sees it in the history', async ({
  browser,
  request,
}) => {
  const citizen = await signUpCitizen(request);
  const plate = uniquePlate();

  // The Traffic Fine Branch officer issues the fine through the form.
  const officer = await (await browser.newContext()).newPage();
  await officer.goto('/police/login');
  await signIn(officer, FINES_OFFICER.username, FINES_OFFICER.password);
  await expect(officer).toHaveURL(/\/police\/dashboard$/);
  await officer.getByRole('link', { name: 'Issue New Fine' }).click();
  await expect(officer.getByRole('heading', { level: 1, name: 'Issue a traffic fine' })).toBeVisible();

  // Nothing filled: every required field is named at the top and beside it.
  await officer.getByRole('button', { name: 'Issue Fine' }).click();
  const summary = officer.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toContainText('Identity number: Required');
  await expect(summary).toContainText('Vehicle number: Required');
  await expect(summary).toContainText('Offence type: Choose the type of offence.');
  await expect(summary).toContainText('Incident date and time: Enter the incident date and time.');

  await officer.getByLabel('Identity type').selectOption('NIC');
  await officer.getByLabel('Identity number').fill(citizen.nic);
  await officer.getByLabel('Vehicle number').fill(plate.toLowerCase());
  await officer.getByLabel('Offence type').selectOption('Speeding');
  await officer.getByLabel('Amount (LKR)').fill('2500');
  await officer.getByLabel('Incident date and time').fill(colomboDateTime(1));
  await officer.getByLabel(/^Location/).fill('Galle Road, Bambalapitiya');
  await officer.getByLabel('Speed recorded (km/h)').fill('92');
  await officer.getByLabel('Speed limit (km/h)').fill('60');
  await expect(officer.getByRole('radio', { name: 'No' })).toBeChecked();
  await officer.getByRole('button', { name: 'Issue Fine' }).click();
  await expect(officer.getByText('Fine issued successfully!')).toBeVisible();
  await expect(officer.getByText(`${plate}: LKR 2,500.00`)).toBeVisible();

  // It heads the officer's Issued Fines, found by plate or by NIC.
  await officer.getByRole('link', { name: '← Back to the dashboard' }).click();
  await officer.getByLabel('Search by vehicle number or NIC').fill(citizen.nic);
  const issuedRow = officer.getByRole('row').filter({ hasText: plate });
  await expect(issuedRow).toContainText('LKR 2,500.00');
  await expect(issuedRow).toContainText('Unpaid');
  await expect(officer.getByRole('row')).toHaveCount(2);

  // The citizen signs in on the way to /pay-fine and searches with the plate typed loosely.
  const page = await (await browser.newContext()).newPage();
  await page.goto('/pay-fine');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, citizen.username, citizen.password);
  await expect(page).toHaveURL(/\/pay-fine$/);

  await page.getByLabel('Vehicle number').fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.locator('#fine-search-vehicle-number-error')).toHaveText('Please enter all details.');

  await searchFines(page, citizen.nic, `  ${plate.replace(/[ -]/g, '').toLowerCase()} `);
  const row = page.getByRole('row').filter({ hasText: plate });
  await expect(row).toContainText('Speeding');
  await expect(row).toContainText('LKR 2,500.00');
  await expect(row).toContainText('Unpaid');

  // Someone else's vehicle number finds nothing.
  await searchFines(page, citizen.nic, uniquePlate());
  await expect(page.getByText('No fines found.')).toBeVisible();

  await searchFines(page, citizen.nic, plate);
  await page.getByRole('row').filter({ hasText: plate }).getByRole('button', { name: /^Pay/ }).click();

  // The sandbox checkout, clearly in TEST mode.
  await expect(page).toHaveURL(/\/checkout\/cs_/);
  await expect(page.getByText('TEST MODE: no real money is charged')).toBeVisible();
  // It names what is paid for, the violation and the amount, never the vehicle number.
  await expect(page.locator('.checkout__summary')).toContainText('Traffic fine');
  await expect(page.locator('.checkout__violation')).toHaveText('Violation: Speeding');
  await expect(page.locator('.checkout__summary')).not.toContainText(plate);
  await expect(page.locator('.checkout__amount')).toHaveText('LKR 2,500.00');

  await page.getByRole('button', { name: 'Pay LKR 2,500.00' }).click();
  await expect(page.locator('#checkout-card-number-error')).toHaveText('Enter a valid card number.');
  await expect(page.locator('#checkout-expiry-error')).toHaveText('Enter the expiry date as MM/YY.');

  await fillCard(page, '4000000000000002');
  await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay LKR 2,500.00' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout\//);

  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Pay LKR 2,500.00' }).click();

  // Back in the portal, the payment is verified with the gateway and the receipt shown.
  await expect(page).toHaveURL(/\/fines\/success\?fineId=/);
  const receipt = page.getByTestId('fine-receipt');
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText('Traffic fine payment receipt');
  await expect(receipt).toContainText(plate);
  await expect(receipt).toContainText('LKR 2,500.00');
  await expect(receipt).toContainText('Paid');
  await expect(receipt).toContainText(citizen.nic);
  await expect(receipt).toContainText(/SBX-|cs_/);

  // Print Receipt prints the receipt alone.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.getByRole('button', { name: 'Print Receipt' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(receipt).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await expect(page.locator('footer')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print Receipt' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  // Paid now: no Pay button any more, and it is in the payment history.
  await page.goto('/pay-fine');
  await searchFines(page, citizen.nic, plate);
  const results = page.locator('.card').filter({ has: page.getByRole('heading', { name: /^Fines found:/ }) });
  const paidRow = results.getByRole('row').filter({ hasText: plate });
  await expect(paidRow).toContainText('Paid');
  await expect(paidRow.getByRole('button')).toHaveCount(0);
  // The payment history is on the page itself, under the search.
  const onPage = page.getByRole('region', { name: 'Payment history' });
  await expect(onPage.getByRole('row').filter({ hasText: plate })).toContainText('LKR 2,500.00');

  await onPage.getByRole('link', { name: 'Open the payment history on its own page' }).click();
  await expect(page).toHaveURL(/\/track-fine$/);
  // The search page stays drawn until the history page's code has arrived.
  await expect(page.getByRole('heading', { level: 1, name: 'Paid fines' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment history' })).toHaveCount(0);
  const historyRow = page.getByRole('row').filter({ hasText: plate });
  await expect(historyRow).toContainText('LKR 2,500.00');
  await expect(historyRow).toContainText('Speeding');

  // The officer's list shows it paid too.
  await officer.reload();
  await officer.getByLabel('Search by vehicle number or NIC').fill(plate);
  await expect(officer.getByRole('row').filter({ hasText: plate })).toContainText('Paid');
});

test('cancelling on the checkout page lands on /fines/cancel and the fine stays unpaid', async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const plate = uniquePlate();
  await issueFine(request, await bearer(request, FINES_OFFICER, 'police'), { identity: citizen.nic, vehicle: plate, amount: '1000.50' });

  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await signIn(page, citizen.username, citizen.password);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/pay-fine');
  await searchFines(page, citizen.nic, plate);
  await page.getByRole('row').filter({ hasText: plate }).getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/checkout\//);
  const checkoutUrl = page.url();
  await expect(page.locator('.checkout__amount')).toHaveText('LKR 1,000.50');

  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page).toHaveURL(/\/fines\/cancel\?fineId=/);
  await expect(page.getByText('The payment was cancelled.')).toBeVisible();
  await expect(page.getByText('No money was taken and the fine remains unpaid.')).toBeVisible();

  // The cancelled session cannot be paid any more; the fine is still payable from the portal.
  await page.goto(checkoutUrl);
  await expect(page.getByText('This payment was cancelled.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);

  await page.goto('/fines/cancel');
  await page.getByRole('link', { name: 'Go to Pay Fine' }).click();
  await expect(page).toHaveURL(/\/pay-fine$/);
  await searchFines(page, citizen.nic, plate);
  const row = page.getByRole('row').filter({ hasText: plate });
  await expect(row).toContainText('Unpaid');
  await expect(row.getByRole('button', { name: /^Pay/ })).toBeEnabled();
});

test('the success page without a fine id says so and offers the way back', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/fines/success');
  await expect(page.getByRole('heading', { name: 'Payment Verification Failed' })).toBeVisible();
  await expect(page.getByText('Missing fine ID in payment response.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Pay Fine' })).toBeVisible();
});

test('the analytics page charts the seeded fines: violations, a chosen violation, hours and places', async ({ browser, request }) => {
  const headers = await bearer(request, FINES_OFFICER, 'police');
  const place = unique('Analytics Junction ');
  // Three more reckless-driving fines at one new place, all in the 07:00 hour (Colombo).
  for (let i = 0; i < 3; i++) {
    await issueFine(request, headers, {
      identity: '199010312345',
      vehicle: uniquePlate(),
      offense: 'Reckless Driving',
      location: place,
      incidentDate: colomboDateTime(3 + i, 7),
    });
  }
  type Overview = {
    topViolations: { offense_type: string; count: number }[];
    topLocations: { incident_location: string; count: number }[];
    hourlyDistribution: { hour: number; count: number }[];
  };
  const overview = async (offense = '', station = '') =>
    (await (await request.get(`/api/fines/analytics/overview?${new URLSearchParams({ offense_type: offense, station })}`, { headers })).json()) as Overview;
  const overall = await overview();
  const reckless = await overview('Reckless Driving');
  expect(overall.topViolations.reduce((sum, v) => sum + v.count, 0)).toBeGreaterThan(3);

  const page = await (await browser.newContext()).newPage();
  await page.goto('/police/login');
  await signIn(page, FINES_OFFICER.username, FINES_OFFICER.password);
  await page.getByRole('link', { name: 'View Analytics' }).click();
  await expect(page).toHaveURL(/\/police\/analytics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Traffic analytics' })).toBeVisible();

  // The donut (drawn by the lazily loaded chart module): one slice per violation with fines, and its table.
  await expect(page.locator('.recharts-pie-sector').first()).toBeVisible();
  await expect(page.locator('.recharts-pie-sector')).toHaveCount(overall.topViolations.filter((v) => v.count > 0).length);
  const violations = page.getByRole('table', { name: 'Most common violations' });
  await expect(violations.getByRole('row')).toHaveCount(6); // header + the five offence types
  const first = overall.topViolations[0]!;
  await expect(violations.getByRole('row').nth(1)).toContainText(first.offense_type);
  await expect(violations.getByRole('row').nth(1).locator('td').nth(1)).toHaveText(first.count.toLocaleString('en-LK'));
  const recklessTotal = overall.topViolations.find((v) => v.offense_type === 'Reckless Driving')!.count;
  expect(recklessTotal).toBeGreaterThanOrEqual(3);
  await expect(violations.getByRole('row').filter({ hasText: 'Reckless Driving' }).locator('td').nth(1)).toHaveText(recklessTotal.toLocaleString('en-LK'));

  // Overall hours (a bar chart with its data table) and the overall top 5 places.
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const overallHours = page.getByRole('table', { name: 'All fines by hour of day' });
  await expect(overallHours.getByRole('row')).toHaveCount(25);
  await expect(overallHours.getByRole('row').filter({ hasText: '07:00' }).locator('td').nth(1)).toHaveText(String(overall.hourlyDistribution[7]!.count));
  const topPlaces = page.getByRole('table', { name: 'Top 5 locations overall' });
  await expect(topPlaces.getByRole('row')).toHaveCount(1 + Math.min(5, overall.topLocations.length));
  await expect(topPlaces.getByRole('row').nth(1)).toContainText(overall.topLocations[0]!.incident_location);

  // Focus on reckless driving: its places and its hours, bars scaled to its busiest hour.
  await page.getByLabel('Violation', { exact: true }).selectOption('Reckless Driving');
  const focusPlaces = page.getByRole('table', { name: 'Top locations for Reckless Driving' });
  await expect(focusPlaces.getByRole('row').nth(1)).toContainText(reckless.topLocations[0]!.incident_location);
  const placeCount = reckless.topLocations.find((l) => l.incident_location === place)?.count;
  if (placeCount !== undefined) expect(placeCount).toBe(3);
  const focusHours = page.getByRole('table', { name: 'Reckless Driving by hour of day' });
  await expect(focusHours.getByRole('row').filter({ hasText: '07:00' }).locator('td').nth(1)).toHaveText(String(reckless.hourlyDistribution[7]!.count));
  expect(reckless.hourlyDistribution[7]!.count).toBeGreaterThanOrEqual(3);
  const bars = page.locator('.hour-bars__bar');
  await expect(bars).toHaveCount(24);
  const max = Math.max(...reckless.hourlyDistribution.map((h) => h.count));
  const heights = await bars.evaluateAll((els) => els.map((el) => parseFloat((el as HTMLElement).style.height)));
  reckless.hourlyDistribution.forEach((h, i) => {
    if (h.count > 0) expect(heights[i]).toBeCloseTo((h.count / max) * 100, 1);
  });

  // One station: the demo officer's, where the fines that officer issued count. Every figure follows the station.
  const station = 'Kollupitiya Police Station';
  const [atStation, recklessAtStation] = [await overview('', station), await overview('Reckless Driving', station)];
  expect(recklessAtStation.hourlyDistribution[7]!.count).toBeGreaterThanOrEqual(3);
  const stationSelect = page.getByLabel('Police station');
  await expect(stationSelect.locator('option').first()).toHaveText('All stations');
  await stationSelect.selectOption(station);
  const stationRecklessTotal = atStation.topViolations.find((v) => v.offense_type === 'Reckless Driving')!.count;
  await expect(violations.getByRole('row').filter({ hasText: 'Reckless Driving' }).locator('td').nth(1)).toHaveText(
    stationRecklessTotal.toLocaleString('en-LK'),
  );
  await expect(focusHours.getByRole('row').filter({ hasText: '07:00' }).locator('td').nth(1)).toHaveText(
    String(recklessAtStation.hourlyDistribution[7]!.count),
  );
  await expect(focusPlaces.getByRole('row').nth(1)).toContainText(recklessAtStation.topLocations[0]!.incident_location);
  await expect(overallHours.getByRole('row').filter({ hasText: '07:00' }).locator('td').nth(1)).toHaveText(String(atStation.hourlyDistribution[7]!.count));
  await stationSelect.selectOption('');
  await expect(violations.getByRole('row').filter({ hasText: 'Reckless Driving' }).locator('td').nth(1)).toHaveText(recklessTotal.toLocaleString('en-LK'));
});

test("the officer's fines come a page at a time with the total: none is out of reach", async ({ browser }) => {
  const context = await signedInContext(browser, FINES_OFFICER, 'police');
  const page = await context.newPage();
  await page.goto('/police/dashboard');
  const list = page.locator('section[aria-labelledby="issued-fines-title"]');
  const total = Number((await list.getByRole('status').filter({ hasText: 'Fines issued:' }).textContent())!.replace(/\D/g, ''));
  // The demo officer issued more than 200 fines: the old list stopped at 200 without saying so.
  expect(total).toBeGreaterThan(200);
  const pages = Math.ceil(total / 25);
  await expect(list.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await expect(list.locator('tbody tr')).toHaveCount(25);
  const firstPage = await list.locator('tbody tr').first().textContent();

  const next = list.getByRole('button', { name: 'Next page' });
  for (let n = 2; n <= pages; n++) await next.click();
  await expect(list.getByText(`Page ${pages} of ${pages}`)).toBeVisible();
  await expect(list.locator('tbody tr')).toHaveCount(total - 25 * (pages - 1));
  await expect(next).toBeDisabled();
  expect(await list.locator('tbody tr').first().textContent()).not.toBe(firstPage);
  const previous = list.getByRole('button', { name: 'Previous page' });
  for (let n = pages; n > 1; n--) await previous.click();
  await expect(list.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await expect(previous).toBeDisabled();
  await expect(list.locator('tbody tr').first()).toHaveText(firstPage!);

  // Two letters are too few to search by (the server would refuse them): the page says so and keeps the whole list.
  const search = list.getByLabel('Search by vehicle number or NIC');
  await search.fill('WP');
  await expect(list.getByRole('status').filter({ hasText: 'Enter at least 3 letters or digits to search.' })).toBeVisible();
  await expect(list.getByRole('status').filter({ hasText: 'Fines issued:' })).toBeVisible();

  // A search starts again at its first page, with its own total (NICs of people born in the 1980s).
  await search.fill('198');
  await expect(list.getByRole('status').filter({ hasText: 'Enter at least 3' })).toHaveCount(0);
  const matching = list.getByRole('status').filter({ hasText: /Fines matching “198”: \d+/ });
  await expect(matching).toBeVisible();
  const found = Number((await matching.textContent())!.replace(/^.*: /, ''));
  expect(found).toBeGreaterThan(25);
  await expect(list.getByText(`Page 1 of ${Math.ceil(found / 25)}`)).toBeVisible();
  await context.close();
});

test("the citizen's payment history comes 25 to a page, newest payment first", async ({ browser, request }) => {
  // 26 fines paid through the sandbox checkout: one more than a page.
  const citizen = await signUpCitizen(request);
  const officer = await bearer(request, FINES_OFFICER, 'police');
  const asCitizen = await bearer(request, citizen, 'citizen');
  const plates: string[] = [];
  for (let n = 0; n < 26; n++) {
    const plate = uniquePlate();
    const fine = await issueFine(request, officer, { identity: citizen.nic, vehicle: plate });
    const started = await request.post(`/api/fines/${fine.id}/initiate-payment`, { headers: asCitizen, data: {} });
    expect(started.status(), await started.text()).toBe(200);
    const sessionId = ((await started.json()) as { url: string }).url.split('/').pop()!;
    const paid = await request.post(`/api/payments/sandbox/sessions/${sessionId}/pay`, {
      data: { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', cardholder_name: 'Sunil Fernando' },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    plates.push(plate);
  }

  const page = await (await signedInContext(browser, citizen, 'citizen')).newPage();
  await page.goto('/track-fine');
  const pages = page.getByRole('navigation', { name: 'Your paid traffic fines: pages' });
  const rows = page.getByRole('table', { name: 'Your paid traffic fines' }).locator('tbody tr');
  await expect(pages).toContainText('Page 1 of 2');
  // Newest payment first: the last one paid heads the first page, the first one paid is alone on the second.
  await expect(rows.first()).toContainText(plates.at(-1)!);
  await walkPages(page, { pages, rows, pageSize: 25, lastPageRows: 1 });
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(rows.first()).toContainText(plates[0]!);
});
