import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { adminPage } from './support/session';

describe('menu links load their page on intent', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await adminPage(browser, { width: 1280, height: 800 });
  });
  afterAll(() => browser?.close());

  it("asks for a list's screen and its data while the pointer is over the link, before the click", async () => {
    await page.goto('/impostazioni');
    await page.getByRole('heading', { name: 'Impostazioni', level: 1 }).waitFor();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));

    const link = page.getByRole('link', { name: 'Gestione ripristini contatti' });
    const read = page.waitForResponse((response) =>
      response.url().includes('/api/v3/restore-account-request'),
    );
    await link.hover();
    await read;
    await expect
      .poll(() => requested.filter((p) => p.startsWith('/api/v3/restore-account-request')))
      .toHaveLength(1);
    expect(requested.some((p) => /\/assets\/restores-page-[\w-]+\.js$/.test(p))).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/impostazioni');

    // The click, after that read is in, still reads the list from the server (stale time 0).
    await link.click();
    await page.getByRole('heading', { name: 'Gestione ripristini contatti', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'In corso di approvazione', selected: true }).waitFor();
    await expect
      .poll(() => requested.filter((p) => p.startsWith('/api/v3/restore-account-request')))
      .toHaveLength(2);
  });

  it("reads 'Gestione utenti' once on the way in, not again when the screen mounts", async () => {
    await page.goto('/impostazioni');
    await page.getByRole('heading', { name: 'Impostazioni', level: 1 }).waitFor();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.getByRole('link', { name: 'Gestione utenti' }).click();
    await page
      .getByRole('button', { name: /^Azioni per / })
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    expect(requested.filter((p) => p === '/api/v3/user/')).toHaveLength(1);
  });

  it('does the same on keyboard focus', async () => {
    await page.goto('/impostazioni');
    await page.getByRole('heading', { name: 'Impostazioni', level: 1 }).waitFor();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.getByRole('link', { name: 'Gestione ripristini casi' }).focus();
    await expect
      .poll(() => requested.filter((p) => p.startsWith('/api/v3/restore-case-request')))
      .toHaveLength(1);
  });

  it("loads the agent list's code while the pointer is over 'Agente', so what is typed after the click is not lost", async () => {
    await page.goto('/contatti/contatti');
    const agent = page.getByRole('combobox', { name: 'Agente' });
    await agent.waitFor();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await agent.hover();
    await expect.poll(() => requested.some((p) => /\/assets\/agent-list-[\w-]+\.js$/.test(p))).toBe(true);
    expect(requested.some((p) => /\/assets\/popover-layer-[\w-]+\.js$/.test(p))).toBe(true);
  });
});
