import { expect, test, type Browser } from '@playwright/test';
import { seriousViolations } from './axe.helpers';
import { fillSignup } from './signup.helpers';
import { uniqueNic } from './nic.helpers';

/*
 * Signup on a computer without a camera: the live photo is taken on the citizen's phone through a link made for this
 * signup (a QR code and its address). Two browsers: the laptop has no camera at all (Chromium without the suite's fake
 * camera, so it finds no video input), the phone has Chromium's fake camera (the suite's launch flags).
 */

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A browser like the suite's, without the fake camera and its auto-accepted permission prompt: a laptop with no camera. */
async function laptopWithoutCamera(browser: Browser, launch: { executablePath?: string; args?: string[] } | undefined) {
  const laptop = await browser.browserType().launch({ ...launch, args: (launch?.args ?? []).filter((arg) => !arg.includes('fake')) });
  return laptop;
}

test('a laptop without a camera takes the live photo on the phone, sees it arrive and completes the signup', async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const laptopBrowser = await laptopWithoutCamera(browser, testInfo.project.use.launchOptions);
  try {
    const laptop = await (await laptopBrowser.newContext({ baseURL: testInfo.project.use.baseURL })).newPage();
    // Nothing here can take a photo: no video input is listed, and asking for one fails.
    await laptop.goto('/signup');
    expect(await laptop.evaluate(async () => (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput').length)).toBe(0);
    const username = unique('phonecam');
    await fillSignup(laptop, username, uniqueNic());

    // Reaching the live photo with no camera: the page says so and shows the phone's link as a QR code and as text.
    const live = laptop.locator('#live_photo');
    await live.scrollIntoViewIfNeeded();
    await expect(live).toContainText('No camera was found on this computer.');
    await expect(live.getByRole('button', { name: 'Start camera' })).toHaveCount(0);
    const qr = live.getByRole('img', { name: 'QR code of the link that opens the live photo page on your phone' });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect(live).toContainText('The link works for 10 minutes, for one photo, for this signup only.');
    await expect(live.getByRole('status').filter({ hasText: 'Waiting for the photo from your phone.' })).toBeVisible();
    const link = (await live.getByTestId('signup-photo-link').textContent())!;
    expect(link).toMatch(/\/signup\/photo\/[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(await seriousViolations(laptop)).toEqual([]);

    // The phone (the suite's fake camera) opens the link: the page says what it is for and asks for nothing else.
    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const phone = await phoneContext.newPage();
    await phone.goto(link);
    await expect(phone.getByRole('heading', { level: 1, name: 'Live photo for a signup' })).toBeVisible();
    await expect(phone.getByText('sends it to that signup only. Nothing else is asked here.')).toBeVisible();
    await expect(phone.getByRole('button', { name: 'Start camera' })).toBeVisible();
    await expect(phone.locator('main input, main select, main textarea')).toHaveCount(0);
    expect(await seriousViolations(phone)).toEqual([]);

    await phone.getByRole('button', { name: 'Start camera' }).click();
    const take = phone.getByRole('button', { name: 'Take photo' });
    await expect(take).toBeEnabled();
    await take.click();
    await expect(phone.getByRole('img', { name: 'Your live photo, not sent yet' })).toBeVisible();
    expect(await seriousViolations(phone)).toEqual([]);
    await phone.getByRole('button', { name: 'Send photo' }).click();
    await expect(phone.getByText('Photo sent. Go back to the other device to finish your signup.')).toBeVisible();
    const sentAt = Date.now();

    // The laptop sees the photo within a few seconds (it asks every 2 s), and the signup completes with it.
    await expect(live.getByRole('img', { name: /^Photo chosen for/ })).toBeVisible({ timeout: 8_000 });
    const arrivedAfterMs = Date.now() - sentAt;
    testInfo.annotations.push({ type: 'photo on the laptop after (ms)', description: String(arrivedAfterMs) });
    await expect(live.getByRole('button', { name: 'Retake' })).toBeVisible();
    await laptop.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(laptop).toHaveURL(/\/login$/);
    await expect(laptop.getByText('Signup successful.')).toBeVisible();

    // The link is useless now, said in the phone's language.
    await phone.reload();
    await expect(phone.getByRole('alert')).toContainText('A photo was already sent with this link.');
    await phone.locator('#language-select').selectOption('ta');
    await expect(phone.getByRole('heading', { level: 1, name: 'பதிவுக்கான நேரடிப் புகைப்படம்' })).toBeVisible();
    await phone.reload();
    await expect(phone.getByRole('alert')).toContainText('இந்த இணைப்பின் மூலம் ஏற்கெனவே ஒரு புகைப்படம் அனுப்பப்பட்டுள்ளது.');
    await phoneContext.close();
  } finally {
    await laptopBrowser.close();
  }
});

test('a laptop whose camera is refused offers the phone; a wrong link says so in the phone’s language', async ({ browser }) => {
  // The suite's browser with its camera permission refused: starting the camera fails, and the phone is offered.
  const context = await browser.newContext();
  await context.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  const laptop = await context.newPage();
  await laptop.goto('/signup');
  const live = laptop.locator('#live_photo');
  await live.getByRole('button', { name: 'Start camera' }).click();
  await expect(live.getByRole('alert')).toContainText('Camera access was refused.');
  await live.getByRole('button', { name: "Use my phone's camera" }).click();
  await expect(live.getByRole('img', { name: 'QR code of the link that opens the live photo page on your phone' })).toBeVisible();
  await live.getByRole('button', { name: 'Cancel' }).click();
  await expect(live.getByRole('button', { name: "Use my phone's camera" })).toBeVisible();

  const phone = await (await browser.newContext()).newPage();
  await phone.goto('/signup/photo/0000000000000000');
  await expect(phone.getByRole('alert')).toContainText('This link does not exist.');
  await phone.locator('#language-select').selectOption('si');
  await expect(phone.getByRole('heading', { level: 1, name: 'ලියාපදිංචියක් සඳහා සජීවී ඡායාරූපය' })).toBeVisible();
  await phone.reload();
  await expect(phone.getByRole('alert')).toContainText('මෙම සබැඳිය නොපවතී.');
  expect(await seriousViolations(phone)).toEqual([]);
  await context.close();
});
