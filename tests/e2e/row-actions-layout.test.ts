import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Alert } from '../../contract/alerts';
import type { Envelope } from '../../contract/envelope';
import type { Page as ListPage } from '../../contract/page';
import type { AccountRestoreRequest, RestoreStatus } from '../../contract/restores';
import type { RollbackStatus } from '../../contract/rollbacks';
import { launchBrowser } from './support/browser';
import { linesOf } from './support/layout';
import { sampleRollback } from '../support/rollback-sample';
import { signInTypingCode } from './support/session';
import { adminApiToken, createUser } from './support/users';

const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1280, height: 800 };
/** A wide desktop: the side menu beside the page. */
const WIDE = { width: 1440, height: 900 };
/** An upright tablet: the narrowest width every screen works at (docs/product.md#screen-sizes-and-touch). */
const TABLET = { width: 768, height: 1024 };

type Box = { left: number; right: number; top: number; bottom: number };

/**
 * What a person cannot read or reach in the table named `name`: a piece of a cell's text under a row's actions or
 * out of the table's frame (scrolled away or cut off), and an action out of the window. jsdom lays nothing out, so
 * only a browser can tell.
 */
async function layoutProblems(page: Page, name: string): Promise<string[]> {
  const table = page.getByRole('table', { name });
  await table.waitFor();
  return table.evaluate((element) => {
    const box = (rect: DOMRect): Box => ({
      left: rect.left,
      right: rect.right,
      top: rect.top,
      bottom: rect.bottom,
    });
    const overlap = (a: Box, b: Box) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    const frame = box(element.parentElement!.getBoundingClientRect());
    const actions = [...element.querySelectorAll('button, a')];
    const actionCells = [...new Set(actions.map((action) => action.closest('td')!))].map((cell) =>
      box(cell.getBoundingClientRect()),
    );
    const problems: string[] = [];
    for (const cell of element.querySelectorAll('th, td')) {
      if (cell.querySelector('button, a')) continue;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        if (!text || node.parentElement?.closest('.sr-only')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of [...range.getClientRects()].map(box)) {
          if (actionCells.some((cellBox) => overlap(rect, cellBox)))
            problems.push(`'${text}' is under a row's actions`);
          else if (rect.left < frame.left - 0.5 || rect.right > frame.right + 0.5)
            problems.push(`'${text}' is out of the table's frame`);
        }
      }
    }
    for (const action of actions) {
      const rect = box(action.getBoundingClientRect());
      const label = action.getAttribute('aria-label') ?? action.textContent;
      if (rect.left < 0 || rect.right > window.innerWidth || rect.right > frame.right + 0.5)
        problems.push(`'${label}' is out of view`);
      if (!action.textContent?.trim()) problems.push(`'${label}' has no visible name`);
    }
    return [...new Set(problems)];
  });
}

/** One page of `content` in the API's envelope. */
const page0 = <T>(content: T[]): Envelope<ListPage<T>> => ({
  timeStamp: new Date().toISOString(),
  statusCode: 200,
  status: 'OK',
  message: 'OK',
  data: {
    query: {
      content,
      totalPages: 1,
      totalElements: content.length,
      size: 10,
      number: 0,
      pageable: { pageNumber: 0, pageSize: 10 },
    },
  },
});

/** Requests as the lists hold them, with names and usernames as long as real ones get. */
const restore = (id: number, status: RestoreStatus): AccountRestoreRequest => ({
  id,
  createdAt: '2026-11-28T17:06:00.000Z',
  approvedAt: status === 'PENDING' ? null : '2026-11-28T17:40:00.000Z',
  userCreator: { id: 9, username: 'rana.operatore' },
  userReviewer: status === 'PENDING' ? null : { id: 4, username: 'giulia.bianchi' },
  restoreType: { id: 1, type: 'REPORT' },
  status: { id: 1, status },
  differences: '[Phone, PersonEmail]',
  dateFrom: '2025-01-01T00:00:00.000Z',
  dateTo: '2025-06-30T00:00:00.000Z',
  salesforceUserId: '005000000000001AAA',
  outcome: null,
  newRecordId: null,
  outcomeUnknownSince: null,
  fields: null,
  fourEyes: null,
  accountId: `00100000000000${id}AAA`,
  accountName: id % 2 ? 'Massimiliano Bartolomucci' : 'Cesario Di Gregorio',
  revisionAccount: { id: 100 + id, json: '{}' },
});

const rollback = (id: number, status: RollbackStatus) =>
  sampleRollback(id, status, {
    sfUserID: '0055g000000D0btAAC',
    agentName: 'Deodata Cremonesi',
    from: '2026-11-28T17:55:00.000Z',
    to: '2026-11-28T18:40:00.000Z',
    alertId: 1,
    createdAt: '2026-11-28T17:59:00.000Z',
    approvedAt: status === 'PENDING' ? null : '2026-11-28T18:00:00.000Z',
    restored: status === 'APPROVED' ? 12 : 0,
    skipped: 0,
  });

const alert: Alert = {
  kind: 'mass-change',
  forcedRestore: null,
  id: 1,
  sfUserID: '0055g000000D0btAAC',
  agentName: 'Massimiliano Bartolomucci',
  object: 'Account',
  windowStart: '2026-11-28T16:55:00.000Z',
  windowEnd: '2026-11-28T17:40:00.000Z',
  changed: 80,
  deleted: 3,
  topFields: [
    { field: 'BillingAddress', count: 37 },
    { field: 'PersonHomePhone', count: 23 },
    { field: 'PV__pc', count: 23 },
  ],
  acknowledgedBy: null,
  acknowledgedAt: null,
  rollback: null,
};

/**
 * The lists these screens show answer from here, so that each holds the rows of its worst case whatever else the
 * shared server holds; the user signed in is real.
 */
async function serveLists(page: Page) {
  const answer = (path: string, body: (status: string) => unknown) =>
    page.route(
      (url) => url.pathname === `/api/v3${path}`,
      (route) => {
        const status = new URL(route.request().url()).searchParams.get('status') ?? '';
        return route.fulfill({ json: body(status) });
      },
    );
  await answer('/restore-account-request/', (status) =>
    page0(
      status === 'PENDING'
        ? [restore(5, 'PENDING'), restore(4, 'PENDING')]
        : [restore(3, status as RestoreStatus)],
    ),
  );
  await answer('/rollback-request/', (status) =>
    page0(status === 'PENDING' ? [rollback(3, 'PENDING')] : [rollback(2, status as RollbackStatus)]),
  );
  await answer('/alert/', (status) => page0(status === 'open' ? [alert] : []));
}

describe('row actions on a desktop and on a tablet held upright: every cell readable, every action in view', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const crashes: string[] = [];
  let reviewer: Page;
  let rana: Page;
  let admin: Page;
  let adminName: string;

  const signedIn = async (role: string, token: string) => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP, hasTouch: true });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => crashes.push(error.message));
    const user = await createUser(token, role);
    await signInTypingCode(page, user);
    await serveLists(page);
    return { page, user };
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = adminApiToken();
    reviewer = (await signedIn('USER_STORICO', token)).page;
    rana = (await signedIn('USER_RANA', token)).page;
    const signedInAdmin = await signedIn('ADMIN', token);
    admin = signedInAdmin.page;
    adminName = signedInAdmin.user.username;
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  const at = async (page: Page, viewport: typeof DESKTOP, path: string) => {
    await page.setViewportSize(viewport);
    await page.goto(path);
  };

  it.each([
    ['desktop', DESKTOP],
    ['tablet', TABLET],
  ] as const)(
    "'Gestione ripristini contatti' on a %s: 'Richiesto da' and 'Eseguito da' clear of the actions",
    async (_, viewport) => {
      await at(reviewer, viewport, '/gestione_ripristini_contatti/gestioneRipristiniContatti');
      await reviewer.getByRole('button', { name: 'Approva la richiesta 5' }).waitFor();
      expect(await layoutProblems(reviewer, 'In corso di approvazione')).toEqual([]);
      await reviewer.getByRole('tab', { name: 'Storico - Approvati' }).click();
      await reviewer.getByRole('button', { name: 'Dettaglio della richiesta 3' }).waitFor();
      expect(await layoutProblems(reviewer, 'Storico - Approvati')).toEqual([]);
    },
  );

  it("'Gestione ripristini contatti' at 1440 px: the actions beside the row leave every cell on one line", async () => {
    await at(reviewer, WIDE, '/gestione_ripristini_contatti/gestioneRipristiniContatti');
    const table = reviewer.getByRole('table', { name: 'In corso di approvazione' });
    await table.getByRole('button', { name: 'Approva la richiesta 5' }).waitFor();
    const row = table
      .locator('tbody')
      .filter({ has: reviewer.getByRole('button', { name: 'Approva la richiesta 5' }) });
    // The row's buttons stand in its last column, not on a line under it.
    expect(await row.getByRole('row').count()).toBe(1);
    const wrapped: string[] = [];
    for (const cell of await row.locator('td').all())
      if ((await cell.locator('button').count()) === 0 && (await linesOf(cell)) > 1)
        wrapped.push((await cell.textContent()) ?? '');
    expect(wrapped).toEqual([]);
  });

  it.each([
    ['desktop', DESKTOP],
    ['tablet', TABLET],
  ] as const)(
    "'Gestione rollback' on a %s: every column readable, the progress in view",
    async (_, viewport) => {
      await at(reviewer, viewport, '/gestione_rollback/gestioneRollback');
      await reviewer.getByRole('button', { name: 'Approva il rollback 3' }).waitFor();
      expect(await layoutProblems(reviewer, 'In corso di approvazione')).toEqual([]);
      await reviewer.getByRole('tab', { name: 'Storico - Approvati' }).click();
      const progress = reviewer.getByTestId('rollback-2').getByTestId('rollback-progress');
      await progress.waitFor();
      expect(await progress.textContent()).toBe('12 / 340');
      const box = (await progress.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(await layoutProblems(reviewer, 'Storico - Approvati')).toEqual([]);
      // A running rollback's 'Interrompi' is in view too.
      const stop = (await reviewer.getByRole('button', { name: 'Interrompi il rollback 2' }).boundingBox())!;
      expect(stop.x + stop.width).toBeLessThanOrEqual(viewport.width);
    },
  );

  it.each([
    [
      'USER_RANA',
      "'Prepara rollback'",
      () => rana,
      'Prepara rollback delle modifiche di Massimiliano Bartolomucci',
    ],
    [
      'USER_STORICO',
      "'Conferma presa visione'",
      () => reviewer,
      "Conferma presa visione dell'avviso su Massimiliano Bartolomucci",
    ],
  ] as const)(
    "'Avvisi' on a tablet: %s sees the row's only action, %s, in the window",
    async (_, __, page, name) => {
      await at(page(), TABLET, '/avvisi');
      const action = page().getByRole(name.startsWith('Prepara') ? 'link' : 'button', { name });
      await action.waitFor();
      const box = (await action.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(TABLET.width);
      expect(await layoutProblems(page(), 'Da verificare')).toEqual([]);
    },
  );

  it("'Gestione utenti' on a tablet: each row's actions are named in text, in an 'Azioni' menu a finger opens", async () => {
    await at(admin, TABLET, '/gestione_utenti/gestioneUtenti');
    await admin.getByLabel('Cerca utenti', { exact: true }).fill(adminName);
    const own = admin.getByRole('button', { name: `Azioni per ${adminName}` });
    await own.waitFor();
    await expect.poll(() => admin.getByRole('table').getByRole('row').count()).toBe(2);
    expect(await own.textContent()).toBe('Azioni');
    expect(await layoutProblems(admin, 'Gestione utenti')).toEqual([]);
    await own.tap();
    const menu = admin.getByRole('menu', { name: `Azioni per ${adminName}` });
    await menu.waitFor();
    for (const item of [
      'Modifica',
      'Cambia password',
      'Invia QR',
      'Reimposta autenticatore',
      'Sblocca accesso',
      'Termina sessioni',
    ]) {
      const box = (await menu.getByRole('menuitem', { name: item }).boundingBox())!;
      expect(box.height, item).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width, item).toBeLessThanOrEqual(TABLET.width);
      expect(box.y + box.height, item).toBeLessThanOrEqual(TABLET.height);
    }
    // Why your own row cannot be deleted is written in the menu, not in a tooltip.
    const ownDelete = menu.getByRole('menuitem', { name: 'Elimina' });
    expect(await ownDelete.getAttribute('aria-disabled')).toBe('true');
    expect(await ownDelete.isVisible()).toBe(true);
    await menu.getByText('Non puoi eliminare il tuo utente').waitFor({ state: 'visible' });
    await menu.getByRole('menuitem', { name: 'Invia QR' }).tap();
    await admin.getByRole('dialog', { name: `Invia QR a ${adminName}` }).waitFor();
    await admin.keyboard.press('Escape');
    expect(crashes).toEqual([]);
  });
});
