import { expect, type FileChooser, type Locator, type Page } from '@playwright/test';

/**
 * Walks a server-paged list one page forward and back by keyboard, through the controls every list shares
 * (TablePages): "Page n" said, the focus kept on the button pressed, Previous refused on the first page.
 * `lastPageRows`: the second page is the last, with this many rows, and Next refuses there too; without
 * it, the second page only has to start with another row.
 */
export async function walkPages(page: Page, list: { pages: Locator; rows: Locator; pageSize: number; lastPageRows?: number }) {
  const { pages, rows, pageSize, lastPageRows } = list;
  // A list still loading the page asked for (a new filter's answer) shows the one before, busy: its buttons do
  // not move, and its rows may already look like the answer's.
  await expect(pages).not.toHaveAttribute('aria-busy', 'true');
  await expect(rows).toHaveCount(pageSize);
  await expect(pages).toContainText('Page 1');
  const firstRow = await rows.first().textContent();
  const previous = pages.getByRole('button', { name: 'Previous page' });
  const next = pages.getByRole('button', { name: 'Next page' });
  await expect(previous).toBeDisabled();

  await next.focus();
  await page.keyboard.press('Enter');
  await expect(pages).toContainText('Page 2');
  await expect(next).toBeFocused();
  if (lastPageRows === undefined) {
    await expect(rows.first()).not.toHaveText(firstRow!);
  } else {
    await expect(rows).toHaveCount(lastPageRows);
    await expect(next).toBeDisabled();
    await page.keyboard.press('Enter');
    await expect(pages).toContainText('Page 2');
  }

  await previous.focus();
  await page.keyboard.press('Enter');
  await expect(pages).toContainText('Page 1');
  await expect(rows).toHaveCount(pageSize);
  await expect(rows.first()).toHaveText(firstRow!);
  await expect(previous).toBeFocused();
  await expect(previous).toBeDisabled();
}

/**
 * Chooses `file` in the file input `input`, which has the focus, from the keyboard (Space opens the chooser). On a busy
 * machine a late render can take the focus between the check and the key (CI runs waited 50–60 s for a chooser that
 * never opened): the input is focused again and the key pressed again then.
 */
export async function chooseFileByKeyboard(page: Page, input: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  let chooser: FileChooser | undefined;
  let attempts = 0;
  await expect(async () => {
    if (attempts++ > 0) await input.focus();
    await expect(input).toBeFocused();
    const opened = page.waitForEvent('filechooser', { timeout: 3000 });
    await page.keyboard.press('Space');
    chooser = await opened;
  }).toPass({ timeout: 30_000 });
  await chooser!.setFiles(file);
}
