import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core from node_modules: nothing is downloaded at test time. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeResult = {
  violations: Array<{
    id: string;
    impact?: string | null;
    help: string;
    nodes: Array<{ target: unknown[] }>;
  }>;
};

/** A desktop, a tablet in landscape and one upright (docs/product.md#screen-sizes-and-touch). */
export const SCREEN_WIDTHS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
] as const;

/** Two frames: what a resize changes (a table's row actions moving under the row) is laid out and painted. */
const settle = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );

/**
 * Every violation axe-core finds on the page as it is now, of any impact, at each of the three screen widths,
 * and whether it has exactly one `h1`, each as `state at width: rule (impact, help) at targets`. The page is
 * given back at the size it had. axe is evaluated through the DevTools protocol rather than added as a script
 * element, so the app's Content-Security-Policy (`script-src 'self'`) stays as a user has it.
 */
export async function accessibilityProblems(page: Page, state: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const size = page.viewportSize();
  const problems: string[] = [];
  for (const viewport of SCREEN_WIDTHS) {
    await page.setViewportSize(viewport);
    await settle(page);
    const result = await page.evaluate(
      () =>
        (
          window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }
        ).axe.run(document, { resultTypes: ['violations'] }) as Promise<AxeResult>,
    );
    problems.push(
      ...result.violations.map(
        (violation) =>
          `${state} at ${viewport.width}: ${violation.id} (${violation.impact}, ${violation.help}) at ` +
          violation.nodes.map((node) => node.target.join(' ')).join(', '),
      ),
    );
  }
  if (size) await page.setViewportSize(size);
  const headings = await page.locator('h1').count();
  if (headings !== 1) problems.push(`${state}: ${headings} h1 elements, not one`);
  return problems;
}
