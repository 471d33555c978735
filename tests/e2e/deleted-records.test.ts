import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sandboxConnector } from '../support/sandbox-connector';
import { launchBrowser } from './support/browser';
import { adminApiToken, call, createUser, type Envelope } from './support/users';
import { signInTypingCode } from './support/session';

const baseUrl = inject('baseUrl');
const sandboxUrl = inject('sandboxUrl');
/** The whole demo history up to today: the demo's sandbox deletes a few records when it first starts. */
const RANGE = {
  dateFrom: '2024-01-01',
  dateTo: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date()),
};
const typed = (day: string) => day.split('-').reverse().join('/');

const crm = sandboxConnector(sandboxUrl);

type Agent = { id: string; username: string };
type ContactRow = {
  id: string;
  accountName: string | null;
  deletedAt: string | null;
  mergedInto: string | null;
};
type Page0<T> = { content: T[] };
type RestoreRequest = {
  id: number;
  accountId: string;
  status: { status: string };
  outcome: 'undeleted' | 'recreated' | null;
  newRecordId: string | null;
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('a contact deleted in the CRM', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const crashes: string[] = [];
  const newPage = async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => crashes.push(error.message));
    return page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  /** An agent with a contact of the demo deleted (not merged) in the CRM, with a name unique in that list. */
  async function deletedContact(token: string): Promise<{ agent: Agent; row: ContactRow }> {
    const range = `dateFrom=${RANGE.dateFrom}&dateTo=${RANGE.dateTo}`;
    const agents = await call<Envelope<Agent[]>>('/sf-user/?isPaged=false', { token });
    for (const agent of agents.body.data.query) {
      const rows = await call<Envelope<Page0<ContactRow>>>(
        `/sf-user/${agent.id}/sf-account?page=0&size=10&deleted=true&${range}`,
        { token },
      );
      expect(rows.status).toBe(200);
      const names = rows.body.data.query.content.map((r) => r.accountName);
      const row = rows.body.data.query.content.find(
        (r) =>
          r.deletedAt &&
          !r.mergedInto &&
          r.accountName &&
          names.filter((n) => n === r.accountName).length === 1,
      );
      if (row) return { agent, row };
    }
    throw new Error('the demo data has no deleted contact');
  }

  it("is found with 'Solo eliminati', reported by USER_RANA, approved by a reviewer, and lives in the CRM again", async () => {
    const token = adminApiToken();
    const rana = await createUser(token, 'USER_RANA');
    const reviewer = await createUser(token, 'USER_STORICO');
    const { agent, row } = await deletedContact(token);

    const page = await newPage();
    await signInTypingCode(page, rana);
    await page.getByRole('combobox', { name: 'Agente' }).click();
    await page.getByPlaceholder('Cerca un agente').fill(agent.username);
    await page.getByRole('option', { name: new RegExp(escape(agent.username)) }).click();
    await page.getByLabel('Da', { exact: true }).fill(typed(RANGE.dateFrom));
    await page.getByLabel('A', { exact: true }).fill(typed(RANGE.dateTo));
    await page.getByLabel('Solo eliminati').check();
    await page.getByRole('button', { name: 'Cerca', exact: true }).click();

    const line = page.getByRole('row').filter({ hasText: row.accountName! });
    await line.getByText(/Eliminato nel CRM il \d{2}\/\d{2}\/\d{4}/).waitFor();
    await line.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Segnala ripristino' }).click();
    const dialog = page.getByRole('dialog', { name: 'Per procedere al ripristino inserire il codice OTP' });
    await dialog.getByLabel('Codice OTP').pressSequentially(await rana.codes.nextCode());
    // Six boxes: the sixth digit sends the code.
    await page.getByText('Richiesta di ripristino inviata con successo').waitFor();

    const pending = await call<Envelope<Page0<RestoreRequest>>>(
      '/restore-account-request/?status=PENDING&page=0&size=100',
      { token },
    );
    const request = pending.body.data.query.content.find((r) => r.accountId === row.id);
    expect(request, 'the pending request').toBeDefined();

    const reviewerPage = await newPage();
    await signInTypingCode(reviewerPage, reviewer);
    await reviewerPage.getByRole('link', { name: 'Gestione ripristini contatti' }).click();
    await reviewerPage.getByRole('button', { name: `Approva la richiesta ${request!.id}` }).click();
    const review = reviewerPage.getByRole('dialog', { name: `Approva la richiesta n. ${request!.id}` });
    await review.getByLabel('Codice OTP').pressSequentially(await reviewer.codes.nextCode());
    await reviewerPage.getByText('Richiesta approvata con successo').waitFor({ timeout: 30_000 });

    const approved = await call<Envelope<Page0<RestoreRequest>>>(
      '/restore-account-request/?status=APPROVED&page=0&size=100',
      { token },
    );
    const done = approved.body.data.query.content.find((r) => r.id === request!.id);
    expect(done?.outcome).toMatch(/^(undeleted|recreated)$/);
    const liveId = done!.outcome === 'recreated' ? done!.newRecordId! : row.id;
    // The CRM answers the record by its id again (a deleted one answers 404 ENTITY_IS_DELETED).
    const live = await crm.readRecord('Account', liveId);
    expect(live.IsDeleted ?? false).toBe(false);
    // The approved list says how it came back.
    await reviewerPage.getByRole('tab', { name: 'Storico - Approvati' }).click();
    await reviewerPage
      .getByRole('row')
      .filter({ hasText: String(request!.id) })
      .getByText(done!.outcome === 'recreated' ? /Ripristinato con nuovo ID/ : /Ripristinato dal cestino/)
      .first()
      .waitFor();
    expect(crashes).toEqual([]);
  });
});
