import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { sessionToken, signInAsNewAdmin } from './support/session';

const baseUrl = inject('baseUrl');

/** A range of the demo data in which records changed. */
const RANGE = { dateFrom: '2025-01-01', dateTo: '2025-06-30' };
const typed = (day: string) => day.split('-').reverse().join('/');
/** The day `YYYY-MM-DD` of an instant in Rome, as the app counts days. */
const romeDay = (at: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(at));

type Agent = { id: string; FirstName: string | null; LastName: string | null; username: string };
type Ref = { id: number };

describe('search and compare in the browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${baseUrl}/api/v3${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status, path).toBe(200);
    return ((await response.json()) as { data: { query: T } }).data.query;
  };
  const diffOf = async (kind: 'account' | 'case', first: number, second: number) => {
    const param = kind === 'account' ? 'RevisionAccountID' : 'RevisionCaseID';
    const answer = await api<{ jsonDiffProperties: string }>(
      `/revision-${kind}/differences?first${param}=${first}&second${param}=${second}`,
    );
    return answer.jsonDiffProperties
      .replace(/^\[|\]$/g, '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
  };

  /**
   * The first agent with a record on the first result page whose versions differ within RANGE in a field the
   * detail screen always shows (a name unique on the page, so its row can be found by name).
   */
  async function findChanged<Row extends { id: string }>(
    kind: 'sf-account' | 'sf-case',
    refs: (row: Row) => [Ref, Ref],
    name: (row: Row) => string | null,
    shownFields: readonly string[],
  ): Promise<{ agent: Agent; row: Row; differences: string[] }> {
    const agents = await api<Agent[]>('/sf-user/?isPaged=false');
    for (const agent of agents) {
      const result = await api<{ content: Row[] }>(
        `/sf-user/${agent.id}/${kind}?page=0&size=10&isPaged=true&dateFrom=${RANGE.dateFrom}&dateTo=${RANGE.dateTo}`,
      );
      const names = result.content.map(name);
      for (const row of result.content) {
        const [earlier, later] = refs(row);
        if (earlier.id === later.id || names.filter((n) => n === name(row)).length !== 1) continue;
        const differences = await diffOf(kind === 'sf-account' ? 'account' : 'case', earlier.id, later.id);
        if (differences.some((field) => shownFields.includes(field))) return { agent, row, differences };
      }
    }
    throw new Error(`no ${kind} changed between ${RANGE.dateFrom} and ${RANGE.dateTo}`);
  }

  async function search(list: string, agent: Agent) {
    await page.goto(list);
    await page.getByRole('combobox', { name: 'Agente' }).click();
    await page.getByPlaceholder('Cerca un agente').fill(agent.username);
    await page
      .getByRole('option', { name: new RegExp(agent.username.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .click();
    await page.getByLabel('Da', { exact: true }).fill(typed(RANGE.dateFrom));
    await page.getByLabel('A', { exact: true }).fill(typed(RANGE.dateTo));
    await page.getByRole('button', { name: 'Cerca', exact: true }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?page=1');
  }

  /** The fields of the right column on show, and those with the red marker. */
  async function markers(scope: Locator) {
    await scope.getByTestId('comparison').first().waitFor();
    return scope.locator('[data-side="right"] [data-field]').evaluateAll((rows) => ({
      shown: rows.map((row) => row.getAttribute('data-field') ?? ''),
      marked: rows
        .filter((row) => row.querySelector('[data-testid="diff-marker"]'))
        .map((row) => row.getAttribute('data-field') ?? ''),
    }));
  }

  /**
   * Changed rows are tinted on both sides, the header counts them, 'Copia JSON' copies a version, and a tablet
   * in portrait shows each field's old value above its new one.
   */
  async function differencesJumpOut(detail: Page, marked: string[]) {
    const tinted = (side: string) =>
      detail
        .locator(`main [data-side="${side}"] [data-changed]`)
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-field')));
    await expect(tinted('left')).resolves.toEqual(marked);
    await expect(tinted('right')).resolves.toEqual(marked);
    // The red marker follows its label: every label of a column starts at the same edge.
    const labelEdges = await detail
      .locator('main [data-side="right"] dt > span:first-child')
      .evaluateAll((labels) => [
        ...new Set(labels.map((label) => Math.round(label.getBoundingClientRect().left))),
      ]);
    expect(labelEdges).toHaveLength(1);
    await expect(detail.getByTestId('changed-count').textContent()).resolves.toBe(
      marked.length === 1 ? '1 campo modificato' : `${marked.length} campi modificati`,
    );

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await detail.getByRole('button', { name: `Copia JSON: Versione al ${typed(RANGE.dateTo)}` }).click();
    await detail.getByText('JSON copiato!').first().waitFor();
    const copied = await detail.evaluate(() => navigator.clipboard.readText());
    expect(Object.keys(JSON.parse(copied) as object)).toEqual(expect.arrayContaining(marked));

    await detail.setViewportSize({ width: 820, height: 1180 });
    const field = detail.locator(`main [data-layout="interleaved"] [data-field="${marked[0]}"]`);
    await field.waitFor();
    await expect(
      field.locator('[data-side]').evaluateAll((values) => values.map((v) => v.getAttribute('data-side'))),
    ).resolves.toEqual(['left', 'right']);
    await expect(field.getByTestId('diff-marker').count()).resolves.toBe(1);
    await detail.setViewportSize({ width: 1280, height: 900 });
    await detail.locator('main [data-layout="interleaved"]').first().waitFor({ state: 'detached' });
  }

  async function openDetail(scope: Locator): Promise<Page> {
    const [detail] = await Promise.all([
      context.waitForEvent('page'),
      scope.getByRole('link', { name: /Dettaglio/ }).click(),
    ]);
    await detail.waitForLoadState();
    return detail;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signInAsNewAdmin(page);
    token = await sessionToken(context);
  });
  afterAll(() => browser?.close());

  it('searches contacts, expands one, opens its detail and marks exactly the fields that differ', async () => {
    type ContactRow = {
      id: string;
      creation_date: string;
      accountName: string;
      earlierRevisionAccount: Ref;
      laterRevisionAccount: Ref;
    };
    const { agent, row, differences } = await findChanged<ContactRow>(
      'sf-account',
      (r) => [r.earlierRevisionAccount, r.laterRevisionAccount],
      (r) => r.accountName,
      ['Phone', 'PersonEmail', 'BillingAddress', 'Consent_Newsletter__pc', 'Description', 'Industry', 'Name'],
    );

    await search('/contatti/contatti', agent);
    // On a tablet held upright the table scrolls sideways, but each row's toggle stays in the window.
    await page.setViewportSize({ width: 768, height: 1024 });
    const toggles = page.getByRole('button', { name: /^Mostra le versioni di / });
    await toggles.first().waitFor();
    const rightEdges = await toggles.evaluateAll((buttons) =>
      buttons.map((button) => button.getBoundingClientRect().right),
    );
    expect(Math.max(...rightEdges)).toBeLessThanOrEqual(768);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: `Mostra le versioni di ${row.accountName}` }).click();
    const expansion = page.locator(`[id="versions-${row.id}"]`);
    const inRow = await markers(expansion);
    expect(inRow.shown).toEqual(['CreatedDate', 'LastModifiedDate', 'Name', 'LastName', 'PersonEmail']);
    expect(inRow.marked).toEqual(inRow.shown.filter((f) => differences.includes(f)));

    const detail = await openDetail(expansion);
    expect(new URL(detail.url()).pathname).toBe(`/contatti/${row.id}`);
    await detail.getByRole('heading', { name: 'Dettaglio Contatto', level: 1 }).waitFor({ state: 'visible' });
    const onDetail = await markers(detail.locator('main'));
    expect(onDetail.marked.length).toBeGreaterThan(0);
    expect(onDetail.marked).toEqual(onDetail.shown.filter((f) => differences.includes(f)));
    // A contact created inside the range had no version at the start date: its first one is named by its day.
    const created = romeDay(row.creation_date);
    await expect(detail.getByTestId('left-heading').textContent()).resolves.toBe(
      `Versione al ${typed(created > RANGE.dateFrom ? created : RANGE.dateFrom)}`,
    );
    await expect(detail.getByTestId('right-heading').textContent()).resolves.toBe(
      `Versione al ${typed(RANGE.dateTo)}`,
    );
    await differencesJumpOut(detail, onDetail.marked);

    await detail.getByRole('link', { name: 'Indietro' }).click();
    await expect
      .poll(() => new URL(detail.url()).pathname + new URL(detail.url()).search)
      .toBe('/contatti/contatti?page=1');
    // The new tab kept the search its link carried: the list shows the same results.
    await detail.getByRole('button', { name: `Mostra le versioni di ${row.accountName}` }).waitFor();
    await detail.close();
  });

  it('searches cases, expands one, opens its detail and marks exactly the fields that differ', async () => {
    type CaseRow = { id: string; caseNumber: string; earlierRevisionCase: Ref; laterRevisionCase: Ref };
    const { agent, row, differences } = await findChanged<CaseRow>(
      'sf-case',
      (r) => [r.earlierRevisionCase, r.laterRevisionCase],
      (r) => r.caseNumber,
      ['Status', 'Priority', 'Internal_comments__c', 'Description', 'Classify__c', 'Total_Value__c'],
    );

    await search('/casi/casi', agent);
    await page.getByRole('button', { name: `Mostra le versioni di ${row.caseNumber}` }).click();
    const expansion = page.locator(`[id="versions-${row.id}"]`);
    const inRow = await markers(expansion);
    expect(inRow.shown.slice(0, 3)).toEqual(['Reason', 'SKU__c', 'Agent__c']);
    expect(inRow.marked).toEqual(
      inRow.shown.filter(
        (f) => differences.includes(f) || (f === 'SKU__c' && differences.includes('SKU_Webform__c')),
      ),
    );

    const detail = await openDetail(expansion);
    expect(new URL(detail.url()).pathname).toBe(`/casi/${row.id}`);
    await detail.getByRole('heading', { name: 'Dettaglio Caso', level: 1 }).waitFor({ state: 'visible' });
    const onDetail = await markers(detail.locator('main'));
    expect(onDetail.marked.length).toBeGreaterThan(0);
    expect(onDetail.marked).toEqual(onDetail.shown.filter((f) => differences.includes(f)));
    for (const section of [
      'Case information',
      'Address information',
      'Additional Information',
      'Customer Service Information',
      'Note interne',
    ])
      await expect(detail.getByRole('button', { name: section }).isVisible()).resolves.toBe(true);
    await detail.close();
  });

  it('keeps the comparison side by side from 1024 px, stacks it below and interleaves it on a portrait tablet', async () => {
    const detail = await context.newPage();
    const { row } = await findChanged<{
      id: string;
      accountName: string;
      earlierRevisionAccount: Ref;
      laterRevisionAccount: Ref;
    }>(
      'sf-account',
      (r) => [r.earlierRevisionAccount, r.laterRevisionAccount],
      (r) => r.accountName,
      ['Phone'],
    );
    await detail.goto(`/contatti/${row.id}?dateFrom=${RANGE.dateFrom}&dateTo=${RANGE.dateTo}`);
    await detail.getByTestId('comparison').waitFor();
    const columns = () =>
      detail
        .locator('[data-section="Details"] dl')
        .evaluateAll((lists) => lists.map((l) => l.getBoundingClientRect().left));
    await detail.setViewportSize({ width: 1024, height: 900 });
    const [leftAt, rightAt] = await columns();
    expect(rightAt!).toBeGreaterThan(leftAt!);
    await detail.setViewportSize({ width: 900, height: 600 });
    const [stackedLeft, stackedRight] = await columns();
    expect(stackedRight).toBe(stackedLeft);
    // A tablet held upright: one list, each field's old value above its new one.
    await detail.setViewportSize({ width: 768, height: 1024 });
    await detail.locator('[data-section="Details"] [data-layout="interleaved"]').waitFor();
    await expect(columns()).resolves.toHaveLength(1);
    const phone = detail.locator('[data-section="Details"] [data-field="Phone"] [data-side]');
    const [oldAt, newAt] = await phone.evaluateAll((values) =>
      values.map((v) => v.getBoundingClientRect().top),
    );
    expect(newAt!).toBeGreaterThan(oldAt!);
    await detail.close();
  });
});
