import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sandboxConnector } from '../support/sandbox-connector';
import { launchBrowser } from './support/browser';
import { contactDetailPath } from './support/restore-targets';
import { signInTypingCode } from './support/session';
import { adminApiToken, call, createUser, type Envelope } from './support/users';

const baseUrl = inject('baseUrl');
const crm = sandboxConnector(inject('sandboxUrl'));
/** The whole demo history up to today: the demo's sandbox makes a contact a business account when it first starts. */
const RANGE = {
  dateFrom: '2024-01-01',
  dateTo: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date()),
};

type Agent = { id: string };
type ContactRow = { id: string; convertedAt: string | null };

describe('a contact made a business account in the CRM', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  /** The agent and the contact of the demo that the CRM made a business account. */
  async function convertedContact(token: string): Promise<{ agent: Agent; row: ContactRow }> {
    const agents = await call<Envelope<Agent[]>>('/sf-user/?isPaged=false', { token });
    for (const agent of agents.body.data.query) {
      for (let page = 0; ; page++) {
        const rows = await call<Envelope<{ content: ContactRow[]; totalPages: number }>>(
          `/sf-user/${agent.id}/sf-account?page=${page}&size=100&dateFrom=${RANGE.dateFrom}&dateTo=${RANGE.dateTo}`,
          { token },
        );
        expect(rows.status).toBe(200);
        const row = rows.body.data.query.content.find((r) => r.convertedAt);
        if (row) return { agent, row };
        if (page + 1 >= rows.body.data.query.totalPages) break;
      }
    }
    throw new Error('the demo data has no contact made a business account');
  }

  it('is marked on its detail screen, cannot be forced, and a reported restore is refused on approval in Italian', async () => {
    const token = adminApiToken();
    const rana = await createUser(token, 'USER_RANA');
    const reviewer = await createUser(token, 'USER_STORICO');
    const { agent, row } = await convertedContact(token);

    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    await signInTypingCode(page, rana);
    await page.goto(contactDetailPath(row.id, agent.id, RANGE));
    await page
      .getByTestId('record-life-banner')
      .getByText(/^Convertito in account aziendale il \d{2}\/\d{2}\/\d{4}$/)
      .waitFor();

    // A forced restore would be refused by the CRM: the button says why instead of asking for a code.
    const report = page.getByRole('button', { name: 'Segnala ripristino' });
    await expect.poll(() => report.isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByRole('button', { name: 'Forza ripristino' }).isDisabled()).toBe(true);
    await page
      .getByText(
        'Il contatto è diventato un account aziendale nel CRM: non può essere ripristinato ora, ma puoi segnalare il ripristino',
      )
      .waitFor();

    // A report is kept for review…
    await report.click();
    const dialog = page.getByRole('dialog', { name: 'Per procedere al ripristino inserire il codice OTP' });
    await dialog.getByLabel('Codice OTP').pressSequentially(await rana.codes.nextCode());
    await page.getByText('Richiesta di ripristino inviata con successo').waitFor();
    const pending = await call<Envelope<{ content: Array<{ id: number; accountId: string }> }>>(
      '/restore-account-request/?status=PENDING&page=0&size=100',
      { token },
    );
    const request = pending.body.data.query.content.find((r) => r.accountId === row.id);
    expect(request).toBeDefined();

    // …and its approval, while the CRM still holds a business account, is refused with the reason.
    const reviewerPage = await browser.newPage({ baseURL: baseUrl });
    reviewerPage.on('pageerror', (error) => crashes.push(error.message));
    await signInTypingCode(reviewerPage, reviewer);
    await reviewerPage.getByRole('link', { name: 'Gestione ripristini contatti' }).click();
    await reviewerPage.getByRole('tab', { name: 'In corso di approvazione', selected: true }).waitFor();
    await reviewerPage.getByRole('button', { name: `Dettaglio della richiesta ${request!.id}` }).click();
    const detail = reviewerPage.getByRole('dialog', { name: `Richiesta di ripristino n. ${request!.id}` });
    await detail.getByRole('button', { name: `Approva la richiesta ${request!.id}` }).click();
    const review = reviewerPage.getByRole('dialog', { name: `Approva la richiesta n. ${request!.id}` });
    await review.getByLabel('Codice OTP').pressSequentially(await reviewer.codes.nextCode());
    await reviewerPage
      .getByText(
        'Il contatto è diventato un account aziendale nel CRM: non può essere ripristinato finché non torna un contatto',
      )
      .first()
      .waitFor({ timeout: 30_000 });

    // Still a business account in the CRM, and the request still waits for a review.
    expect(await crm.personContactId(row.id)).toBeNull();
    const still = await call<Envelope<{ content: Array<{ id: number }> }>>(
      '/restore-account-request/?status=PENDING&page=0&size=100',
      { token },
    );
    expect(still.body.data.query.content.map((r) => r.id)).toContain(request!.id);
    expect(crashes).toEqual([]);
    await reviewerPage.close();
    await context.close();
  });
});
