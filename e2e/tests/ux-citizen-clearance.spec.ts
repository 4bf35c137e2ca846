import { expect, test } from '@playwright/test';
import { applyAndPay } from './clearance.helpers';
import { signUpCitizen, signedInContext } from './complaints.helpers';
import { bearer } from './fines.helpers';

// Issue 25, citizen side of the clearance wizard.

test('item 6: a citizen with an application in progress is told so before step 1, with a link to the tracking page', async ({ browser, request }) => {
  const { citizen, reference } = await applyAndPay(request);
  const page = await (await signedInContext(browser, citizen, 'citizen')).newPage();
  await page.goto('/clearance/apply');
  const heading = page.getByRole('heading', { name: 'You already have a clearance application in progress' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page.getByText(reference)).toBeVisible();
  // No step of the wizard is offered: nothing to fill in that would be refused after step 9.
  await expect(page.getByRole('heading', { name: /Step 1 of 9/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Track my application' }).click();
  await expect(page).toHaveURL(/\/track-clearance$/);
  await expect(page.getByText(reference).first()).toBeVisible();
  await page.context().close();
});

/** How many lines an element's text takes (distinct tops of its text's boxes). */
const linesOf = (locator: import('@playwright/test').Locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(
      Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)),
    ).size;
  });

test('item 10: on a phone in Tamil the fee on step 9 stays on one line (never "LKR 5,000.0" / "0")', async ({ browser, request }) => {
  const citizen = await signUpCitizen(request);
  const saved = await request.put('/api/clearance/draft', {
    headers: await bearer(request, citizen, 'citizen'),
    data: {
      step: 9,
      data: { application_type: 'new', nationality: 'sri_lankan', date_of_birth: '1985-07-02', left_before_sixteen: 'no', nic_number: citizen.nic },
    },
  });
  expect(saved.status()).toBe(200);
  const context = await signedInContext(browser, citizen, 'citizen', 'ta');
  const page = await context.newPage();
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/clearance/apply');
  const fees = page.locator('.clearance-facts dd');
  await expect(fees).toHaveCount(2);
  for (const fee of await fees.all()) {
    await expect(fee).toContainText('5,000.00');
    expect(await linesOf(fee)).toBe(1);
  }
  await context.close();
});
