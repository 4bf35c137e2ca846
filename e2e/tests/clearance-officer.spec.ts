import { expect, test, type Browser, type Page } from '@playwright/test';
import { applyAndPay, certify, CLEARANCE_OFFICER, completeApplication, expectPdfPreview, LANGUAGES, tinyPdf, type PaidApplication } from './clearance.helpers';
import { colomboDay } from './complaints.helpers';
import { signedInContext } from './fines.helpers';
import { walkPages } from './pages.helpers';
import { seriousViolations } from './axe.helpers';

/**
 * The Admin Branch officer's clearance panel on /police/dashboard: finding an application, the modal with
 * its documents, the status (a rejection needs a reason), the certificate draft with its live preview,
 * Generate PDF, and the citizen and the public seeing the result. The application is made through the API
 * (clearance.helpers.ts), as clearance.spec.ts does.
 */
let fixture: PaidApplication;

/** Six calendar months after `day` (YYYY-MM-DD), on the month's last day where it is shorter: a certificate's validity. */
function sixMonthsOn(day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m + 6, 0)).getUTCDate();
  return new Date(Date.UTC(y, m + 5, Math.min(d, last))).toISOString().slice(0, 10);
}

test.beforeAll(async ({ request }) => {
  fixture = await applyAndPay(request, { passportPdf: true });
});

test.describe.configure({ mode: 'serial' });

async function officerDashboard(browser: Browser, language = 'en') {
  const context = await signedInContext(browser, CLEARANCE_OFFICER, 'police', language);
  const page = await context.newPage();
  await page.goto('/police/dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  return { context, page };
}

/** Searches the list by the applicant's NIC: exactly this application's row remains. */
async function findByNic(page: Page, nic: string, reference: string) {
  await page.locator('#clearance-search').fill(nic);
  const rows = page.locator('.clearance-officer tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(reference);
  return rows.first();
}

const dialog = (page: Page) => page.getByRole('dialog');

/** The certificate's verification code as the officer's modal shows it (dashes removed). */
const shownCode = async (page: Page) => (await dialog(page).getByTestId('certificate-code').textContent())!.replace(/-/g, '');

test('an Admin Branch officer finds the application, checks it, moves its status, edits the draft and generates the certificate', async ({ browser }) => {
  const { context, page } = await officerDashboard(browser);
  await expect(page.getByRole('heading', { name: 'Clearance applications' })).toBeVisible();
  await expect(page.getByText('not available online yet')).toHaveCount(0);

  // Search by NIC, then open the row by keyboard.
  const row = await findByNic(page, fixture.citizen.nic, fixture.reference);
  await expect(row).toContainText('Pending');
  // How many the search found, the station the applicant chose, and nobody has it in hand yet.
  await expect(page.getByTestId('clearance-total')).toHaveText('Applications found: 1');
  await expect(row).toContainText('Kollupitiya Police Station');
  await expect(row).toContainText('Not yet taken up');
  await page.getByLabel('Police station', { exact: true }).selectOption('Slave Island Police');
  await expect(page.getByText('No clearance applications match.')).toBeVisible();
  await page.getByLabel('Police station', { exact: true }).selectOption('');
  await expect(row).toContainText(fixture.reference);
  await row.focus();
  await page.keyboard.press('Enter');
  const modal = dialog(page);
  await expect(modal.getByRole('heading', { level: 2 })).toHaveText(`Application ${fixture.reference}`);
  for (const section of ['Basic information', 'Identity', 'Personal details', 'Residence history', 'Delivery', 'Spouse', 'Uploaded documents', 'History']) {
    await expect(modal.getByRole('heading', { level: 3, name: section, exact: true })).toBeVisible();
  }
  await expect(modal.getByText('12 Galle Road, Colombo 03')).toBeVisible();
  await expect(modal.getByText('Permanent residence visa')).toBeVisible();

  // Which account applied, beside what the application says: both the same here.
  await expect(modal.getByRole('heading', { level: 3, name: 'Applicant account' })).toBeVisible();
  await expect(modal.getByTestId('clearance-account-username')).toHaveText(fixture.citizen.username);
  const accountIdentity = modal.getByTestId('clearance-account-identity');
  await expect(accountIdentity).toContainText(`NIC ${fixture.citizen.nic}`);
  await expect(accountIdentity).toContainText('Same');
  await expect(modal.getByTestId('clearance-account-name')).toContainText('Same');

  // The documents: images inline (loaded), the PDF in the browser's viewer.
  const nicFront = modal.getByRole('img', { name: 'Preview of NIC front' });
  await expect(nicFront).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => nicFront.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(modal.getByRole('img', { name: 'Preview of NIC back' })).toBeVisible();
  await expectPdfPreview(page, 'Preview of Passport personal details page');
  await expect(modal.getByRole('link', { name: 'Open NIC front' })).toHaveAttribute('href', /^\/uploads\//);

  // Generate Certificate waits for a completed application.
  const generate = modal.getByRole('button', { name: 'Generate Certificate' });
  await expect(generate).toBeDisabled();

  // A rejection needs a reason: the summary and the field say so, nothing is sent.
  const status = modal.getByLabel('New status');
  await status.selectOption('rejected');
  await modal.getByRole('button', { name: 'Update status' }).click();
  const summary = modal.locator('.error-summary');
  await expect(summary).toBeVisible();
  await expect(summary).toContainText('Reason for rejection: Give the reason for rejecting the application.');
  await expect(modal.locator('#clearance-reason-error')).toHaveText('Give the reason for rejecting the application.');
  await expect(modal.locator('.clearance-status--pending').first()).toBeVisible();

  // In progress, then completed: each says 'Status updated', and the detail and the list follow.
  for (const [value, label] of [
    ['in_progress', 'In progress'],
    ['completed', 'Completed'],
  ] as const) {
    await status.selectOption(value);
    await modal.getByRole('button', { name: 'Update status' }).click();
    await expect(modal.getByText('Status updated')).toBeVisible();
    await expect(modal.locator(`#clearance-basic + dl .clearance-status--${value}`)).toHaveText(label);
    await expect(page.locator('.clearance-officer tbody tr').first()).toContainText(label);
  }
  // The list says who has it in hand now.
  await expect(page.locator('.clearance-officer tbody tr').first()).toContainText('Fathima Rizwan');
  await expect(modal.locator('#clearance-history ~ * tbody tr')).toHaveCount(4);

  // The draft: prefilled, validated, previewed live.
  await expect(generate).toBeEnabled();
  await generate.click();
  await expect(modal.getByRole('heading', { name: 'Certificate draft' })).toBeFocused();
  await expect(modal.getByLabel('Addressee')).toHaveValue('THE VISA OFFICER');
  await expect(modal.getByLabel('Department')).toHaveValue('Department of Home Affairs');
  const preview = modal.getByTestId('certificate-preview');
  await expect(preview).toContainText(`Reference number: ${fixture.reference}`);
  await expect(preview).toContainText('Sunil Fernando');
  await expect(preview).toContainText(`National Identity Card number: ${fixture.citizen.nic}`);
  // The period defaults to the residence the applicant gave, up to today; the country to where the certificate goes.
  const periodFrom = await modal.getByLabel('Period from').inputValue();
  expect(periodFrom).toBe('2010-01-01'); // the earliest residence applyAndPay gives
  await expect(modal.getByLabel('Period to')).toHaveValue(colomboDay());
  await expect(modal.getByLabel('Country')).toHaveValue('Canada');
  // The code is made with the PDF: the preview says so, and never shows a /verify/{reference}.
  await expect(preview).toContainText('Verification code: (given when the PDF is generated)');
  await expect(preview).not.toContainText(`/verify/${fixture.reference}`);
  // The period cannot start in the future.
  await modal.getByLabel('Period from').fill('2999-01-01');
  await modal.getByRole('button', { name: 'Generate PDF' }).click();
  await expect(modal.locator('.error-summary')).toContainText('Period from: The period cannot start in the future.');
  await expect(modal.locator('#certificate-periodFrom')).toHaveAttribute('max', /^\d{4}-\d{2}-\d{2}$/);
  await modal.getByLabel('Period from').fill(periodFrom);
  await modal.getByLabel('Period to').fill('2999-01-01');
  await modal.getByRole('button', { name: 'Generate PDF' }).click();
  await expect(modal.locator('.error-summary')).toContainText('Period to: The period cannot end in the future');
  await modal.getByLabel('Period to').fill(colomboDay());
  // Valid for six months from the date of issue, however long ago the period began.
  await expect(modal.getByTestId('certificate-preview-validity')).toHaveText(`Valid until: ${sixMonthsOn(colomboDay())} (six months from the date of issue)`);

  const remarks = modal.getByLabel('Remarks');
  await remarks.fill('');
  await modal.getByRole('button', { name: 'Generate PDF' }).click();
  await expect(modal.locator('.error-summary')).toContainText('Remarks');
  const edited = 'No criminal record was found for the stated period. Issued for the visa application to Canada.';
  await remarks.fill(edited);
  await expect(modal.getByTestId('certificate-preview-remarks')).toHaveText(edited);
  await modal.getByRole('button', { name: 'Generate PDF' }).click();
  await expect(modal.getByText('The certificate PDF was generated and attached. The applicant can see it now.')).toBeVisible();

  // Attached: open and download from the modal; the list says so too.
  const download = modal.getByRole('link', { name: 'Download PDF' });
  const href = await download.getAttribute('href');
  expect(href).toMatch(/^\/uploads\//);
  const pdf = await context.request.get(href!);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(modal.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('href', href!);
  await expect(page.locator('.clearance-officer tbody tr').first()).toContainText('Attached');
  // Its verification code, as the PDF prints it.
  const code = await shownCode(page);
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);

  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await context.close();

  // The citizen sees it at once on /track-clearance.
  const citizen = await signedInContext(browser, fixture.citizen, 'citizen');
  const track = await citizen.newPage();
  await track.goto('/track-clearance');
  await expect(track.locator('.clearance-status--completed')).toBeVisible();
  await expect(track.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', href!);
  await expectPdfPreview(track, 'Certificate preview');
  await expect(track.getByTestId('certificate-verification')).toContainText(code.match(/.{4}/g)!.join('-'));
  await citizen.close();

  // And the public verification page, by the code, says it is genuine; the reference names nobody.
  const visitor = await browser.newContext();
  const verify = await visitor.newPage();
  await verify.goto(`/verify/${code}`);
  await expect(verify.getByTestId('verify-result')).toHaveAttribute('data-result', 'valid');
  await expect(verify.getByText('Sunil Fernando')).toBeVisible();
  await verify.goto(`/verify/${fixture.reference}`);
  await expect(verify.getByTestId('verify-result')).toHaveAttribute('data-result', 'needs_code');
  await expect(verify.getByText('Sunil Fernando')).toHaveCount(0);
  await visitor.close();
});

test('regenerating asks first, then the certificate replaced says so; a withdrawn certificate is no longer offered and verifies as withdrawn', async ({
  browser,
  request,
}) => {
  const other = await applyAndPay(request);
  await certify(request, other.reference);
  const { context, page } = await officerDashboard(browser);
  await (await findByNic(page, other.citizen.nic, other.reference)).click();
  const modal = dialog(page);
  const firstCode = await shownCode(page);

  // Generate again: asked first; keeping changes nothing.
  await modal.getByRole('button', { name: 'Generate a new certificate' }).click();
  await expect(modal.getByRole('heading', { name: 'Certificate draft' })).toBeFocused();
  await modal.getByRole('button', { name: 'Generate PDF' }).click();
  const confirm = modal.getByTestId('certificate-replace-confirm');
  await expect(confirm.getByRole('heading', { name: 'Replace the certificate issued?' })).toBeFocused();
  await expect(confirm).toContainText(firstCode.match(/.{4}/g)!.join('-'));
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Keep the current certificate' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Generate PDF' })).toBeFocused();
  expect(await shownCode(page)).toBe(firstCode);
  // Replace: a new code; the first one now says it was replaced.
  await modal.getByRole('button', { name: 'Generate PDF' }).click();
  await modal.getByRole('button', { name: 'Replace the certificate' }).click();
  await expect(modal.getByText('The certificate PDF was generated and attached. The applicant can see it now.')).toBeVisible();
  await expect.poll(() => shownCode(page)).not.toBe(firstCode);
  const code = await shownCode(page);

  // Withdraw, with a reason (asked for); the status follows.
  await modal.getByRole('button', { name: 'Withdraw certificate' }).click();
  const withdraw = modal.getByTestId('certificate-withdraw');
  await expect(withdraw.getByRole('heading', { name: 'Withdraw the certificate' })).toBeFocused();
  await withdraw.getByRole('button', { name: 'Withdraw the certificate' }).click();
  await expect(withdraw.locator('.error-summary')).toContainText('Give the reason for withdrawing the certificate.');
  const reason = 'Issued on documents found to be forged';
  await withdraw.getByLabel('Reason for withdrawing').fill(reason);
  expect(await seriousViolations(page)).toEqual([]);
  await withdraw.getByRole('button', { name: 'Withdraw the certificate' }).click();
  await expect(modal.locator('#clearance-basic + dl .clearance-status--rejected')).toBeVisible();
  await expect(modal.getByTestId('certificate-attached')).toContainText(reason);
  await expect(modal.getByRole('button', { name: 'Withdraw certificate' })).toHaveCount(0);
  await expect(modal.getByLabel('New status')).toHaveValue('rejected');
  await context.close();

  // The citizen sees the withdrawal, and no download.
  const citizen = await signedInContext(browser, other.citizen, 'citizen');
  const track = await citizen.newPage();
  await track.goto('/track-clearance');
  await expect(track.locator('.clearance-status--rejected')).toBeVisible();
  await expect(track.getByTestId('certificate-withdrawn')).toContainText(reason);
  await expect(track.getByRole('link', { name: 'Download PDF' })).toHaveCount(0);
  await expect(track.locator('iframe, .clearance-preview')).toHaveCount(0);
  await citizen.close();

  // Verification says withdrawn (with the name), and the first code replaced.
  const visitor = await browser.newContext();
  const verify = await visitor.newPage();
  await verify.goto(`/verify/${code}`);
  await expect(verify.getByTestId('verify-result')).toHaveAttribute('data-result', 'withdrawn');
  await expect(verify.getByText('Sunil Fernando')).toBeVisible();
  expect(await seriousViolations(verify)).toEqual([]);
  await verify.goto(`/verify/${firstCode}`);
  await expect(verify.getByTestId('verify-result')).toHaveAttribute('data-result', 'replaced');
  await visitor.close();
});

test("the spec's other path: the officer uploads a PDF and attaches it to a completed application", async ({ browser, request }) => {
  const other = await applyAndPay(request);
  const { context, page } = await officerDashboard(browser);
  const row = await findByNic(page, other.citizen.nic, other.reference);
  await row.click();
  const modal = dialog(page);
  await expect(modal.getByRole('button', { name: 'Attach PDF' })).toBeDisabled();
  await page.keyboard.press('Escape');

  await completeApplication(request, other.reference);
  await page.reload();
  await (await findByNic(page, other.citizen.nic, other.reference)).click();
  await expect(modal.locator('#clearance-basic + dl .clearance-status--completed')).toBeVisible();
  await modal.getByRole('button', { name: 'Attach PDF' }).click();
  await expect(modal.locator('#certificate-file-error')).toHaveText('Choose a PDF file to attach.');
  await modal.getByLabel('Certificate PDF').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Signed certificate') });
  await modal.getByRole('button', { name: 'Attach PDF' }).click();
  await expect(modal.getByText('The PDF was attached. The applicant can see it now.')).toBeVisible();
  const href = await modal.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  const pdf = await context.request.get(href!);
  expect((await pdf.body()).toString('latin1')).toContain('Signed certificate');
  // The officer's PDF does not print its code: the modal and the citizen's tracking page show it.
  await expect(modal.getByTestId('certificate-attached')).toContainText('does not print its verification code');
  const code = (await modal.getByTestId('certificate-code').textContent())!;
  await context.close();
  const citizen = await signedInContext(browser, other.citizen, 'citizen');
  const track = await citizen.newPage();
  await track.goto('/track-clearance');
  await expect(track.getByTestId('certificate-verification')).toContainText(code);
  await expect(track.getByTestId('certificate-verification')).toContainText('does not print its verification code');
  await citizen.close();
});

test('the applications page forward and back by keyboard, with the same controls as every list', async ({ browser, request }) => {
  test.setTimeout(180_000);
  // 20 a page: with the fixture's, 21 more make at least two pages.
  for (let i = 0; i < 21; i++) await applyAndPay(request);
  const { context, page } = await officerDashboard(browser);
  await walkPages(page, {
    pages: page.getByRole('navigation', { name: 'Clearance applications: pages' }),
    rows: page.locator('.clearance-officer tbody tr'),
    pageSize: 20,
  });
  await context.close();
});

for (const language of LANGUAGES) {
  test(`the clearance panel and the open application in ${language}: no serious accessibility problem`, async ({ browser }) => {
    const { context, page } = await officerDashboard(browser, language);
    await findByNic(page, fixture.citizen.nic, fixture.reference);
    await page.evaluate(() => document.fonts.ready);
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('.clearance-officer tbody tr').first().click();
    const modal = dialog(page);
    await expect(modal.locator('.clearance-documents img').first()).toHaveAttribute('src', /^blob:/);
    await expect(modal.locator('[data-testid=certificate-attached]')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The draft editor and its preview, with the reason field and its error shown.
    await modal
      .locator('.clearance-application__section')
      .filter({ has: page.locator('#clearance-certificate') })
      .getByRole('button')
      .first()
      .click();
    await expect(modal.getByTestId('certificate-preview')).toBeVisible();
    await modal.locator('#clearance-new-status').selectOption('rejected');
    await expect(modal.getByTestId('status-withdraws')).toBeVisible();
    await modal.locator('.clearance-status-control button[type=submit]').click();
    await expect(modal.locator('#clearance-reason-error')).toBeVisible();
    // The withdrawal form, with its error shown.
    await modal.locator('#clearance-certificate ~ * .button--danger').click();
    await modal.getByTestId('certificate-withdraw').locator('button[type=submit]').click();
    await expect(modal.locator('#certificate-withdraw-reason-error')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}
