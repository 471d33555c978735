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

/**
 * What axe-core finds serious or critical on the page as it is now, and whether it has exactly one `h1`, each as
 * `state: rule (help) at targets`. axe is evaluated through the DevTools protocol rather than added as a script
 * element, so the app's Content-Security-Policy (`script-src 'self'`) stays as a user has it.
 */
export async function accessibilityProblems(page: Page, state: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(
    () =>
      (
        window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }
      ).axe.run(document, { resultTypes: ['violations'] }) as Promise<AxeResult>,
  );
  const problems = result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${state}: ${violation.id} (${violation.help}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  const headings = await page.locator('h1').count();
  if (headings !== 1) problems.push(`${state}: ${headings} h1 elements, not one`);
  return problems;
}
