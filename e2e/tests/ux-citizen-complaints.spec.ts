import { expect, test } from '@playwright/test';
import { PDF, signUpCitizen, signedInContext } from './complaints.helpers';

// Issue 25, item 8: a draft brings back the text, and says which file to attach again (a file is never kept).

for (const [language, words] of [
  ['en', 'attach it again'],
  ['ta', 'மீண்டும் இணைக்கவும்'],
] as const) {
  test(`a restored complaint draft names the file to attach again (${language}); choosing a file clears the note`, async ({ browser, request }) => {
    const citizen = await signUpCitizen(request);
    const context = await signedInContext(browser, citizen, 'citizen', language);
    const page = await context.newPage();
    await page.goto('/complaints/crime');
    await page.locator('#what_happened').fill('My bag was taken at the bus stand.');
    await page.locator('#attachment_file').setInputFiles({ name: 'police-report-scan.pdf', mimeType: 'application/pdf', buffer: PDF });
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(page.locator('#what_happened')).toHaveValue('My bag was taken at the bus stand.');
    const note = page.getByRole('status').filter({ hasText: 'police-report-scan.pdf' });
    await expect(note).toBeVisible();
    await expect(note).toContainText(words);
    await expect(page.locator('#attachment_file')).toHaveAccessibleDescription(/police-report-scan\.pdf/);

    await page.locator('#attachment_file').setInputFiles({ name: 'police-report-scan.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(note).toHaveCount(0);
    await context.close();
  });
}
