import { expect, test } from '@playwright/test';

// Issue 15, item 6: Escape closes the phone menu and returns the focus to its button.
test('Escape closes the phone menu and gives the focus back to the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Menu' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const nav = page.locator('#main-nav');
  await expect(nav.getByRole('link', { name: 'Pay Fine' })).toBeVisible();
  await nav.getByRole('link', { name: 'Pay Fine' }).focus();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await expect(nav.getByRole('link', { name: 'Pay Fine' })).toBeHidden();
});

// Issue 15, item 3: the 404 page's big numeral is readable (it measured 1.31:1); large text needs 3:1.
test('the 404 numeral has enough contrast against the page', async ({ page }) => {
  await page.goto('/no-such-page');
  const numeral = page.locator('.not-found__code');
  await expect(numeral).toHaveText('404');
  const ratio = await numeral.evaluate((element) => {
    const rgb = (value: string) => (value.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
    };
    let background = 'rgba(0, 0, 0, 0)';
    for (let node: Element | null = element; node && /rgba\(0, 0, 0, 0\)|transparent/.test(background); node = node.parentElement) {
      background = getComputedStyle(node).backgroundColor;
    }
    if (/rgba\(0, 0, 0, 0\)|transparent/.test(background)) background = 'rgb(255, 255, 255)';
    const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(rgb(background))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
  expect(ratio).toBeGreaterThanOrEqual(4.5);
});
