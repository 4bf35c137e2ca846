import { expect, test } from '@playwright/test';

test('the portal serves the web app and the API on one origin', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page).toHaveTitle(/Sri Lanka Police/);
});
