import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityProblems } from './support/axe';
import { launchBrowser } from './support/browser';
import { controlledByServiceWorker } from './support/service-worker';
import { apiClient, sessionToken, signInAsNewAdmin } from './support/session';

const baseUrl = inject('baseUrl');

/** How many rows the children of a wrapping flex line take: a child below the first row's bottom starts another. */
const rowsOf = (locator: Locator): Promise<number> =>
  locator.evaluate((element) => {
    let rows = 0;
    let bottom = -Infinity;
    for (const child of element.children) {
      const box = child.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.top >= bottom) {
        rows++;
        bottom = box.bottom;
      } else bottom = Math.max(bottom, box.bottom);
    }
    return rows;
  });

/** The whole demo history up to today, as the layout test reads it. */
const RANGE = {
  dateFrom: '2024-01-01',
  dateTo: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date()),
};
const range = `dateFrom=${RANGE.dateFrom}&dateTo=${RANGE.dateTo}`;

type Agent = { id: string; username: string };
type Related = { object: 'EmailMessage' | 'CaseComment'; id: string; json: string; change: string | null };
type Page0<T> = { content: T[]; totalElements: number };

const snapshotOf = (record: Related) => JSON.parse(record.json) as Record<string, unknown>;
const htmlOnly = (record: Related) => {
  const snapshot = snapshotOf(record);
  return record.object === 'EmailMessage' && !snapshot.TextBody && typeof snapshot.HtmlBody === 'string';
};

/** A word of an HTML body's text: letters only, so that no entity or markup stands in it. */
const wordOf = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .find((word) => /^[A-Za-zÀ-ÿ]{5,}$/.test(word));

/** Whether this device keeps the case's e-mails and comments with a saved comparison of it. */
const savedRelated = (page: Page, caseId: string) =>
  page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('storico-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('comparisons').objectStore('comparisons').getAll();
          all.onsuccess = () =>
            resolve(
              Math.max(
                0,
                ...(all.result as { recordId: string; related?: { content: unknown[] } }[])
                  .filter((saved) => saved.recordId === id)
                  .map((saved) => saved.related?.content.length ?? 0),
              ),
            );
        };
      }),
    caseId,
  );

describe("a case's e-mails and comments", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let agent: Agent;
  let caseId: string;
  let related: Page0<Related>;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signInAsNewAdmin(page);
    const api = apiClient(baseUrl, await sessionToken(context));
    // A case with both e-mails and comments in the range, one with an e-mail in HTML only if the demo has one.
    let fallback: [Agent, string, Page0<Related>] | undefined;
    search: for (const candidate of await api<Agent[]>('/sf-user/?isPaged=false')) {
      const cases = await api<Page0<{ id: string }>>(
        `/sf-user/${candidate.id}/sf-case?page=0&size=50&${range}`,
      );
      for (const row of cases.content) {
        const answer = await api<Page0<Related>>(`/revision-case/${row.id}/related?${range}&page=0&size=50`);
        const objects = new Set(answer.content.map((record) => record.object));
        if (objects.size < 2) continue;
        fallback ??= [candidate, row.id, answer];
        if (answer.content.some(htmlOnly)) {
          fallback = [candidate, row.id, answer];
          break search;
        }
      }
    }
    expect(fallback, 'a case with e-mails and comments in the range').toBeDefined();
    [agent, caseId, related] = fallback!;
  });
  afterAll(() => browser?.close());

  const section = () => page.getByTestId('case-related');
  const lines = () => section().getByTestId('related-line');

  it('opens them below the two versions, expands one as text, and lays them out at tablet widths', async () => {
    await page.goto(`/casi/${caseId}?${range}&agent=${agent.id}`);
    await page.getByTestId('comparison').first().waitFor();
    const toggle = page.getByRole('button', { name: 'E-mail e commenti' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await toggle.click();
    await lines().first().waitFor();
    expect(await lines().count()).toBe(related.content.length);
    const kinds = await lines().evaluateAll((items) => items.map((item) => item.getAttribute('data-object')));
    expect(kinds).toEqual(related.content.map((record) => record.object));
    expect(
      await section()
        .getByText(/^(In arrivo|In uscita)$/)
        .count(),
    ).toBeGreaterThan(0);
    expect(
      await section()
        .getByText(/^(Pubblico|Interno)$/)
        .count(),
    ).toBeGreaterThan(0);

    // An e-mail in HTML only, else the first e-mail: its text shows as text, no markup of it in the page.
    const index = Math.max(0, related.content.findIndex(htmlOnly));
    const chosen = related.content[index]!;
    const line = lines().nth(index);
    const expand = line.getByRole('button');
    await expand.click();
    await expect(expand.getAttribute('aria-expanded')).resolves.toBe('true');
    const text = line.getByTestId('related-text');
    await text.waitFor({ state: 'visible' });
    expect(await text.evaluate((element) => element.children.length)).toBe(0);
    if (htmlOnly(chosen)) {
      const word = wordOf(snapshotOf(chosen).HtmlBody as string);
      if (word) await expect(text.textContent()).resolves.toContain(word);
      await expect(text.textContent()).resolves.not.toMatch(/<\/?[a-z][^>]*>/i);
    }

    for (const viewport of [
      { width: 1024, height: 768 },
      { width: 768, height: 1024 },
    ]) {
      await page.setViewportSize(viewport);
      // Nothing of the section hidden sideways; each line's head (kind, date, badge, mark) on one line.
      expect(await section().evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
      // One row: every part overlaps every other vertically (they mix text sizes, so their text tops differ).
      for (const head of await section().getByTestId('related-head').all())
        expect(await rowsOf(head), `${viewport.width} px`).toBe(1);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await accessibilityProblems(page, "the case's e-mails and comments, one expanded")).toEqual([]);
  });

  it('reopens them offline with the saved comparison', async () => {
    await controlledByServiceWorker(page);
    await expect.poll(() => savedRelated(page, caseId)).toBe(related.content.length);
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByTestId('offline-badge').waitFor();
      await page.getByTestId('offline-note').waitFor();
      await page.getByRole('button', { name: 'E-mail e commenti' }).click();
      await lines().first().waitFor();
      expect(await lines().count()).toBe(related.content.length);
      const expand = lines().first().getByRole('button');
      await expand.click();
      await lines().first().getByTestId('related-text').waitFor({ state: 'visible' });
    } finally {
      await context.setOffline(false);
    }
  });
});
