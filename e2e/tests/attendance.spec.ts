import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignIn } from './staff-auth.helpers';
import { seriousViolations } from './axe.helpers';
import { ADMIN, CRIME_OFFICER, STATION, clock, colomboDay, colomboMinutesNow, fileCrimeComplaint, signUpCitizen, signedInContext } from './complaints.helpers';

/*
 * Appointment attendance (issue 49): the crime officer marks a complaint's appointment of today in the queue's
 * detail, corrects it, and the administrator's slot view counts it; a citizen who missed two appointments is told of
 * the one-appointment limit on the booking page. Only an appointment of today or before can be marked, and slots can
 * only be made for times still ahead: each test makes a short slot later today (its data is its own, so the file
 * runs in the parallel project). Between 23:57 and midnight in Colombo no such slot is left, and the tests fail
 * saying so.
 */

const BRANCH = 'Crime Branch';

async function adminHeaders(request: APIRequestContext) {
  const { token } = await apiSignIn(request, ADMIN, 'admin');
  return { authorization: `Bearer ${token}` };
}

/** A crime slot later today at the station, at times no slot there uses today (so its row is told apart by them). */
async function slotLaterToday(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const today = colomboDay();
  const listed = await request.get(`/api/admin/slots?${new URLSearchParams({ date: today, station: STATION })}`, { headers });
  const taken = new Set(
    ((await listed.json()) as Array<{ time_from: string; time_to: string }>).flatMap((s) => [s.time_from.slice(0, 5), s.time_to.slice(0, 5)]),
  );
  const candidates: Array<{ from: string; to: string }> = [];
  for (let start = colomboMinutesNow() + 2; start < 24 * 60 - 1; start++) {
    const times = { from: clock(start), to: clock(Math.min(start + 10, 24 * 60 - 1)) };
    if (!taken.has(times.from) && !taken.has(times.to)) candidates.push(times);
  }
  if (candidates.length === 0) throw new Error(`No slot time is left today (${today}) in Colombo: run this file after midnight there.`);
  const times = candidates[Math.floor(Math.random() * candidates.length)]!;
  const res = await request.post('/api/admin/slots', {
    headers,
    data: { date: today, time_from: times.from, time_to: times.to, available_slots: 5, branch: BRANCH, station: STATION },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: number }).id, ...times };
}

/** A date as the web app writes it in English (its formatter, run in the page's own Intl). */
const pageDate = (page: Page, day: string) =>
  page.evaluate((d) => new Intl.DateTimeFormat('en-LK', { dateStyle: 'medium', timeZone: 'Asia/Colombo' }).format(new Date(`${d}T12:00:00+05:30`)), day);

test('the officer marks an appointment of today and corrects it; the administrator sees the counts per slot', async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const slot = await slotLaterToday(request);
  const { reference_number: reference } = await fileCrimeComplaint(request, citizen, slot.id);

  const officerContext = await signedInContext(browser, CRIME_OFFICER, 'police');
  const page = await officerContext.newPage();
  await page.goto('/police/dashboard');
  const queue = page.getByRole('region', { name: 'Complaints' });
  await queue.getByLabel('Appointment date').fill(colomboDay());
  const row = queue.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Not marked');

  await row.getByRole('button', { name: /Open the complaint/ }).click();
  const dialog = page.getByRole('dialog', { name: `Complaint ${reference}` });
  const attendance = dialog.getByRole('group', { name: /Attendance/ });
  await expect(attendance).toContainText('Did the complainant come to the appointment');
  const came = attendance.getByRole('button', { name: 'Came', exact: true });
  const missed = attendance.getByRole('button', { name: 'Did not come', exact: true });
  await expect(came).toHaveAttribute('aria-pressed', 'false');
  await came.click();
  await expect(dialog.getByText('Attendance saved: Came.')).toBeVisible();
  await expect(came).toHaveAttribute('aria-pressed', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  // Marked wrongly: the other answer corrects it, by keyboard.
  await missed.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Attendance saved: Did not come.')).toBeVisible();
  await expect(missed).toHaveAttribute('aria-pressed', 'true');
  await expect(came).toHaveAttribute('aria-pressed', 'false');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('Did not come');
  await officerContext.close();

  // The administrator's view of today's slots: one booking, none attended, one missed; in Sinhala too.
  const adminContext = await signedInContext(browser, ADMIN, 'admin');
  const admin = await adminContext.newPage();
  await admin.goto('/admin/dashboard');
  await admin.locator('#overview-date').fill(colomboDay());
  const table = admin.getByRole('table', { name: /^Slots on/ });
  const slotRow = table.getByRole('row').filter({ hasText: slot.from }).filter({ hasText: slot.to }).filter({ hasText: BRANCH });
  const header = await table.getByRole('columnheader').allTextContents();
  const cells = await slotRow.getByRole('cell').allTextContents();
  const cellUnder = (name: string) => cells[header.indexOf(name)];
  expect([cellUnder('Booked'), cellUnder('Attended'), cellUnder('Missed')]).toEqual(['1', '0', '1']);
  expect(await seriousViolations(admin)).toEqual([]);
  await adminContext.close();

  const sinhala = await signedInContext(browser, ADMIN, 'admin', 'si');
  const siPage = await sinhala.newPage();
  await siPage.goto('/admin/dashboard');
  await siPage.locator('#overview-date').fill(colomboDay());
  for (const heading of ['වෙන් කළ', 'පැමිණි', 'නොපැමිණි']) await expect(siPage.getByRole('columnheader', { name: heading, exact: true })).toBeVisible();
  await sinhala.close();
});

test('a citizen who missed two appointments is told on the booking page that one upcoming appointment is the limit', async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const { token } = await apiSignIn(request, CRIME_OFFICER, 'police');
  for (let k = 0; k < 2; k++) {
    const slot = await slotLaterToday(request);
    // (The helper types only the reference; the answer is the whole complaint.)
    const { id } = (await fileCrimeComplaint(request, citizen, slot.id)) as unknown as { id: number };
    const marked = await request.put(`/api/police/complaints/${id}/attendance`, {
      headers: { authorization: `Bearer ${token}` },
      data: { attendance: 'missed' },
    });
    expect(marked.status(), await marked.text()).toBe(200);
  }

  const context = await signedInContext(browser, citizen, 'citizen');
  const page = await context.newPage();
  await page.goto('/complaints/crime');
  const notice = page.getByTestId('missed-limit-notice');
  await expect(notice).toContainText('Because you missed 2 appointments within 90 days, you can hold only 1 upcoming appointment at a time.');
  await expect(notice).toContainText(`From ${await pageDate(page, colomboDay(30))} you can hold up to 3 again.`);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();

  // In Tamil as well.
  const tamil = await signedInContext(browser, citizen, 'citizen', 'ta');
  const taPage = await tamil.newPage();
  await taPage.goto('/complaints/crime');
  await expect(taPage.getByTestId('missed-limit-notice')).toContainText('90 நாட்களுக்குள் நீங்கள் 2 சந்திப்புகளுக்கு வரவில்லை');
  await tamil.close();
});
