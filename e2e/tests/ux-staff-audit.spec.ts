import { expect, test } from '@playwright/test';
import { ADMIN, CRIME_OFFICER, createSlotWithOfficer, fileCrimeComplaint, signUpCitizen, signedInContext } from './complaints.helpers';
import { bearer } from './fines.helpers';

// Issue 25 item 11: the audit log said `slot #6 {"officer_row_id":6}` in English whatever the language. Each entry
// now reads as a sentence in the reader's language naming the people and references, and staff views of a
// citizen's identity photos are on it.
test('the audit log names people and references in Sinhala, and records who viewed a citizen’s identity photo', async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const slot = await createSlotWithOfficer(request, 'Crime Branch', CRIME_OFFICER.fullName);
  const complaint = (await fileCrimeComplaint(request, citizen, slot.id)) as { reference_number: string; id: number };
  const officer = await bearer(request, CRIME_OFFICER, 'police');
  const changed = await request.put(`/api/police/complaints/${complaint.id}/status`, { headers: officer, data: { status: 'In Progress' } });
  expect(changed.status()).toBe(200);

  const admin = await bearer(request, ADMIN, 'admin');
  const [row] = (await (await request.get(`/api/admin/users?search=${citizen.username}`, { headers: admin })).json()).users as Array<{ id: number }>;
  const details = await (await request.get(`/api/admin/users/${row!.id}`, { headers: admin })).json();
  expect((await request.get(details.citizen.identity_photo_front.url, { headers: admin })).status()).toBe(200);

  const context = await signedInContext(browser, ADMIN, 'admin', 'si');
  const page = await context.newPage();
  await page.goto('/admin/audit');
  const table = page.getByRole('table');
  const viewed = table.locator('tbody tr').filter({ hasText: citizen.username }).first();
  await expect(viewed).toContainText('Nimal Perera');
  await expect(viewed).toContainText('හැඳුනුම්පත් ඡායාරූප');
  const status = table.locator('tbody tr').filter({ hasText: complaint.reference_number }).first();
  await expect(status).toContainText('“Pending” සිට “In Progress” දක්වා වෙනස් කරන ලදී');
  await expect(status).toContainText(CRIME_OFFICER.fullName);
  await expect(table).not.toContainText('{"');
  await expect(table).not.toContainText('officer_row_id');
  await context.close();
});
