import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PNG, STATION, colomboDay, fileCrimeComplaint } from './complaints.helpers';
import { serverWithMailbox } from './mail-server.helpers';
import { claimCode } from './staff-auth.helpers';
import { nicBirthDate, uniqueNic } from './nic.helpers';
import { DEMO_ADMIN_PASSWORD } from '../../server/src/seed/demo-accounts';

/*
 * A citizen who signs up on a page shown in Sinhala or Tamil gets their first e-mail in that language: the page's
 * language is the account's. Walked through the browser on a server that sends its e-mail (mail-server.helpers.ts),
 * the e-mail read from the SMTP server as its owner would.
 */
const own = serverWithMailbox(3, 'signup-language');

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await own.start();
});
test.afterAll(() => own.stop());

const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

/** The page's own words in each language (web/src/locales/<lng>/auth.json). */
const WORDS = {
  si: { startCamera: 'කැමරාව ආරම්භ කරන්න', capture: 'ඡායාරූපය ගන්න', submit: 'ලියාපදිංචි වන්න', done: 'ලියාපදිංචිය සාර්ථකයි.' },
  ta: { startCamera: 'கமெராவை இயக்குக', capture: 'புகைப்படம் எடுக்க', submit: 'பதிவு செய்க', done: 'பதிவு வெற்றிகரமாக முடிந்தது.' },
};

/** The first e-mail of a complaint with an appointment, as each language says it. */
const FIRST_EMAIL = {
  si: { subject: (reference: string) => `පැමිණිල්ල ${reference} ලැබුණි`, words: 'ශ්‍රී ලංකා පොලිසිය', station: 'කොල්ලුපිටිය පොලිස් ස්ථානය' },
  ta: { subject: (reference: string) => `முறைப்பாடு ${reference} பெறப்பட்டது`, words: 'இலங்கை பொலிஸ்', station: 'கொள்ளுப்பிட்டி பொலிஸ் நிலையம்' },
};

async function signUpInBrowser(page: Page, language: 'si' | 'ta', username: string) {
  const words = WORDS[language];
  await page.goto('/signup');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.locator('#first_name').fill('Nimal');
  await page.locator('#second_name').fill('Perera');
  // A real NIC whose day and year are the date of birth given (signup checks the two agree).
  const nic = uniqueNic();
  await page.locator('#date_of_birth').fill(nicBirthDate(nic));
  await page.locator('#marital_status').selectOption('Married');
  await page.locator('#address').fill('12 Galle Road, Colombo 03');
  await page.locator('#email').fill(`${username}@example.lk`);
  await page.locator('#mobile_number').fill('+94771234567');
  await page.locator('#identity_type').selectOption('NIC');
  await page.locator('#identity_number').fill(nic);
  await page.locator('#identity_photo_front-file').setInputFiles(photo('nic-front.png'));
  await page.locator('#identity_photo_back-file').setInputFiles(photo('nic-back.png'));
  await page.locator('#username').fill(username);
  await page.locator('#password').fill('Rambutan-Kite-Harbour-38');
  const live = page.locator('#live_photo');
  await live.getByRole('button', { name: words.startCamera }).click();
  const take = live.getByRole('button', { name: words.capture });
  await expect(take).toBeEnabled();
  await take.click();
  await expect(live.getByRole('img')).toBeVisible();
  await page.getByRole('button', { name: words.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(words.done)).toBeVisible();
}

/** A slot at STATION two days ahead, made by the demo administrator of this server (its own second-factor claims). */
let slot: Promise<number> | undefined;
async function slotId(request: APIRequestContext) {
  slot ??= (async () => {
    const login = await request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_ADMIN_PASSWORD, area: 'admin' } });
    const { mfa_token } = (await login.json()) as { mfa_token: string };
    const verified = await request.post('/api/auth/mfa/verify', { data: { mfa_token, code: await claimCode(own.base, 'admin') } });
    expect(verified.status(), await verified.text()).toBe(200);
    const { token } = (await verified.json()) as { token: string };
    const res = await request.post('/api/admin/slots', {
      headers: { authorization: `Bearer ${token}` },
      data: { date: colomboDay(2), time_from: '10:00', time_to: '10:25', available_slots: 20, branch: 'Crime Branch', station: STATION },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  })();
  return slot;
}

for (const language of ['si', 'ta'] as const) {
  test(`a citizen who signs up on the page in ${language} gets their first e-mail in ${language}`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: own.base });
    await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
    const page = await context.newPage();
    const username = unique(`lang${language}`);
    await signUpInBrowser(page, language, username);

    // The account's language, as the settings read it, is the page's.
    const login = await context.request.post('/api/auth/login', { data: { username, password: 'Rambutan-Kite-Harbour-38', area: 'citizen' } });
    const { token } = (await login.json()) as { token: string };
    const preferences = await context.request.get('/api/me/preferences', { headers: { authorization: `Bearer ${token}` } });
    expect(((await preferences.json()) as { language: string }).language).toBe(language);

    // The first e-mail: the complaint's, with its appointment.
    const complaint = await fileCrimeComplaint(context.request, { username, password: 'Rambutan-Kite-Harbour-38' }, await slotId(context.request));
    const email = `${username}@example.lk`;
    await expect.poll(() => own.mailsTo(email).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const first = own.mailsTo(email)[0]!;
    expect(first.subject).toBe(FIRST_EMAIL[language].subject(complaint.reference_number));
    expect(first.text).toContain(FIRST_EMAIL[language].words);
    // The station as the pages name it in that language.
    expect(first.text).toContain(FIRST_EMAIL[language].station);
    await context.close();
  });
}
