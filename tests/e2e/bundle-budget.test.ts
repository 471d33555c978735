import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { apiClient, sessionToken, signInAsNewAdmin } from './support/session';

/**
 * The budgets docs/scale.md states for the JavaScript a first page load runs, gzipped: 150 KB for the
 * sign-in page, 200 KB for any first screen. What loads when is decision 023.
 */
const SIGN_IN_BUDGET_KB = 150;
const FIRST_SCREEN_BUDGET_KB = 200;

const baseUrl = inject('baseUrl');
const dist = path.resolve(import.meta.dirname, '../../dist');
const gzipKb = (pathname: string) => gzipSync(readFileSync(path.join(dist, pathname))).length / 1024;

/** Opens `route` as a first page load and answers the gzipped size of every script of the app it ran. */
async function firstLoadKb(page: Page, route: string, settled: (page: Page) => Promise<unknown>) {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script' && pathname.startsWith('/assets/')) scripts.add(pathname);
  });
  await page.goto(route);
  await settled(page);
  await page.waitForLoadState('networkidle');
  const kb = [...scripts].reduce((sum, pathname) => sum + gzipKb(pathname), 0);
  console.log(`initial JavaScript of ${route}: ${kb.toFixed(1)} KB gzipped in ${scripts.size} files`);
  return kb;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });

describe('bundle budget: initial JavaScript, gzipped', () => {
  let browser: Browser;
  let signedIn: BrowserContext;
  let contactId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    signedIn = await browser.newContext({ baseURL: baseUrl });
    const page = await signedIn.newPage();
    await signInAsNewAdmin(page);
    const api = apiClient(baseUrl, await sessionToken(signedIn));
    const [agent] = await api<Array<{ id: string }>>('/sf-user/?isPaged=false');
    const contacts = await api<{ content: Array<{ id: string }> }>(
      `/sf-user/${agent!.id}/sf-account?dateFrom=2024-01-01&dateTo=2026-10-31&page=0&size=1`,
    );
    contactId = contacts.content[0]!.id;
    await page.close();
  });
  afterAll(() => browser?.close());

  it('serves no source map to browsers, and no script names one', async () => {
    const maps = readdirSync(path.join(dist, 'assets')).filter((name) => name.endsWith('.js.map'));
    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps.slice(0, 3)) {
      const response = await fetch(`${baseUrl}/assets/${map}`, { headers: { Accept: '*/*' } });
      expect(response.status, map).toBe(404);
      expect(readFileSync(path.join(dist, 'assets', map.replace(/\.map$/, '')), 'utf8')).not.toContain(
        'sourceMappingURL',
      );
    }
  });

  it('builds no chunks that import each other, directly or through others', () => {
    // In a cycle one chunk runs before what it imports has: the contract's schemas once refined text with an
    // undefined check, and signing in failed in the built app only.
    const assets = path.join(dist, 'assets');
    const chunks = readdirSync(assets).filter((name) => name.endsWith('.js'));
    const imports = new Map(
      chunks.map((name) => {
        const text = readFileSync(path.join(assets, name), 'utf8');
        const statics = text.matchAll(
          /(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?["']\.\/([^"']+\.js)["']/g,
        );
        return [name, [...new Set([...statics].map((match) => match[1]!))]];
      }),
    );
    expect([...imports.values()].flat().length).toBeGreaterThan(chunks.length);
    const cycles: string[] = [];
    const done = new Set<string>();
    const visit = (name: string, trail: string[]) => {
      if (trail.includes(name))
        return void cycles.push([...trail.slice(trail.indexOf(name)), name].join(' -> '));
      if (done.has(name)) return;
      for (const next of imports.get(name) ?? []) visit(next, [...trail, name]);
      done.add(name);
    };
    for (const name of chunks) visit(name, []);
    expect(cycles).toEqual([]);
  });

  it('sends scripts compressed to a browser that accepts it, as they are built', async () => {
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(
      readFileSync(path.join(dist, 'index.html'), 'utf8'),
    )?.[1];
    expect(script).toBeDefined();
    const response = await fetch(`${baseUrl}${script}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    // fetch decodes it: the same bytes as the built file.
    expect(await response.text()).toBe(readFileSync(path.join(dist, script!), 'utf8'));
  });

  it(`keeps the sign-in page within ${SIGN_IN_BUDGET_KB} KB`, async () => {
    const context = await browser.newContext({ baseURL: baseUrl });
    const kb = await firstLoadKb(await context.newPage(), '/signIn', (page) =>
      page.getByRole('heading', { name: /Accedi a Storico/ }).waitFor({ state: 'visible' }),
    );
    expect(kb).toBeLessThanOrEqual(SIGN_IN_BUDGET_KB);
    await context.close();
  });

  it(`keeps every first screen of a signed-in user within ${FIRST_SCREEN_BUDGET_KB} KB`, async () => {
    const routes = [
      '/',
      '/contatti/contatti',
      '/casi/casi',
      `/contatti/${contactId}`,
      '/impostazioni',
      '/gestione_utenti/gestioneUtenti',
      '/gestione_ripristini_casi/gestioneRipristiniCasi',
      '/gestione_ripristini_contatti/gestioneRipristiniContatti',
      '/disponibili_offline',
    ];
    const over: string[] = [];
    for (const route of routes) {
      const page = await signedIn.newPage();
      const kb = await firstLoadKb(page, route, (p) =>
        route === '/' ? p.getByRole('heading', { name: /Benvenuto/ }).waitFor() : heading(p),
      );
      if (kb > FIRST_SCREEN_BUDGET_KB) over.push(`${route}: ${kb.toFixed(1)} KB`);
      await page.close();
    }
    expect(over).toEqual([]);
  });
});
