import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { STATION, slotDay, colomboDay, createSlotWithOfficer, signUpCitizen, signedInContext } from './complaints.helpers';

// Issue 15, item 1: after Submit the confirmation is at the top, in view, focused, with what happens next.
test('the complaint confirmation is a focused panel in view with the reference, next steps and a tracking link', async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const slot = await createSlotWithOfficer(request, 'Crime Branch');
  const context = await signedInContext(browser, citizen, 'citizen');
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/complaints/crime');

  await page.getByRole('combobox', { name: 'Nearest police station', exact: true }).selectOption(STATION);
  await page.locator('#appointment_date').fill(slotDay);
  const slotSelect = page.getByRole('combobox', { name: 'Time slot', exact: true });
  await expect(slotSelect).toBeEnabled();
  const option = slotSelect.locator('option', { hasText: `${slot.from} – ${slot.to}` });
  await slotSelect.selectOption((await option.getAttribute('value'))!);
  await page.getByRole('radio', { name: 'Property crime' }).check();
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Nimal Perera');
  await page.getByRole('textbox', { name: 'Age', exact: true }).fill('36');
  await page.getByRole('combobox', { name: 'Gender', exact: true }).selectOption('male');
  await page.getByRole('textbox', { name: 'NIC or passport number', exact: true }).fill('198807412345');
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('0771234567');
  await page.getByRole('textbox', { name: 'Home address', exact: true }).fill('12 Galle Road, Colombo 03');
  await page.getByRole('textbox', { name: 'What happened', exact: true }).fill('My bicycle was taken from outside the pharmacy.');
  await page.locator('#when').fill(`${colomboDay(-1)}T18:30`);
  await page.getByRole('textbox', { name: 'Where it happened', exact: true }).fill('Galle Road, Kollupitiya');

  // Submit from the bottom of the long form: the confirmation at the top must come into view by itself.
  const submit = page.getByRole('button', { name: 'Submit complaint' });
  await submit.scrollIntoViewIfNeeded();
  await submit.click();

  const panel = page.getByTestId('complaint-outcome');
  await expect(panel.getByRole('heading', { name: 'Complaint submitted successfully!' })).toBeVisible();
  await expect(panel).toBeFocused();
  await expect(panel.getByRole('heading', { name: 'Complaint submitted successfully!' })).toBeInViewport();
  await expect(panel).toContainText(/CMP-\d{4}-\d+/);
  await expect(panel).toContainText('What happens next');
  await expect(panel.getByRole('link', { name: 'See my complaints' })).toHaveAttribute('href', '/track-complaint');

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await panel.getByRole('link', { name: 'See my complaints' }).click();
  await expect(page).toHaveURL(/\/track-complaint$/);
  await context.close();
});
