import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, launchProfile } from './support/browser';
import { signInAsNewAdmin } from './support/session';

describe('the built app served by npm start', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('shows the sign-in screen to a visitor without a session, with no CSP violation', async () => {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto('/contatti/contatti');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/signIn');
    await page.getByRole('heading', { name: /Accedi a Storico/ }).waitFor({ state: 'visible' });
    await page.getByLabel('Username').waitFor({ state: 'visible' });
    await page.getByLabel('Password').waitFor({ state: 'visible' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('registers the service worker and links the manifest', async () => {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    await page.goto('/signIn');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl}/`);
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel="manifest"]')?.getAttribute('href');
      return href ? ((await (await fetch(href)).json()) as { lang: string; display: string }) : null;
    });
    expect(manifest).toMatchObject({ lang: 'it', display: 'standalone' });
    await context.close();
  });

  it('shows the forgot-password page without a session', async () => {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    await page.goto('/forgotPassword');
    await page.getByRole('link', { name: 'Torna al login' }).waitFor({ state: 'visible' });
    await context.close();
  });

  it('opens / in a fresh profile: the HTML shell, then the sign-in screen, also on a reload', async () => {
    const context = await launchProfile(baseUrl);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const response = await page.goto('/');
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-type']).toMatch(/^text\/html/);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/signIn');
      await page.getByRole('heading', { name: /Accedi a Storico/ }).waitFor({ state: 'visible' });

      // Before any service worker controls the page, and again once one does.
      for (let i = 0; i < 2; i++) {
        await page.goto('/');
        await page.getByRole('heading', { name: /Accedi a Storico/ }).waitFor({ state: 'visible' });
        await page.evaluate(() => navigator.serviceWorker.ready);
      }
    } finally {
      await context.close();
    }
  });

  it('keeps a signed-in user in the app on /, on a reload of it and through the logo link', async () => {
    const context = await launchProfile(baseUrl);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const { username } = await signInAsNewAdmin(page);
      const home = page.getByRole('heading', { name: `Benvenuto, ${username}!` });

      await page.goto('/');
      await home.waitFor({ state: 'visible' });
      await page.reload();
      await home.waitFor({ state: 'visible' });

      await page.goto('/impostazioni');
      // A mark on the window survives only an in-app navigation, not a new page load.
      await page.evaluate(() => Object.assign(window, { storicoMark: 'same-page' }));
      await page.getByRole('link', { name: 'Storico', exact: true }).click();
      await home.waitFor({ state: 'visible' });
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.evaluate(() => (window as { storicoMark?: string }).storicoMark)).toBe('same-page');
    } finally {
      await context.close();
    }
  });
});
