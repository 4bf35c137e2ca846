import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.helpers';

// The accessibility checks all go through seriousViolations: it must see what AxeBuilder sees.
test('the axe helper reports serious and critical problems on a page and none on the clean one', async ({ page }) => {
  await page.goto('/guidance');
  await expect(page.locator('main h1')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.evaluate(() => {
    document
      .querySelector('main')!
      .insertAdjacentHTML('beforeend', '<img src="/missing.png"><input type="text"><p style="color:#ccc;background:#fff">faint</p><button></button>');
  });
  const found = (await seriousViolations(page)).map((line) => line.split(':')[0]).sort();
  expect(found).toEqual(['button-name', 'color-contrast', 'image-alt', 'label']);
});
