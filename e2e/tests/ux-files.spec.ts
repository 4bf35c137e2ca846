import { expect, test } from '@playwright/test';
import { PNG } from './complaints.helpers';
import { seriousViolations } from './axe.helpers';
import { chooseFileByKeyboard } from './pages.helpers';

const TEXT_AS_JPG = { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('This is a text file, not a photograph.\n') };

test('a text file renamed .jpg is refused as a signup photo at once, with no broken preview', async ({ page }) => {
  await page.goto('/signup');
  await page.locator('#identity_photo_front-file').setInputFiles(TEXT_AS_JPG);
  await expect(page.locator('#identity_photo_front-error')).toHaveText('Only JPEG, PNG or WebP images are accepted.');
  await expect(page.locator('#identity_photo_front img')).toHaveCount(0);
  // A real picture is taken and previewed.
  await page.locator('#identity_photo_front-file').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('#identity_photo_front img')).toBeVisible();
  await expect(page.locator('#identity_photo_front-error')).toHaveCount(0);
});

test('the anonymous report refuses a renamed text file before any preview, and takes a photo', async ({ page }) => {
  await page.goto('/anonymous-complaint');
  const evidence = page.locator('#anon-evidence');
  await evidence.setInputFiles(TEXT_AS_JPG);
  await expect(page.locator('#anon-evidence-error')).toHaveText('Only .jpg, .jpeg or .png images are accepted.');
  await expect(page.getByRole('img', { name: 'Preview of the evidence photo' })).toHaveCount(0);
  await evidence.setInputFiles({ name: 'scene.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Preview of the evidence photo' })).toBeVisible();
  await expect(page.locator('#anon-evidence-error')).toHaveCount(0);
});

for (const [language, choose, none] of [
  ['si', 'ගොනුවක් තෝරන්න', 'ගොනුවක් තෝරා නැත'],
  ['ta', 'கோப்பைத் தேர்ந்தெடுக்கவும்', 'கோப்பு எதுவும் தேர்ந்தெடுக்கப்படவில்லை'],
] as const) {
  test(`file buttons speak ${language}: the button, "no file chosen" and the chosen name, by keyboard too`, async ({ browser }) => {
    const context = await browser.newContext();
    await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
    const page = await context.newPage();
    await page.goto('/anonymous-complaint');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const picker = page.locator('.file-picker').filter({ has: page.locator('#anon-evidence') });
    await expect(picker).toContainText(choose);
    await expect(picker).toContainText(none);
    // The unseen native input still takes the focus and opens the chooser from the keyboard.
    await page.locator('#anon-evidence').focus();
    await chooseFileByKeyboard(page, page.locator('#anon-evidence'), { name: 'scene.png', mimeType: 'image/png', buffer: PNG });
    await expect(picker).toContainText('scene.png');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}
