import fs from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa'];
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

async function runAxeInPage(page: Page): Promise<Violation[]> {
  // A string evaluated through the DevTools protocol, as AxeBuilder injects it: the page's CSP forbids eval.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: Violation[] }> } };
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations;
  }, TAGS);
}

/**
 * axe's serious and critical WCAG 2 A/AA violations on the page as drawn (its fonts loaded), one line each.
 * A page without frames is checked by one axe.run in the page, injected once per document: AxeBuilder's
 * frame-by-frame protocol (inject, runPartial, a second blank page to finish) took about 2.5 times as long for the
 * same rules and the same answer, and the sweep scans 200 pages. A page with frames (a PDF shown inline) still goes
 * through AxeBuilder, which checks inside them.
 */
export async function seriousViolations(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  const violations: Violation[] = page.frames().length > 1 ? (await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations : await runAxeInPage(page);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
