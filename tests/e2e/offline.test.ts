import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, launchProfile } from './support/browser';
import { controlledByServiceWorker } from './support/service-worker';
import { apiClient, sessionToken, signInAsNewAdmin } from './support/session';

const baseUrl = inject('baseUrl');
const root = path.resolve(import.meta.dirname, '../..');
const RANGE = { dateFrom: '2025-01-01', dateTo: '2025-06-30' };

type Agent = { id: string; username: string };
type ContactRow = {
  id: string;
  accountName: string;
  earlierRevisionAccount: { id: number };
  laterRevisionAccount: { id: number };
};

/** The rows' fields with the red marker in the right column. */
const markedFields = (page: Page) =>
  page
    .locator('[data-side="right"] [data-field]')
    .evaluateAll((rows) =>
      rows
        .filter((row) => row.querySelector('[data-testid="diff-marker"]'))
        .map((row) => row.getAttribute('data-field')),
    );

/** The org's custom fields of the demo contacts that no section of the screen lists ('Altri campi'). */
const CUSTOM_FIELDS = ['Loyalty_Tier__c', 'Lifetime_Spend__c', 'Last_Store_Visit__c', 'Allergens__pc'];

/** The keys of the queries kept in local storage for a reload without network. */
const persistedQueryKeys = (page: Page) =>
  page.evaluate(() => {
    const kept = JSON.parse(localStorage.getItem('storico-queries') ?? '{}') as {
      clientState?: { queries: { queryKey: unknown }[] };
    };
    return (kept.clientState?.queries ?? []).map((query) => query.queryKey);
  });

const savedComparisons = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('storico-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('comparisons')) return resolve(0);
          const count = db.transaction('comparisons').objectStore('comparisons').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );

describe('offline', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ReturnType<typeof apiClient>;
  let contact: { agent: Agent; row: ContactRow };
  /** The record's name as the compared version has it (the search row shows today's). */
  let label: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signInAsNewAdmin(page);
    api = apiClient(baseUrl, await sessionToken(context));
    const agents = await api<Agent[]>('/sf-user/');
    for (const agent of agents) {
      const rows = await api<{ content: ContactRow[] }>(
        `/sf-user/${agent.id}/sf-account?page=0&size=10&dateFrom=${RANGE.dateFrom}&dateTo=${RANGE.dateTo}`,
      );
      for (const row of rows.content.filter(
        (r) => r.earlierRevisionAccount.id !== r.laterRevisionAccount.id,
      )) {
        const diff = await api<{ jsonDiffProperties: string }>(
          `/revision-account/differences?firstRevisionAccountID=${row.earlierRevisionAccount.id}` +
            `&secondRevisionAccountID=${row.laterRevisionAccount.id}`,
        );
        // A contact whose custom field changed in the range: 'Altri campi' then has a marker too.
        if (CUSTOM_FIELDS.some((field) => diff.jsonDiffProperties.includes(field))) contact = { agent, row };
        if (contact) break;
      }
      if (contact) break;
    }
    if (!contact) throw new Error('no contact with a changed custom field in the range');
  });
  afterAll(() => browser?.close());

  const detailUrl = () =>
    `/contatti/${contact.row.id}?dateFrom=${RANGE.dateFrom}&dateTo=${RANGE.dateTo}&agent=${contact.agent.id}`;

  it("reopens a contact comparison without network, with both versions and the same markers, 'Altri campi' too", async () => {
    await page.goto(detailUrl());
    await page.getByTestId('comparison').first().waitFor();
    await expect.poll(() => markedFields(page)).not.toEqual([]);
    const online = await markedFields(page);
    // The org's custom fields, labelled as its describe does, with their markers.
    const other = page.locator('[data-section="Altri campi"]');
    await other.getByText('Livello fedeltà').first().waitFor();
    const otherMarked = await other
      .locator('[data-side="right"] [data-field]')
      .evaluateAll((rows) =>
        rows
          .filter((row) => row.querySelector('[data-testid="diff-marker"]'))
          .map((r) => r.getAttribute('data-field')),
      );
    expect(otherMarked.some((field) => CUSTOM_FIELDS.includes(field ?? ''))).toBe(true);
    // 'Solo differenze' keeps the changed fields of 'Altri campi', and only those.
    await page.getByText('Solo differenze').click();
    await expect.poll(() => markedFields(page)).toEqual(online);
    expect(await page.locator('[data-side="right"] [data-field]:not([data-changed])').count()).toBe(0);
    await page.getByText('Solo differenze').click();
    label = (await page.getByTestId('record-label').textContent()) ?? '';
    await controlledByServiceWorker(page);
    await expect.poll(() => savedComparisons(page)).toBeGreaterThan(0);

    // The org's labels are kept for offline use too (written to storage at most once a second).
    await expect.poll(() => persistedQueryKeys(page)).toContainEqual(['/revision-account', 'fields']);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-badge').waitFor();
    await expect(page.getByTestId('offline-note').textContent()).resolves.toMatch(
      /^Offline - dati salvati il \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
    await expect(page.locator('[data-side="left"]').count()).resolves.toBeGreaterThan(0);
    await expect(page.locator('[data-side="right"]').count()).resolves.toBeGreaterThan(0);
    expect(await markedFields(page)).toEqual(online);
    await page.locator('[data-section="Altri campi"]').getByText('Livello fedeltà').first().waitFor();
    await context.setOffline(false);
  });

  it("lists the saved comparison under 'Disponibili offline' and reopens it offline", async () => {
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Disponibili offline' }).click();
    await page.getByRole('heading', { name: 'Disponibili offline' }).waitFor();
    const row = page.locator('tbody tr', { hasText: label });
    await row.getByRole('link', { name: 'Apri' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/contatti/${contact.row.id}`);
    await page.getByTestId('offline-note').waitFor();
    expect(await markedFields(page)).not.toEqual([]);
    await context.setOffline(false);
  });

  it('passes Chromium’s installability check', async () => {
    const profile = await launchProfile(baseUrl);
    try {
      const visitor = await profile.newPage();
      await visitor.goto('/signIn');
      await visitor.evaluate(() => navigator.serviceWorker.ready);
      const cdp = await profile.newCDPSession(visitor);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await profile.close();
    }
  });

  it("offers a new build with 'Nuova versione disponibile' and 'Aggiorna' switches to it", async () => {
    await page.goto('/contatti/contatti');
    await controlledByServiceWorker(page);
    const oldWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    const oldScript = await page.evaluate(() =>
      document.querySelector('script[type="module"]')?.getAttribute('src'),
    );

    const outDir = mkdtempSync(path.join(tmpdir(), 'storico-build-'));
    const build = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
      {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'production', VITE_BUILD_ID: `e2e-${Date.now()}` },
        encoding: 'utf8',
      },
    );
    expect(build.status, build.stderr).toBe(0);
    // New hashed assets first, the shell and the worker last: what `npm run build` on the server leaves behind.
    const dist = path.join(root, 'dist');
    cpSync(path.join(outDir, 'assets'), path.join(dist, 'assets'), { recursive: true });
    for (const name of readdirSync(outDir).filter(
      (n) => n !== 'assets' && n !== 'sw.js' && n !== 'index.html',
    ))
      cpSync(path.join(outDir, name), path.join(dist, name), { recursive: true });
    cpSync(path.join(outDir, 'index.html'), path.join(dist, 'index.html'));
    cpSync(path.join(outDir, 'sw.js'), path.join(dist, 'sw.js'));

    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await page.getByText('Nuova versione disponibile').waitFor({ timeout: 30_000 });
    const reloaded = page.waitForEvent('load');
    // The toast's 'Aggiorna' (the list on screen has its own 'Aggiorna' for its data).
    await page
      .getByRole('region', { name: /Notifiche/ })
      .getByRole('button', { name: 'Aggiorna' })
      .click();
    await reloaded;
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL))
      .toBe(oldWorker);
    expect(
      await page.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src')),
    ).not.toBe(oldScript);
    const waiting = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
    );
    expect(waiting).toBeNull();
    await page.getByRole('heading', { name: 'Contatti', level: 1 }).waitFor();
  });
});
