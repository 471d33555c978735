import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { signInAsNewAdmin } from './support/session';

/** A desktop, a tablet in landscape and one upright (docs/product.md#screen-sizes-and-touch). */
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, touch: false },
  { name: 'tablet landscape', viewport: { width: 1024, height: 768 }, touch: true },
  { name: 'tablet portrait', viewport: { width: 768, height: 1024 }, touch: true },
] as const;

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
};
const intersect = (a: Box, b: Box) =>
  Math.min(a.x + a.width, b.x + b.width) > Math.max(a.x, b.x) &&
  Math.min(a.y + a.height, b.y + b.height) > Math.max(a.y, b.y);

/** Creates a user through 'Crea utente', so that the screen shows its success toast. */
async function createUser(page: Page): Promise<void> {
  const username = `e2e.toast.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  await page.getByRole('button', { name: 'Crea utente', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Crea utente' });
  await dialog.getByLabel('Username', { exact: true }).fill(username);
  await dialog.getByLabel('Email', { exact: true }).fill(`${username}@example.it`);
  await dialog.getByLabel('Password', { exact: true }).fill('Toast-Password-1!');
  await dialog.getByRole('combobox', { name: 'Ruolo' }).click();
  await page.getByRole('option', { name: 'User Rana' }).click();
  await dialog.getByRole('button', { name: 'Crea utente' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('toasts stay clear of the page they report on', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it.each(WIDTHS)(
    "on a $name, 'Utente creato con successo' covers neither 'Crea utente' nor the header",
    async ({ viewport, touch }) => {
      const context = await browser.newContext({ baseURL: inject('baseUrl'), viewport, hasTouch: touch });
      try {
        const page = await context.newPage();
        await signInAsNewAdmin(page);
        await page.goto('/gestione_utenti/gestioneUtenti');
        await page.getByRole('heading', { name: 'Gestione utenti', level: 1 }).waitFor();
        await createUser(page);
        const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Utente creato con successo' });
        await toast.waitFor();
        // Sonner slides a toast in (400 ms): its box is read once it stands still.
        await expect
          .poll(async () => {
            const before = await boxOf(toast);
            await page.waitForTimeout(150);
            return JSON.stringify(before) === JSON.stringify(await boxOf(toast));
          })
          .toBe(true);
        const shown = await boxOf(toast);
        const create = await boxOf(page.getByRole('button', { name: 'Crea utente', exact: true }));
        const header = await boxOf(page.locator('header').first());
        expect(intersect(shown, create)).toBe(false);
        expect(intersect(shown, header)).toBe(false);
        expect(shown.y + shown.height).toBeLessThanOrEqual(viewport.height);
        const close = await boxOf(toast.getByRole('button', { name: 'Chiudi la notifica' }));
        if (touch) expect(Math.min(close.width, close.height)).toBeGreaterThanOrEqual(44);
      } finally {
        await context.close();
      }
    },
  );
});
