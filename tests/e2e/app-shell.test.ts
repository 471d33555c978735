import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';

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
});
