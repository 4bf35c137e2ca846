import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.helpers';
import { ADMIN, CRIME_OFFICER, createSlotWithOfficer, fileCrimeComplaint, signUpCitizen, signedInContext } from './complaints.helpers';

/*
 * A citizen of this test's own making, signed in on two browsers: the signed-in devices page lists both and ends the
 * other one; the data page downloads the citizen's complaint; closing the account signs out and sign-in is refused.
 */
test("a citizen sees and ends another device's session, downloads their data and closes their account", async ({ browser }) => {
  const citizen = await signUpCitizen((await browser.newContext()).request);
  const slot = await createSlotWithOfficer((await browser.newContext()).request, 'Crime Branch');
  const complaint = await fileCrimeComplaint((await browser.newContext()).request, citizen, slot.id);
  // Filing it signed the citizen in through the API: that session ends here, so the two browsers' are the only ones.
  const setup = (await browser.newContext()).request;
  const { token } = (await (
    await setup.post('/api/auth/login', { data: { username: citizen.username, password: citizen.password, area: 'citizen' } })
  ).json()) as { token: string };
  const authorization = `Bearer ${token}`;
  expect((await setup.post('/api/me/sessions/end-others', { headers: { authorization } })).status()).toBe(200);
  expect((await setup.post('/api/auth/logout', { headers: { authorization } })).status()).toBe(200);

  const laptop = await signedInContext(browser, citizen, 'citizen');
  const phone = await signedInContext(browser, citizen, 'citizen');
  const page = await laptop.newPage();
  const other = await phone.newPage();

  // Both browsers are signed in; each sees two sessions, itself marked as this device.
  await other.goto('/account/devices');
  await expect(other.getByRole('heading', { level: 1, name: 'Signed-in devices' })).toBeVisible();
  await page.goto('/');
  // The account menu's one link leads there.
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/devices$/);
  const table = page.getByRole('table', { name: 'Devices signed in to your account' });
  await expect(table.getByRole('row')).toHaveCount(3); // the header and two sessions
  await expect(table.getByText('(this device)')).toHaveCount(1);
  await expect(other.getByRole('table').getByRole('row')).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);

  // End the other one: a confirmation first, then the outcome has the focus.
  const end = table.getByRole('button', { name: /^End the session on / });
  await expect(end).toHaveCount(1);
  await end.click();
  const dialog = page.getByRole('dialog', { name: 'End this session?' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'End session' }).click();
  await expect(page.locator(':focus')).toContainText(/The session on .+ has ended\./);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByText('Your account is signed in on this device only.')).toBeVisible();

  // The other browser is signed out at its next request.
  await other.reload();
  await expect(other).toHaveURL(/\/login$/);
  await expect(other.getByTestId('greeting')).toHaveCount(0);
  // This one is still signed in.
  await page.reload();
  await expect(page.getByTestId('greeting')).toBeVisible();

  // My data: the download is a JSON file holding the citizen's complaint.
  await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'My data', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My data' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^pes-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
    profile: { username: string; citizen: { identity_number: string } };
    complaints: Array<{ reference_number: string }>;
  };
  expect(data.profile.username).toBe(citizen.username);
  expect(data.profile.citizen.identity_number).toBe(citizen.nic);
  expect(data.complaints.map((c) => c.reference_number)).toEqual([complaint.reference_number]);
  await expect(page.locator(':focus')).toContainText('Your data has been downloaded.');

  // Close the account: the dialog names the consequences and asks for the password; a wrong one changes nothing.
  await page.getByRole('button', { name: 'Close my account' }).click();
  const closing = page.getByRole('dialog', { name: 'Close your account?' });
  await expect(closing).toContainText('you can no longer sign in with it');
  await expect(closing).toContainText('signed out at once on this and every other device');
  expect(await seriousViolations(page)).toEqual([]);
  await closing.getByRole('button', { name: 'Close my account' }).click();
  await expect(closing.getByRole('link', { name: /Your current password/ })).toBeVisible(); // the error summary names the field
  await closing.getByLabel('Your current password').fill('Not-the-password-1');
  await closing.getByRole('button', { name: 'Close my account' }).click();
  await expect(closing.getByRole('alert')).toContainText('The password is not correct.');
  await closing.getByLabel('Your current password').fill(citizen.password);
  await closing.getByRole('button', { name: 'Close my account' }).click();

  await expect(page).toHaveURL(/\/account\/closed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account closed' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Your account has been closed and you have been signed out on every device.');
  await expect(page.getByTestId('greeting')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Sign-in is refused from now on, in the browser as through the API.
  const refused = await page.request.post('/api/auth/login', { data: { username: citizen.username, password: citizen.password, area: 'citizen' } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('auth.account_deactivated');
  await laptop.close();
  await phone.close();
});

// Staff see their own sessions in their own area (only looked at here: a demo account's sessions are never ended).
for (const staff of [
  { who: CRIME_OFFICER, area: 'police', home: '/police/dashboard', devices: /\/police\/devices$/ },
  { who: ADMIN, area: 'admin', home: '/admin/dashboard', devices: /\/admin\/devices$/ },
] as const) {
  test(`the ${staff.area} area has its own signed-in devices page, reached from the header`, async ({ browser }) => {
    const context = await signedInContext(browser, staff.who, staff.area);
    const page = await context.newPage();
    await page.goto(staff.home);
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await expect(page).toHaveURL(staff.devices);
    await expect(page.getByRole('heading', { level: 1, name: 'Signed-in devices' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Devices signed in to your account' });
    await expect(table.getByText('(this device)')).toHaveCount(1);
    // Staff's account pages are their devices and their password: a citizen's data and settings are not offered.
    await expect(page.getByRole('navigation', { name: 'Your account' }).getByRole('link')).toHaveText(['Signed-in devices', 'Password']);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}
