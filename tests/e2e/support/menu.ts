import type { Page } from 'playwright-core';

/**
 * Chooses the side menu's entry `name`, opening the menu first where it is a drawer (below 1280 px, a tablet in
 * landscape included), as a person on a tablet would.
 */
export async function chooseInMenu(page: Page, name: string): Promise<void> {
  if (!(await page.locator('#side-menu').isVisible()))
    await page.getByRole('button', { name: 'Apri il menu' }).click();
  await page.locator('#side-menu').getByRole('link', { name, exact: true }).click();
}
