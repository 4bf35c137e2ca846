import { expect, test } from '@playwright/test';

/** The JavaScript budget of the home page's first load, as transferred (compressed). */
const BUDGET_BYTES = 120 * 1024;

test('the home page loads at most 120 KB of JavaScript, compressed', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: Array<Promise<{ url: string; bytes: number; encoding: string | undefined }>> = [];
  page.on('requestfinished', (request) => {
    scripts.push(
      (async () => {
        const response = await request.response();
        const type = response?.headers()['content-type'] ?? '';
        if (!/javascript/.test(type)) return { url: request.url(), bytes: 0, encoding: undefined };
        const sizes = await request.sizes();
        return { url: request.url(), bytes: sizes.responseBodySize, encoding: response?.headers()['content-encoding'] };
      })(),
    );
  });

  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  const loaded = (await Promise.all(scripts)).filter((s) => s.bytes > 0);
  const total = loaded.reduce((n, s) => n + s.bytes, 0);
  console.log(
    `home page JavaScript: ${(total / 1024).toFixed(1)} KB in ${loaded.length} files\n` +
      loaded.map((s) => `  ${(s.bytes / 1024).toFixed(1).padStart(6)} KB ${s.encoding ?? 'identity'} ${new URL(s.url).pathname}`).join('\n'),
  );
  // The entry, its preloaded imports and the translation chunks at least.
  expect(loaded.length).toBeGreaterThanOrEqual(4);
  for (const s of loaded) expect(s.encoding, s.url).toMatch(/^(br|gzip)$/);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  await context.close();
});

test('an English page fetches no Sinhala or Tamil script font: the language picker names them with its own few glyphs', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  await page.goto('/pay-fine', { waitUntil: 'networkidle' });
  await expect(page.locator('#language-select option[lang="si"]')).toHaveText('සිංහල');
  expect(fonts.filter((f) => /noto-sans-(sinhala|tamil)/.test(f))).toEqual([]);
  expect(fonts.filter((f) => /language-name-(sinhala|tamil)/.test(f))).toHaveLength(2);
  const pickerFonts = await page.evaluate(() => {
    const statuses: string[] = [];
    document.fonts.forEach((f) => {
      if (f.family.includes('Language Names')) statuses.push(f.status);
    });
    return statuses;
  });
  expect(pickerFonts).toEqual(['loaded', 'loaded']);

  // A Sinhala page still draws with the full font.
  await page.locator('#language-select').selectOption('si');
  await expect.poll(() => fonts.some((f) => /noto-sans-sinhala-sinhala-400/.test(f))).toBe(true);
  await context.close();
});
