import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe.helpers';
import { signUpCitizen } from './complaints.helpers';
import { serverWithMailbox } from './mail-server.helpers';
import { uniqueNic } from './nic.helpers';
import { captureLivePhoto, fillSignup } from './signup.helpers';

/*
 * The forgotten-password round trip needs the e-mail itself, and the kept message never holds the link (the server
 * makes it only when it sends). So this file starts a server of its own that sends its e-mail (one port above the
 * suite's two; mail-server.helpers.ts), and reads the link from the e-mail as its owner would.
 */
const own = serverWithMailbox(2, 'passwords');
const BASE = own.base;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await own.start();
});

test.afterAll(() => own.stop());

const mailTo = (email: string) => own.mailsTo(email)[0];

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByTestId('greeting')).toContainText(username);
}

test('a citizen resets a forgotten password through the e-mailed link, then changes it; the pages pass axe', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE });
  const citizen = await signUpCitizen(context.request);
  const page = await context.newPage();

  // From the sign-in page to the request page, by its link.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // An empty submit names the field in the error summary, which takes the focus.
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.locator('.error-summary')).toBeFocused();
  await expect(page.locator('.error-summary')).toContainText('Username');
  await page.getByLabel('Username').fill(citizen.username);
  await page.getByLabel('Username').press('Enter');
  await expect(page.getByRole('status')).toContainText('If an account with this username exists');
  expect(await seriousViolations(page)).toEqual([]);

  // The e-mail, read as its owner reads it.
  const email = `${citizen.username}@example.lk`;
  await expect.poll(() => mailTo(email), { timeout: 30_000 }).toBeDefined();
  const mail = mailTo(email)!;
  expect(mail.subject).toBe('Choose a new password');
  const link = /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9._-]+)/.exec(mail.text ?? '')?.[1];
  expect(link, mail.text).toBeDefined();
  expect(link!.startsWith(`${BASE}/reset-password?token=`)).toBe(true);

  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // A common password is refused by the server, named on its field.
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Password1');
  await page.getByLabel('New password again').fill('Password1');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.locator('.error-summary')).toContainText('one of the most common passwords');
  await expect(page.locator('.error-summary')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Sigiriya-Rock-77');
  await page.getByLabel('New password again').fill('Sigiriya-Rock-77');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed. Sign in with your new password.');

  // The link works once.
  const reused = await context.request.post('/api/auth/password-reset/confirm', {
    data: { token: new URL(link!).searchParams.get('token'), password: 'Another-Rock-88' },
  });
  expect(reused.status()).toBe(400);

  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill(citizen.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(citizen.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await signIn(page, citizen.username, 'Sigiriya-Rock-77');

  // The change, from the account pages (the header's Account link, then Password).
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Current password').fill('Not-my-password-1');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Lotus-Pond-2026');
  await page.getByLabel('New password again').fill('Lotus-Pond-2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('.error-summary')).toBeFocused();
  await expect(page.locator('.error-summary')).toContainText('Current password: Your current password is not correct.');
  expect(await seriousViolations(page)).toEqual([]);
  // Typed and sent from the keyboard.
  await page.getByLabel('Current password').fill('Sigiriya-Rock-77');
  await page.getByLabel('New password again').press('Enter');
  await expect(page.getByRole('status')).toContainText('Your password has been changed.');
  await expect(page.locator(':focus')).toContainText('Your password has been changed.');
  // Still signed in here; the new password signs in.
  await page.reload();
  await expect(page.getByTestId('greeting')).toContainText(citizen.username);
  const signedIn = await context.request.post('/api/auth/login', { data: { username: citizen.username, password: 'Lotus-Pond-2026', area: 'citizen' } });
  expect(signedIn.status()).toBe(200);
  await context.close();
});

test('the three pages in Sinhala and Tamil, and the request page says the same for an unknown username', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE });
  await context.addInitScript(() => localStorage.setItem('language', 'si'));
  const page = await context.newPage();
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'ඔබගේ මුරපදය අමතකද?' })).toBeVisible();
  await page.getByLabel('පරිශීලක නාමය').fill('nobody-here-at-all');
  await page.getByRole('button', { name: 'සබැඳිය යවන්න' }).click();
  await expect(page.getByRole('status')).toContainText('මෙම පරිශීලක නාමය සහිත ගිණුමක් තිබේ නම්');
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/reset-password?token=1.1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await page.locator('#language-select').selectOption('ta');
  await expect(page.getByRole('heading', { level: 1, name: 'புதிய கடவுச்சொல்லைத் தேர்ந்தெடுக்கவும்' })).toBeVisible();
  await page.getByRole('textbox', { name: 'புதிய கடவுச்சொல்', exact: true }).fill('Sigiriya-Rock-77');
  await page.getByLabel('புதிய கடவுச்சொல் மீண்டும்').fill('Sigiriya-Rock-77');
  await page.getByRole('button', { name: 'புதிய கடவுச்சொல்லைச் சேமி' }).click();
  await expect(page.getByRole('alert')).toContainText('காலாவதியாகிவிட்டது');
  await expect(page.getByRole('link', { name: 'புதிய இணைப்பைக் கோரவும்' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test('a guessable password at signup is refused with the reasons in Tamil; a password change is told by e-mail, without the password', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  await page.goto('/signup');
  const username = `weak${Date.now().toString(36)}`;
  await fillSignup(page, username, uniqueNic());
  await page.getByLabel('Password').fill('Colombo@2026');
  await captureLivePhoto(page);
  await page.locator('#language-select').selectOption('ta');
  await page.getByRole('button', { name: 'பதிவு செய்க', exact: true }).click();
  // The field's error: the server's verdict and the estimator's reasons, each translated (validation.passwords.json).
  const error = page.locator('#password-error');
  await expect(error).toContainText('இந்தக் கடவுச்சொல்லை ஊகிப்பது மிக எளிது.');
  await expect(error).toContainText('அரிதாகப் பயன்படும் மேலும் சில சொற்களைச் சேர்க்கவும்.');
  await expect(page.locator('.error-summary')).toContainText('இந்தக் கடவுச்சொல்லை ஊகிப்பது மிக எளிது.');
  expect(await seriousViolations(page)).toEqual([]);
  await page.locator('#language-select').selectOption('en');
  await expect(error).toContainText('This password is too easy to guess.');

  // A citizen changes their password in the browser: the notice e-mail says when, from which browser and network.
  const citizen = await signUpCitizen(context.request);
  await signIn(page, citizen.username, citizen.password);
  await page.goto('/settings/password');
  await page.getByLabel('Current password').fill(citizen.password);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Papaya-Lighthouse-Drizzle-52');
  await page.getByLabel('New password again').fill('Papaya-Lighthouse-Drizzle-52');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed.');
  const email = `${citizen.username}@example.lk`;
  const notice = () => own.mailsTo(email).find((m) => m.subject === 'Your password was changed');
  await expect.poll(notice, { timeout: 30_000 }).toBeDefined();
  const text = notice()!.text ?? '';
  expect(text).toContain(citizen.username);
  expect(text).toMatch(/Device: Chrome \d+ on Linux/);
  expect(text).toContain('Network: 127.0.0.0/24');
  expect(text).toContain(`${BASE}/forgot-password`);
  expect(text).not.toContain(citizen.password);
  expect(text).not.toContain('Papaya-Lighthouse-Drizzle-52');
  await context.close();
});
