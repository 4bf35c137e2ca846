import { expect, test, type APIRequestContext } from '@playwright/test';
import { PNG } from './complaints.helpers';
import { bearer, signUpCitizen, signedInContext } from './fines.helpers';

/**
 * Paying the clearance fee where people trip (issue 25): a declined card's message is brought into view and
 * focused on a phone, so nobody presses Pay again into the card's limit; the cancel page's "Try again" leads
 * back to the wizard's payment step, not to the cancelled checkout.
 */

/** A new citizen's application awaiting payment, with the wizard's draft kept at its last step (9, Payment). */
async function awaitingPayment(request: APIRequestContext) {
  const citizen = await signUpCitizen(request);
  const asCitizen = await bearer(request, citizen, 'citizen');
  const upload = async (name: string) => {
    const res = await request.post('/api/clearance/upload', { headers: asCitizen, multipart: { file: { name, mimeType: 'image/png', buffer: PNG } } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { file: { path: string } }).file.path;
  };
  const application = {
    application_type: 'new',
    nationality: 'sri_lankan',
    date_of_birth: '1985-07-02',
    left_before_sixteen: false,
    nic_number: citizen.nic,
    confirm_nic_number: citizen.nic,
    country: 'Canada',
    station: 'Kollupitiya Police Station',
    full_name_nic: 'Sunil Fernando',
    sex: 'male',
    title: 'Mr',
    name_to_print: 'Sunil Fernando',
    address_sri_lanka: '45 Kandy Road, Kadawatha',
    occupation: 'Accountant',
    purpose: 'Permanent residence visa',
    residence_history: [{ address: '12 Galle Road, Colombo 03', policeArea: 'Kollupitiya', fromDate: '2010-01-01', toDate: '2015-06-30' }],
    delivery_address1: '45 Kandy Road',
    delivery_city: 'Kadawatha',
    delivery_postal_code: '11850',
    delivery_state: 'Western',
    delivery_country: 'Sri Lanka',
    mobile_number: '+94712345678',
    confirm_mobile_number: '+94712345678',
    email: `${citizen.username}@example.lk`,
    confirm_email: `${citizen.username}@example.lk`,
    uploads: { nicFront: await upload('front.png'), nicBack: await upload('back.png') },
    declaration: true,
    payment_declaration: true,
  };
  // What the wizard does on its last step: the draft (its form's values, where a yes/no answer is 'yes' or 'no')
  // is saved at step 9, then the application is sent.
  const formValues = { ...application, left_before_sixteen: 'no' };
  const draft = await request.put('/api/clearance/draft', { headers: asCitizen, data: { step: 9, data: formValues } });
  expect(draft.status(), await draft.text()).toBe(200);
  const apply = await request.post('/api/clearance/apply', { headers: asCitizen, data: application });
  expect(apply.status(), await apply.text()).toBe(200);
  const { sessionId } = (await apply.json()) as { sessionId: string };
  return { citizen, sessionId };
}

test("on a phone, a declined card's message is in view and has the focus; a second decline focuses it again", async ({ browser, request }) => {
  const { citizen, sessionId } = await awaitingPayment(request);
  const context = await signedInContext(browser, citizen, 'citizen');
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/checkout/${sessionId}`);
  await page.getByLabel('Card number').pressSequentially('4000000000000002');
  await page.getByLabel('Expiry date').pressSequentially('1230');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Sunil Fernando');
  const pay = page.getByRole('button', { name: /^Pay LKR/ });
  await pay.click();

  const declined = page.getByRole('alert');
  // The focus is on the refusal (its place holds it), not left on the Pay button below it or on the page body.
  const focusedText = () => page.evaluate(() => (document.activeElement === document.body ? 'body' : (document.activeElement?.textContent ?? '')));
  await expect(declined).toHaveText('Your card was declined.');
  await expect.poll(focusedText).toBe('Your card was declined.');
  await expect(declined).toBeInViewport();

  // Pressed again (scrolled back to Pay): the same refusal is brought into view and focused again.
  await pay.scrollIntoViewIfNeeded();
  await pay.focus();
  await pay.click();
  await expect.poll(focusedText).toBe('Your card was declined.');
  await expect(declined).toBeInViewport();
  await context.close();
});

test("the clearance cancel page's 'Try again' opens the wizard at its payment step, and paying from there works", async ({ browser, request }) => {
  const { citizen, sessionId } = await awaitingPayment(request);
  const context = await signedInContext(browser, citizen, 'citizen');
  const page = await context.newPage();
  await page.goto(`/checkout/${sessionId}`);
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page).toHaveURL(/\/clearance\/cancel\?clearance_id=/);

  await page.locator('.clearance-actions').getByText('Try again').click();
  await expect(page).toHaveURL(/\/clearance\/apply$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Step 9 of 9: Payment' })).toBeVisible();
  // The wizard's Pay sends the application again (it replaces the one awaiting payment) to a new, open checkout.
  await page.getByRole('button', { name: 'Proceed to payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_/);
  expect(page.url()).not.toContain(sessionId);
  await expect(page.getByLabel('Card number')).toBeVisible();
  await context.close();
});

test('the return page with only clearance_id points to tracking, and the unclear page shows the reference it asks for', async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const context = await signedInContext(browser, citizen, 'citizen');
  const page = await context.newPage();
  await page.goto('/clearance/success?clearance_id=1');
  await expect(page.getByText('Track your application to see whether the fee was paid.')).toBeVisible();
  await expect(page.getByText(/Missing session ID/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Track my application' })).toHaveAttribute('href', '/track-clearance');

  // The gateway cannot be asked (a server fault): the page names the payment reference support will need.
  await page.route('**/api/clearance/payment-status/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'Internal error' } }) }),
  );
  await page.goto('/clearance/success?clearance_id=1&session_id=cs_sbx_unclear123');
  await expect(page.getByText(/contact support with your payment reference/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('payment-reference')).toHaveText('cs_sbx_unclear123');
  await context.close();
});
