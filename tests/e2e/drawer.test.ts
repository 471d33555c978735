import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { adminPage } from './support/session';

/** Where the focus is: the side menu, the menu button, or anything else by its tag and text. */
const focusIsIn = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (active?.closest('#side-menu')) return 'menu';
    if (active?.getAttribute('aria-controls') === 'side-menu') return 'menu button';
    return `${active?.tagName} ${active?.id || active?.textContent?.trim().slice(0, 30)}`;
  });

describe('the tablet side menu and the skip link, by keyboard and pointer', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    // A tablet in portrait: the menu is a drawer over the page.
    page = await adminPage(browser, { width: 768, height: 1024 });
  });
  afterAll(() => browser?.close());

  it("'Vai al contenuto' is the first Tab stop and moves the focus to the page", async () => {
    await page.goto('/impostazioni');
    await page.getByRole('heading', { name: 'Impostazioni', level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Vai al contenuto' });
    await expect.poll(() => skip.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusIsIn(page)).toBe('MAIN main-content');
  });

  it('opens as a drawer that keeps the focus, and closes on Esc and on a click outside', async () => {
    const menu = page.locator('#side-menu');
    const backdrop = page.getByTestId('menu-backdrop');
    expect(await menu.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Apri il menu' }).click();
    await backdrop.waitFor();
    await expect.poll(() => focusIsIn(page)).toBe('menu');
    // Round and round: Tab and Shift+Tab never leave the menu and its button.
    const stops = new Set<string>();
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      stops.add(await focusIsIn(page));
    }
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Shift+Tab');
      stops.add(await focusIsIn(page));
    }
    expect([...stops].sort()).toEqual(['menu', 'menu button']);

    await page.keyboard.press('Escape');
    await backdrop.waitFor({ state: 'detached' });
    expect(await menu.isVisible()).toBe(false);
    await expect.poll(() => focusIsIn(page)).toBe('menu button');

    await page.getByRole('button', { name: 'Apri il menu' }).click();
    await backdrop.waitFor();
    // Outside the menu (288 px wide), on the dimmed page.
    await page.mouse.click(600, 600);
    await backdrop.waitFor({ state: 'detached' });
    expect(await menu.isVisible()).toBe(false);
  });

  it('follows the window across 1280 px: beside the page when wide, closed when narrow, the page never left inert', async () => {
    const menu = page.locator('#side-menu');
    const main = page.locator('main');
    const inert = () => main.evaluate((element) => (element as HTMLElement).inert);
    await page.setViewportSize({ width: 1280, height: 900 });
    await menu.waitFor({ state: 'visible' });
    expect(await page.getByTestId('menu-backdrop').count()).toBe(0);
    expect(await inert()).toBe(false);

    // Turned upright: the menu closes rather than covering the page.
    await page.setViewportSize({ width: 768, height: 1024 });
    await menu.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('menu-backdrop').count()).toBe(0);
    expect(await inert()).toBe(false);

    // Back to wide, with the drawer left open: the menu stands beside a page that takes the focus again.
    await page.getByRole('button', { name: 'Apri il menu' }).click();
    await page.getByTestId('menu-backdrop').waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('menu-backdrop').waitFor({ state: 'detached' });
    expect(await menu.isVisible()).toBe(true);
    expect(await inert()).toBe(false);
  });
});
