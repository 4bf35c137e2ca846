import { expect, test, type Browser, type Page } from '@playwright/test';
import { answerSecondFactorInPage } from './staff-auth.helpers';
import {
  ADMIN,
  CRIME_OFFICER,
  PDF,
  PNG,
  STATION,
  slotDay,
  colomboDay,
  createSlotWithOfficer,
  fileCrimeComplaint,
  freeSlotTimes,
  signUpCitizen,
  signedInContext,
} from './complaints.helpers';
import { walkPages } from './pages.helpers';

// One story, in order: the administrator opens slots, a citizen books them, the officer works the case.
test.describe.configure({ mode: 'serial' });

const BRANCHES = { crime: 'Crime Branch', traffic: 'Traffic Branch', minor: 'Minor Offense Branch' } as const;
type Kind = keyof typeof BRANCHES;
const slots = {} as Record<Kind, { from: string; to: string }>;
const references = {} as Record<Kind, string>;
let citizen: { username: string; password: string };

async function signIn(browser: Browser, path: string, who: { username: string; password: string }) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(path);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // Staff answer their second factor (a code from the account's secret).
  if (path !== '/login') await answerSecondFactorInPage(page, who.username);
  return page;
}

async function addSlot(page: Page, kind: Kind) {
  const times = await freeSlotTimes(page.request);
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add Slot' }) });
  await page.locator('#slot-date').fill(slotDay);
  await page.locator('#slot-from').fill(times.from);
  await page.locator('#slot-to').fill(times.to);
  await page.locator('#slot-available').fill('10');
  await page.locator('#slot-branch').selectOption(BRANCHES[kind]);
  await expect(page.locator('#slot-station')).toHaveValue(STATION);
  await form.getByRole('button', { name: 'Add Slot' }).click();
  await expect(form.getByRole('status')).toContainText(`${times.from} – ${times.to}`);
  slots[kind] = times;
  return times;
}

/** The row of one of our slots in the overview table. */
const slotRow = (page: Page, kind: Kind) =>
  page.getByRole('row').filter({ hasText: slots[kind].from }).filter({ hasText: slots[kind].to }).filter({ hasText: BRANCHES[kind] });

test('an administrator adds slots for today and assigns the crime officer to one', async ({ browser }) => {
  const page = await signIn(browser, '/admin', ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('Welcome, admin')).toBeVisible();
  await expect(page.getByText(`Station: ${STATION}`)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Create Officer' })).toHaveAttribute('href', '/admin/create-officer');
  await expect(page.getByRole('link', { name: 'Manage Users' })).toHaveAttribute('href', '/admin/users');

  // No slot selected yet: assigning is refused with the spec's message.
  const officers = page.getByRole('list', { name: 'Officers' });
  await page.getByLabel('Search officers by name').fill('Kavitha');
  await officers.getByRole('button', { name: /Kavitha Raj/ }).click();
  await expect(page.getByText('Please select a slot first')).toBeVisible();

  // Both times are required.
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add Slot' }) });
  await page.locator('#slot-branch').selectOption('Crime Branch');
  await form.getByRole('button', { name: 'Add Slot' }).click();
  await expect(page.locator('#slot-from-error')).toHaveText('Please fill in all time fields.');
  await expect(page.locator('#slot-to-error')).toHaveText('Please fill in all time fields.');

  await addSlot(page, 'crime');
  // The new slot is shown in today's overview and selected for assignment.
  const crimeRow = slotRow(page, 'crime');
  await expect(crimeRow).toContainText('10 of 10');
  await expect(crimeRow.getByRole('button', { name: /^Selected/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Filter by branch')).toHaveValue('Crime Branch');
  await officers.getByRole('button', { name: /Kavitha Raj/ }).click();
  await expect(page.getByText('Kavitha Raj assigned to the slot.')).toBeVisible();
  await expect(crimeRow).toContainText('Kavitha Raj');

  // Removing and assigning again both show in the overview.
  await crimeRow.getByRole('button', { name: /^Remove Kavitha Raj/ }).click();
  await expect(page.getByText('Kavitha Raj removed from the slot.')).toBeVisible();
  await expect(crimeRow).toContainText('No officers assigned');
  await officers.getByRole('button', { name: /Kavitha Raj/ }).click();
  await expect(crimeRow).toContainText('Kavitha Raj');

  await addSlot(page, 'traffic');
  await addSlot(page, 'minor');
  await expect(slotRow(page, 'traffic')).toBeVisible();
  await expect(slotRow(page, 'minor')).toBeVisible();

  // A slot deleted after confirmation leaves the overview.
  const spare = await freeSlotTimes(page.request);
  await page.locator('#slot-from').fill(spare.from);
  await page.locator('#slot-to').fill(spare.to);
  await page.locator('#slot-branch').selectOption('Crime Branch');
  await form.getByRole('button', { name: 'Add Slot' }).click();
  const spareRow = page.getByRole('row').filter({ hasText: spare.from }).filter({ hasText: spare.to });
  await spareRow.getByRole('button', { name: /^Delete slot/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this slot?' });
  await dialog.getByRole('button', { name: 'Delete slot' }).click();
  await expect(page.getByText('Slot deleted.')).toBeVisible();
  await expect(spareRow).toHaveCount(0);
});

/** Personal details every complaint form asks for. */
async function fillPersonalAndIncident(page: Page, what: string) {
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Nimal Perera');
  await page.getByRole('textbox', { name: 'Age', exact: true }).fill('36');
  await page.getByRole('combobox', { name: 'Gender', exact: true }).selectOption('male');
  await page.getByRole('textbox', { name: 'NIC or passport number', exact: true }).fill('198807412345');
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('0771234567');
  await page.getByRole('textbox', { name: 'Home address', exact: true }).fill('12 Galle Road, Colombo 03');
  await page.getByRole('textbox', { name: 'What happened', exact: true }).fill(what);
  await page.locator('#when').fill(`${colomboDay(-1)}T18:30`);
  await page.getByRole('textbox', { name: 'Where it happened', exact: true }).fill('Galle Road, Kollupitiya');
  await page.getByRole('textbox', { name: /Value of the damage/ }).fill('15000.50');
}

async function chooseAppointment(page: Page, kind: Kind) {
  await page.getByRole('combobox', { name: 'Nearest police station', exact: true }).selectOption(STATION);
  await page.locator('#appointment_date').fill(slotDay);
  const slot = page.getByRole('combobox', { name: 'Time slot', exact: true });
  await expect(slot).toBeEnabled();
  const option = slot.locator('option', { hasText: `${slots[kind].from} – ${slots[kind].to}` });
  await slot.selectOption((await option.getAttribute('value'))!);
}

async function submitAndReadReference(page: Page) {
  await page.getByRole('button', { name: 'Submit complaint' }).click();
  const success = page.getByRole('status').filter({ hasText: 'Complaint submitted successfully!' });
  await expect(success).toBeVisible();
  const reference = (await success.textContent())!.match(/CMP-\d{4}-\d+/)![0];
  // The form starts afresh: the complaint's own fields empty, the citizen's own name filled in again.
  await expect(page.getByRole('textbox', { name: 'What happened', exact: true })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Full name', exact: true })).toHaveValue('Nimal Perera');
  await expect(page.getByRole('combobox', { name: 'Time slot', exact: true })).toBeDisabled();
  return reference;
}

test('a citizen files a crime, a traffic and a minor offence complaint with attachments', async ({ browser, request }) => {
  citizen = await signUpCitizen(request);
  const page = await signIn(browser, '/login', citizen);
  await expect(page.getByTestId('greeting')).toContainText(citizen.username);

  await page.goto('/complaint');
  await page.getByRole('link', { name: 'Start Crime complaint' }).click();
  await expect(page).toHaveURL(/\/complaints\/crime$/);

  // Slot rules: the station comes first, nothing is sent without a slot, an empty day says so.
  const slotSelect = page.getByRole('combobox', { name: 'Time slot', exact: true });
  await page.locator('#appointment_date').fill(slotDay);
  await expect(page.getByText('Please choose the station first.')).toBeVisible();
  await expect(slotSelect).toBeDisabled();
  await page.getByRole('button', { name: 'Submit complaint' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText('Please select a time slot');
  await expect(page.locator('#slot_id-error')).toHaveText('Please select a time slot');
  await page.getByRole('combobox', { name: 'Nearest police station', exact: true }).selectOption(STATION);
  await page.locator('#appointment_date').fill(colomboDay(300));
  await expect(page.getByText('No slots available for this date.')).toBeVisible();
  await expect(slotSelect).toBeDisabled();

  // The kind of crime presets the incident type.
  const incidentType = page.getByRole('combobox', { name: 'Incident type', exact: true });
  await page.getByRole('radio', { name: 'Personal crime' }).check();
  await expect(incidentType).toHaveValue('kidnapping');
  await page.getByRole('radio', { name: 'Property crime' }).check();
  await expect(incidentType).toHaveValue('robbery');
  await incidentType.selectOption('theft');

  await chooseAppointment(page, 'crime');
  // Changing the date clears the chosen slot.
  await page.locator('#appointment_date').fill(colomboDay(300));
  await expect(slotSelect).toHaveValue('');
  await chooseAppointment(page, 'crime');
  await fillPersonalAndIncident(page, 'My bicycle was taken from outside the pharmacy.');
  await page.getByLabel(/Photo or document/).setInputFiles({ name: 'bicycle.png', mimeType: 'image/png', buffer: PNG });
  references.crime = await submitAndReadReference(page);

  await page.goto('/complaints/traffic');
  await chooseAppointment(page, 'traffic');
  await page.getByRole('combobox', { name: 'Traffic complaint category' }).selectOption('reckless_driving');
  await page.getByRole('textbox', { name: /Incident type/ }).fill('Bus overtaking on a bend');
  await fillPersonalAndIncident(page, 'A bus overtook on the bend near the school and nearly hit us.');
  await page.getByLabel(/Photo or document/).setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: PDF });
  references.traffic = await submitAndReadReference(page);

  await page.goto('/complaints/minor-offence');
  await chooseAppointment(page, 'minor');
  await page.getByRole('combobox', { name: 'Incident type', exact: true }).selectOption('land_disputes');
  await fillPersonalAndIncident(page, 'My neighbour has moved the boundary fence onto our land.');
  await page.getByLabel(/Photo or document/).setInputFiles({ name: 'fence.png', mimeType: 'image/png', buffer: PNG });
  references.minor = await submitAndReadReference(page);

  await page.goto('/track-complaint');
  for (const [kind, title] of [
    ['crime', 'Crime complaint'],
    ['traffic', 'Traffic complaint'],
    ['minor', 'Minor offence complaint'],
  ] as const) {
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${title} · ${references[kind]}` }) });
    await expect(card).toContainText('Pending');
    await expect(card).toContainText(`${slots[kind].from} – ${slots[kind].to}`);
    await expect(card).toContainText('Kollupitiya Police Station');
    await expect(card.getByRole('link', { name: /Open the attachment/ })).toHaveAttribute('href', /^\/uploads\//);
  }
  const crimeCard = page.getByRole('listitem').filter({ hasText: references.crime });
  await expect(crimeCard).toContainText('Property crime — Theft');
  // The attachment opens for its owner.
  const href = await crimeCard.getByRole('link', { name: /Open the attachment/ }).getAttribute('href');
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/png');
});

test('the crime officer sees the crime complaint, opens it and sets it In Progress', async ({ browser }) => {
  const page = await signIn(browser, '/police/login', CRIME_OFFICER);
  await expect(page).toHaveURL(/\/police\/dashboard$/);
  const queue = page.getByRole('region', { name: 'Complaints' });
  await expect(queue.getByRole('row').filter({ hasText: references.crime })).toBeVisible();
  // Other branches' complaints are not in this queue.
  await expect(queue.getByRole('row').filter({ hasText: references.traffic })).toHaveCount(0);

  // The date filter keeps today's appointments; a day without appointments shows none; clearing shows all.
  await queue.getByLabel('Appointment date').fill(colomboDay(300));
  await expect(queue.getByText('No complaints with an appointment on this date.')).toBeVisible();
  await queue.getByLabel('Appointment date').fill(slotDay);
  await expect(queue.getByRole('row').filter({ hasText: references.crime })).toBeVisible();
  await queue.getByRole('button', { name: 'Show all' }).click();
  await expect(queue.getByLabel('Appointment date')).toHaveValue('');

  const row = queue.getByRole('row').filter({ hasText: references.crime });
  await row.getByRole('button', { name: /Open the complaint/ }).click();
  const dialog = page.getByRole('dialog', { name: `Complaint ${references.crime}` });
  await expect(dialog).toContainText('My bicycle was taken from outside the pharmacy.');
  await expect(dialog).toContainText('198807412345');
  await expect(dialog).toContainText('Property crime — Theft');
  const image = dialog.getByRole('img', { name: `Attachment of complaint ${references.crime}` });
  await expect(image).toBeVisible();
  // Shown is not yet loaded: on a busy machine the box is drawn before the picture arrives.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  const status = dialog.getByRole('combobox', { name: 'New status' });
  await status.fill('   ');
  await dialog.getByRole('button', { name: 'Update status' }).click();
  await expect(dialog.locator('#complaint-status-error')).toHaveText('Status cannot be empty');

  await dialog.getByRole('button', { name: 'In Progress', exact: true }).click();
  await expect(status).toHaveValue('In Progress');
  await dialog.getByRole('button', { name: 'Update status' }).click();
  await expect(dialog.getByText('Status updated')).toBeVisible();
  await expect(dialog).toContainText(`Pending → In Progress by ${CRIME_OFFICER.fullName}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row.locator('.badge')).toHaveText('In Progress');
  await expect(row.locator('.badge')).toHaveClass(/badge--progress/);
});

test('the citizen sees the new status and its history', async ({ browser }) => {
  const page = await signIn(browser, '/login', citizen);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto('/track-complaint');
  const card = page.getByRole('listitem').filter({ hasText: references.crime });
  await expect(card.locator('.badge').first()).toHaveText('In Progress');
  await expect(card).toContainText(`Pending → In Progress by ${CRIME_OFFICER.fullName}`);
  const other = page.getByRole('listitem').filter({ hasText: references.minor });
  await expect(other.locator('.badge').first()).toHaveText('Pending');
});

test("the citizen's complaints come a page at a time, newest first", async ({ browser }) => {
  // Twenty to a page in the app; a citizen holds at most three upcoming appointments, so this page asks the server
  // for one to a page (its answers otherwise as they are): this file's citizen's three complaints make three pages.
  const page = await (await signedInContext(browser, citizen, 'citizen')).newPage();
  await page.route(/\/api\/complaints\/my-complaints/, (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('page_size', '1');
    return route.continue({ url: url.toString() });
  });
  await page.goto('/track-complaint');
  const pages = page.getByRole('navigation', { name: 'Your complaints: pages' });
  const cards = page.locator('.complaint-list > li');
  await expect(pages).toContainText('Page 1 of 3');
  // Newest first: the minor offence complaint was filed last.
  await expect(cards.first()).toContainText(references.minor);
  await walkPages(page, { pages, rows: cards, pageSize: 1 });
  // Each of the three once, newest first: the minor offence complaint was filed last, the crime complaint first.
  const next = pages.getByRole('button', { name: 'Next page' });
  await next.click();
  await expect(pages).toContainText('Page 2 of 3');
  await expect(cards.first()).toContainText(references.traffic);
  await next.click();
  await expect(pages).toContainText('Page 3 of 3');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(references.crime);
  await expect(next).toBeDisabled();
});

test("the officer's latest complaints come twenty to a page; a date's appointments come whole", async ({ browser, request }) => {
  // Seven citizens book three crime slots each: 21 complaints, more than a page, whatever else this server holds.
  const slotIds = [];
  for (let n = 0; n < 3; n++) slotIds.push((await createSlotWithOfficer(request, BRANCHES.crime)).id);
  const booked: string[] = [];
  for (let n = 0; n < 7; n++) {
    const someone = await signUpCitizen(request);
    for (const slotId of slotIds) booked.push((await fileCrimeComplaint(request, someone, slotId)).reference_number);
  }

  const page = await (await signedInContext(browser, CRIME_OFFICER, 'police')).newPage();
  await page.goto('/police/dashboard');
  const queue = page.getByRole('region', { name: 'Complaints' });
  const rows = queue.getByRole('table', { name: 'Complaints' }).locator('tbody tr');
  const pages = queue.getByRole('navigation', { name: 'Complaints: pages' });
  const total = Number((await queue.getByText(/^\d+ complaints$/).textContent())!.split(' ')[0]);
  expect(total).toBeGreaterThanOrEqual(21);
  await expect(pages).toContainText(`Page 1 of ${Math.ceil(total / 20)}`);
  // Newest first: the last one booked heads the first page.
  await expect(rows.first()).toContainText(booked.at(-1)!);
  await walkPages(page, { pages, rows, pageSize: 20 });

  // On page two, a date starts the list again: that day's appointments, every one, with no pages.
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(pages).toContainText('Page 2');
  await queue.getByLabel('Appointment date').fill(slotDay);
  for (const reference of booked) await expect(rows.filter({ hasText: reference })).toHaveCount(1);
  await expect(pages).toHaveCount(0);
  await queue.getByRole('button', { name: 'Show all' }).click();
  await expect(pages).toContainText('Page 1 of');
  await expect(rows).toHaveCount(20);
});
