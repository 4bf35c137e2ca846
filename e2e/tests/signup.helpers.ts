import { expect, type Page } from '@playwright/test';
import { PNG } from './complaints.helpers';
import { decodeNic } from '../../contracts/src/nic';

const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

/** Fills the signup form (all but the live photo) as a citizen would, with password Rambutan-Kite-Harbour-38 and the date of birth the NIC encodes. */
export async function fillSignup(page: Page, username: string, nic: string) {
  await page.getByLabel('First name').fill('Nimal');
  await page.getByLabel('Second name').fill('Perera');
  // A NIC that is no valid one (a test of its message) goes with the demo citizen's date of birth.
  await page.getByLabel('Date of birth').fill(decodeNic(nic)?.birthDate ?? '1990-04-12');
  await page.getByLabel('Marital status').selectOption('Married');
  await page.getByLabel('Address').fill('12 Galle Road, Colombo 03');
  await page.getByLabel('E-mail').fill(`${username}@example.lk`);
  await page.getByLabel('Mobile number').fill('+94771234567');
  await page.getByLabel('Identity document type').selectOption('NIC');
  await page.getByLabel('Identity number').fill(nic);
  await page.locator('#identity_photo_front-file').setInputFiles(photo('nic-front.png'));
  await page.locator('#identity_photo_back-file').setInputFiles(photo('nic-back.png'));
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('Rambutan-Kite-Harbour-38');
}

/** Takes the live photo with the (fake) camera. */
export async function captureLivePhoto(page: Page) {
  const live = page.locator('#live_photo');
  await live.getByRole('button', { name: 'Start camera' }).click();
  const take = live.getByRole('button', { name: 'Take photo' });
  await expect(take).toBeEnabled();
  await take.click();
  await expect(live.getByRole('img')).toBeVisible();
  await expect(live.getByRole('button', { name: 'Retake' })).toBeVisible();
}
