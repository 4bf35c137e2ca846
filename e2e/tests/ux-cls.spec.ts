import { expect, test, type Page } from '@playwright/test';

// Issue 15, item 4: the page must not jump while it loads (Lighthouse's CLS target is ≤ 0.05).
async function cumulativeLayoutShift(page: Page, path: string) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Let late content (translations, lazy data) settle.
  await page.waitForTimeout(1000);
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

for (const path of ['/', '/pay-fine']) {
  for (const viewport of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ]) {
    test(`${path} loads without layout shift on a ${viewport.name} (CLS ≤ 0.05)`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      // A slow network for the route chunks, as a phone would see it: the shell paints before the page.
      await context.route(/\/assets\/.*\.js$/, async (route) => {
        if (!/\/assets\/index-/.test(route.request().url())) await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      const page = await context.newPage();
      const cls = await cumulativeLayoutShift(page, path);
      expect(cls).toBeLessThanOrEqual(0.05);
      await context.close();
    });
  }
}
