import { expect, test, type Browser, type Page } from '@playwright/test';
import { answerSecondFactorInPage } from './staff-auth.helpers';
import { captureLivePhoto, fillSignup } from './signup.helpers';
import { uniqueNic } from './nic.helpers';
import { DEMO_ADMIN_PASSWORD, DEMO_CITIZEN_PASSWORD, DEMO_OFFICER_PASSWORD } from '../../server/src/seed/demo-accounts';

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;
/** A 12-digit NIC unique to this run. */

async function newPage(browser: Browser, init?: (page: Page) => Promise<unknown>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (init) await init(page);
  return page;
}

/** Signs in on a sign-in page; `secondFactor`: a staff sign-in that succeeds answers its code (or set-up) next. */
async function signInAt(page: Page, path: string, username: string, password: string, secondFactor = false) {
  await page.goto(path);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  if (secondFactor) await answerSecondFactorInPage(page, username);
}

test('a new citizen signs up with a live photo from the camera, signs in, is greeted and signs out', async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Citizen sign up' })).toBeVisible();

  // Nothing filled: the shared rules speak first, naming the missing photos too.
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toContainText('Please fill in all required fields.');
  await expect(summary).toContainText('Upload or capture identity front photo.');
  await expect(summary).toContainText('Upload or capture identity back photo.');
  await expect(summary).toContainText('You must capture a live photo.');

  const username = unique('nimal');
  await fillSignup(page, username, uniqueNic());
  await page.getByLabel('Mobile number').fill('0771234567');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.locator('#mobile_number-error')).toHaveText('Phone number must be in the format +94777777777');
  await page.getByLabel('Mobile number').fill('+94771234567');

  await captureLivePhoto(page);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Signup successful.')).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('Rambutan-Kite-Harbour-38');
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('greeting')).toHaveText(`Hello, ${username}`);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByTestId('greeting')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'))).toBeNull();
});

test('the server refuses a taken username and the browser shows its message translated', async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto('/signup');
  await fillSignup(page, 'citizen', uniqueNic());
  await captureLivePhoto(page);
  await page.locator('#language-select').selectOption('si');
  await page.getByRole('button', { name: 'ලියාපදිංචි වන්න', exact: true }).click();
  await expect(page.locator('#username-error')).toHaveText('මෙම පරිශීලක නාමය දැනටමත් භාවිතයේ ඇත.');
  await expect(page.getByText('ලියාපදිංචිය අසාර්ථක විය.')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test('a signed-out visitor gets the login modal from a service card and lands on that page after logging in', async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'How to get started' })).toHaveAttribute('href', '/guidance');
  await expect(page.getByText('Clearance within 14 days.')).toBeVisible();

  await page.getByRole('link', { name: 'Pay a traffic fine' }).click();
  const dialog = page.getByRole('dialog', { name: 'Please Log In' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  // The anonymous complaint needs no sign-in.
  const cards = page.locator('.service-grid');
  await expect(cards.getByRole('link', { name: 'Anonymous complaint' })).toHaveAttribute('href', '/anonymous-complaint');

  await page.getByRole('link', { name: 'Lodge a complaint' }).click();
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill('citizen');
  await page.getByLabel('Password').fill(DEMO_CITIZEN_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/complaint$/);
  await expect(page.getByTestId('greeting')).toHaveText('Hello, citizen');

  // Signed in, the cards are plain links.
  await page.goto('/');
  await cards.getByRole('link', { name: 'Track' }).click();
  await expect(page).toHaveURL(/\/track$/);
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('the language choice changes every text and survives a reload; preferredLang is read as a fallback', async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto('/');
  await page.locator('#language-select').selectOption('si');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('පොලිස් සේවා, දැන් මාර්ගගතව');
  await expect(page.getByRole('navigation', { name: 'ප්‍රධාන සංචාලනය' }).getByRole('link', { name: 'මුල් පිටුව' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'si');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('si');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('පොලිස් සේවා, දැන් මාර්ගගතව');
  await expect(page.getByText('දින 14ක් ඇතුළත නිෂ්කාශනය.', { exact: false })).toBeVisible();
  // No English left in the page's own texts (brand-neutral strings like e-mail addresses aside).
  const body = await page.locator('body').innerText();
  for (const english of ['Home', 'How to get started', 'Our services', 'Quick links', 'Login', 'Sign Up', 'Language']) {
    expect(body).not.toContain(english);
  }

  const tamil = await newPage(browser, (p) => p.addInitScript(() => localStorage.setItem('preferredLang', 'ta')));
  await tamil.goto('/');
  await expect(tamil.getByRole('heading', { level: 1 })).toHaveText('பொலிஸ் சேவைகள், இப்போது இணையவழியில்');
  await expect(tamil.locator('html')).toHaveAttribute('lang', 'ta');
});

test('each sign-in page refuses the roles that do not belong there, with the spec messages and no session', async ({ browser }) => {
  const page = await newPage(browser);

  await signInAt(page, '/admin', 'citizen', DEMO_CITIZEN_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Unauthorized - Admin access only');
  await signInAt(page, '/login/admin', 'traffic.officer', DEMO_OFFICER_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Unauthorized - Admin access only');

  await signInAt(page, '/police/login', 'citizen', DEMO_CITIZEN_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Unauthorized: Not a police officer');
  await signInAt(page, '/police/login', 'admin', DEMO_ADMIN_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Unauthorized: Not a police officer');
  await signInAt(page, '/police/login', unique('nobody'), 'Wrong-password1');
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');

  await signInAt(page, '/login', 'traffic.officer', DEMO_OFFICER_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Unauthorized role');
  await signInAt(page, '/login', unique('nobody'), 'Wrong-password1');
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');

  expect(await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'))).toBeNull();
  await expect(page.getByTestId('greeting')).toHaveCount(0);

  // The right roles get in, each to their own area.
  await signInAt(page, '/admin', 'admin', DEMO_ADMIN_PASSWORD, true);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // Signed in already: the sign-in page sends the administrator on.
  await page.goto('/login/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  const police = await newPage(browser);
  await signInAt(police, '/police/login', 'traffic.officer', DEMO_OFFICER_PASSWORD, true);
  await expect(police).toHaveURL(/\/police\/dashboard$/);
});

test('guards send people to the right sign-in page or back to their dashboard', async ({ browser }) => {
  const visitor = await newPage(browser);
  await visitor.goto('/track-complaint');
  await expect(visitor).toHaveURL(/\/login$/);
  await visitor.goto('/police/dashboard');
  await expect(visitor).toHaveURL(/\/police\/login$/);
  await visitor.goto('/admin/users');
  await expect(visitor).toHaveURL(/\/admin$/);

  const citizen = await newPage(browser);
  await signInAt(citizen, '/login', 'citizen', DEMO_CITIZEN_PASSWORD);
  await expect(citizen.getByTestId('greeting')).toBeVisible();
  await citizen.goto('/admin/dashboard');
  await expect(citizen).toHaveURL(/\/admin$/);

  const crime = await newPage(browser);
  await signInAt(crime, '/police/login', 'crime.officer', DEMO_OFFICER_PASSWORD, true);
  await expect(crime).toHaveURL(/\/police\/dashboard$/);
  const alerted = new Promise<string>((resolve) => {
    crime.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
  await crime.goto('/police/issue-fine');
  expect(await alerted).toBe('Access denied: Only Traffic Fine Branch officers can issue fines.');
  await expect(crime).toHaveURL(/\/police\/dashboard$/);
});

test('an administrator creates an officer account, who can then sign in at the police login', async ({ browser, request }) => {
  const page = await newPage(browser);
  await signInAt(page, '/admin', 'admin', DEMO_ADMIN_PASSWORD, true);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/create-officer');
  await expect(page.getByRole('heading', { level: 1, name: 'Create officer account' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Back to dashboard/ })).toHaveAttribute('href', '/admin/dashboard');

  // The admin's own station is preselected; station names follow the language.
  const station = page.getByLabel('Police station');
  await expect(station).toBeEnabled();
  await expect(station).toHaveValue('Kollupitiya Police Station');

  await page.getByRole('button', { name: 'Create officer' }).click();
  await expect(page.locator('#username-error')).toHaveText('All required fields must be filled.');
  await expect(page.locator('#branch-error')).toHaveText('All required fields must be filled.');

  const username = unique('officer.');
  const officerId = unique('OF');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('12345');
  await page.getByLabel('Full name').fill('Kamal Silva');
  await page.getByLabel('Officer ID').fill(officerId);
  await page.getByLabel('Rank').fill('Sergeant');
  await page.getByLabel('Branch').selectOption('Crime Branch');
  await page.getByRole('button', { name: 'Create officer' }).click();
  await expect(page.locator('#password-error')).toHaveText('Password must be at least 6 characters.');

  await page.getByLabel('Password').fill('Jackfruit-Lantern-Monsoon-27');
  await page.getByRole('button', { name: 'Create officer' }).click();
  await expect(page.getByText('Officer account created successfully.')).toBeVisible();

  // The same officer ID again: the server's answer, in the browser's language.
  await page.locator('#language-select').selectOption('ta');
  await page.locator('#username').fill(unique('officer.'));
  await page.locator('#password').fill('Jackfruit-Lantern-Monsoon-27');
  await page.locator('#full_name').fill('Sunil Fernando');
  await page.locator('#officer_id').fill(officerId);
  await page.locator('#branch').selectOption('Traffic Branch');
  const { stations } = (await (await request.get('/api/stations')).json()) as { stations: { name: string; name_ta: string }[] };
  const kollupitiya = stations.find((s) => s.name === 'Kollupitiya Police Station')!;
  await expect(page.locator('#station option:checked')).toHaveText(kollupitiya.name_ta);
  await page.getByRole('button', { name: 'உத்தியோகத்தரை உருவாக்குக' }).click();
  await expect(page.locator('#officer_id-error')).toHaveText('இந்த உத்தியோகத்தர் இலக்கம் ஏற்கனவே பயன்பாட்டில் உள்ளது.');
  await page.locator('#language-select').selectOption('en');

  await page.getByRole('button', { name: 'Logout' }).click();
  await signInAt(page, '/police/login', username, 'Jackfruit-Lantern-Monsoon-27', true);
  await expect(page).toHaveURL(/\/police\/dashboard$/);
  await expect(page.getByTestId('greeting')).toHaveText(`Hello, ${username}`);
});
