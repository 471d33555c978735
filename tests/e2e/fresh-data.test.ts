import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import type { authenticator } from './support/one-time-codes';
import { apiClient, signInTypingCode } from './support/session';
import { claimContact, reportBody } from './support/restore-targets';
import { adminApiToken, createUser } from './support/users';

const baseUrl = inject('baseUrl');
/** A range of the demo data in which records changed. */
const RANGE = { dateFrom: '2025-01-01', dateTo: '2025-06-30' };
const typed = (day: string) => day.split('-').reverse().join('/');

type Authenticator = ReturnType<typeof authenticator>;
type Agent = { id: string; username: string };
type ContactRow = { id: string; earlierRevisionAccount: { id: number } };

async function signInApi(user: { username: string; password: string }, codes: Authenticator) {
  const response = await fetch(`${baseUrl}/api/v3/auth/login?code=${await codes.nextCode()}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  expect(response.status, `sign-in of ${user.username}`).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

describe('data that is never silently stale', () => {
  let browser: Browser;
  let admin: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = apiClient(baseUrl, adminApiToken());
  });
  afterAll(() => browser?.close());

  async function newPage() {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    return context.newPage();
  }

  it("asks the server on every 'Cerca', even with the same parameters, and on 'Aggiorna'", async () => {
    const user = await createUser(adminApiToken(), 'USER_STORICO');
    const [agent] = (await admin<Agent[]>('/sf-user/?isPaged=false')).filter(Boolean);
    const page = await newPage();
    await signInTypingCode(page, user);
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/sf-account')) searches.push(request.url());
    });

    await page.getByRole('combobox', { name: 'Agente' }).click();
    await page.getByPlaceholder('Cerca un agente').fill(agent!.username);
    await page
      .getByRole('option', { name: new RegExp(agent!.username.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .click();
    await page.getByLabel('Da', { exact: true }).fill(typed(RANGE.dateFrom));
    await page.getByLabel('A', { exact: true }).fill(typed(RANGE.dateTo));
    const cerca = page.getByRole('button', { name: 'Cerca', exact: true });
    await cerca.click();
    await expect.poll(() => searches.length).toBe(1);
    await page.getByTestId('read-at').waitFor();

    await cerca.click();
    await expect.poll(() => searches.length).toBe(2);
    expect(searches[1]).toBe(searches[0]);

    await page.getByTestId('data-freshness').getByRole('button', { name: 'Aggiorna' }).click();
    await expect.poll(() => searches.length).toBe(3);
    await page.context().close();
  });

  it('asks the server for a detail screen on every visit, not only the first', async () => {
    const user = await createUser(adminApiToken(), 'USER_STORICO');
    const [agent] = await admin<Agent[]>('/sf-user/?isPaged=false');
    const rows = await admin<{ content: ContactRow[] }>(
      `/sf-user/${agent!.id}/sf-account?page=0&size=10&dateFrom=${RANGE.dateFrom}&dateTo=${RANGE.dateTo}`,
    );
    const contactId = rows.content[0]!.id;
    const page = await newPage();
    await signInTypingCode(page, user);
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/revision-account/${contactId}/account`)) reads.push(request.url());
    });

    await page.goto(`/contatti/${contactId}?dateFrom=${RANGE.dateFrom}&dateTo=${RANGE.dateTo}`);
    await page.getByRole('heading', { name: 'Dettaglio Contatto', level: 1 }).waitFor();
    await expect.poll(() => reads.length).toBe(1);

    // Away and back inside the app: the versions are read again, though they are still in memory.
    await page.getByRole('link', { name: 'Impostazioni' }).click();
    await page.getByRole('heading', { level: 1, name: 'Impostazioni' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Dettaglio Contatto', level: 1 }).waitFor();
    await expect.poll(() => reads.length).toBe(2);
    await page.context().close();
  });

  it("shows another user's new request in a reviewer's pending list within 30 s", async () => {
    const reviewer = await createUser(adminApiToken(), 'USER_STORICO');
    const rana = await createUser(adminApiToken(), 'USER_RANA');
    const page = await newPage();
    await signInTypingCode(page, reviewer);
    await page.goto('/gestione_ripristini_contatti/gestioneRipristiniContatti');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByTestId('read-at').waitFor();

    // USER_RANA reports a contact no other browser test restores (claimed, from the end of the last agent's).
    const ranaApi = apiClient(baseUrl, await signInApi(rana, rana.codes));
    const agents = await ranaApi<Agent[]>('/sf-user/?isPaged=false');
    const agent = agents[agents.length - 1]!;
    const rows = await ranaApi<{ content: ContactRow[] }>(
      `/sf-user/${agent.id}/sf-account?page=0&size=10&dateFrom=${RANGE.dateFrom}&dateTo=${RANGE.dateTo}`,
    );
    const row = rows.content.toReversed().find((r) => claimContact(r.id))!;
    await ranaApi(`/restore-account-request/?code=${await rana.codes.nextCode()}`, {
      method: 'POST',
      body: reportBody(rana.id, agent.id, row.earlierRevisionAccount.id),
    });
    const created = Date.now();

    // No reload, no click: the pending tab asks again by itself while it is on screen.
    await page.getByRole('cell', { name: rana.username }).first().waitFor({ timeout: 32_000 });
    expect(Date.now() - created).toBeLessThan(32_000);
    await page.context().close();
  });
});
