import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chooseInMenu } from './support/menu';
import { launchBrowser } from './support/browser';
import { formatDay } from '../../contract/rome-time';
import { sandboxConnector } from '../support/sandbox-connector';
import {
  contactDetailPath,
  contactToRestore,
  crmAccount,
  RANGE,
  reportBody,
  type Page0,
} from './support/restore-targets';
import { apiClient, sessionToken, signInTypingCode } from './support/session';
import { adminApiToken, call, createUser, type Envelope } from './support/users';

const baseUrl = inject('baseUrl');
/** The demo's sandbox CRM over its REST API, as a colleague changing records there. */
const sandboxCrm = () => sandboxConnector(inject('sandboxUrl'));
/** A tablet in landscape, the narrowest width every screen must work at in landscape. */
const viewport = { width: 1024, height: 768 };

type RestoreRequest = { id: number; accountId: string; status: { status: string }; differences: string };

describe('the restore workflow in the browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const newPage = async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => crashes.push(error.message));
    return page;
  };
  const crashes: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('USER_RANA reports a contact restore from its detail, a reviewer approves it, the CRM holds the old values', async () => {
    const token = adminApiToken();
    const rana = await createUser(token, 'USER_RANA');
    const reviewer = await createUser(token, 'USER_STORICO');
    const { agent, row, fields, target } = await contactToRestore(token);
    const before = await crmAccount(row.id);
    expect(fields.some((field) => JSON.stringify(before[field]) !== JSON.stringify(target[field]))).toBe(
      true,
    );

    // USER_RANA opens the contact's detail with the search in its link and reports the first version.
    const ranaPage = await newPage();
    await signInTypingCode(ranaPage, rana);
    await ranaPage.goto(contactDetailPath(row.id, agent.id));
    await ranaPage.getByRole('heading', { name: 'Dettaglio Contatto' }).waitFor();
    const report = ranaPage.getByRole('button', { name: 'Segnala ripristino' });
    await expect.poll(() => report.isEnabled(), { timeout: 20_000 }).toBe(true);
    await report.click();
    const dialog = ranaPage.getByRole('dialog', {
      name: 'Per procedere al ripristino inserire il codice OTP',
    });
    // Tab from the code reaches the dialog's buttons, and Shift+Tab comes back to it.
    const code = dialog.getByLabel('Codice OTP');
    await expect.poll(() => code.evaluate((input) => input === document.activeElement)).toBe(true);
    await ranaPage.keyboard.press('Tab');
    await expect.poll(() => ranaPage.evaluate(() => document.activeElement?.textContent)).toBe('Annulla');
    await ranaPage.keyboard.press('Shift+Tab');
    await expect.poll(() => code.evaluate((input) => input === document.activeElement)).toBe(true);
    // The detail screens take the code in the same six boxes as everywhere: the sixth digit submits it.
    await code.fill(await rana.codes.nextCode());
    await ranaPage.getByText('Richiesta di ripristino inviata con successo').waitFor();

    const pending = await call<Envelope<Page0<RestoreRequest>>>(
      '/restore-account-request/?status=PENDING&page=0&size=100',
      { token },
    );
    const request = pending.body.data.query.content.find((r) => r.accountId === row.id);
    expect(request).toBeDefined();
    // Nothing is written before the review.
    expect(await crmAccount(row.id)).toMatchObject(
      Object.fromEntries(fields.map((field) => [field, before[field]])),
    );

    // A USER_STORICO reviewer finds it among the pending contact restores, reads it and approves it.
    const reviewerPage = await newPage();
    await signInTypingCode(reviewerPage, reviewer);
    await chooseInMenu(reviewerPage, 'Gestione ripristini contatti');
    await reviewerPage.getByRole('tab', { name: 'In corso di approvazione', selected: true }).waitFor();
    await reviewerPage.getByRole('button', { name: `Dettaglio della richiesta ${request!.id}` }).click();
    const detail = reviewerPage.getByRole('dialog', { name: `Richiesta di ripristino n. ${request!.id}` });
    await detail.getByText('non ancora approvata').waitFor();
    await detail.getByRole('button', { name: `Approva la richiesta ${request!.id}` }).click();
    const review = reviewerPage.getByRole('dialog', { name: `Approva la richiesta n. ${request!.id}` });
    // Six boxes: the sixth digit sends the code.
    await review.getByLabel('Codice OTP').pressSequentially(await reviewer.codes.nextCode());
    await reviewerPage.getByText('Richiesta approvata con successo').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => reviewerPage.getByRole('button', { name: `Approva la richiesta ${request!.id}` }).count())
      .toBe(0);

    // It is now among the approved ones, with its reviewer.
    await reviewerPage.getByRole('tab', { name: 'Storico - Approvati' }).click();
    const approvedRow = reviewerPage
      .getByRole('row')
      .filter({ hasText: String(request!.id) })
      .first();
    await approvedRow.getByText(reviewer.username).waitFor();

    // The CRM holds the first version's values again.
    const after = await crmAccount(row.id);
    for (const field of fields) expect(after[field] ?? null, field).toEqual(target[field] ?? null);
    expect(crashes).toEqual([]);
  });

  it('shows an administrator no Approva for a request by a user they created, and says why', async () => {
    // Four eyes means two people: the administrator who created and enrolled the requester may not approve.
    const admin = await createUser(adminApiToken(), 'ADMIN');
    const page = await newPage();
    await signInTypingCode(page, admin);
    const rana = await createUser(await sessionToken(page.context()), 'USER_RANA');
    const signedIn = await call<Envelope<never> & { data: { token: string } }>(
      `/auth/login?code=${await rana.codes.nextCode()}`,
      { method: 'POST', body: JSON.stringify({ username: rana.username, password: rana.password }) },
    );
    expect(signedIn.status).toBe(200);
    const { agent, row } = await contactToRestore(adminApiToken());
    const reported = await call<Envelope<RestoreRequest[]>>(
      `/restore-account-request/?code=${await rana.codes.nextCode()}`,
      {
        method: 'POST',
        token: signedIn.body.data.token,
        body: JSON.stringify({
          ...RANGE,
          restoreTypeId: 1,
          userCreatorId: rana.id,
          userReviewerId: 0,
          salesforceUserId: agent.id,
          revisionIdList: [row.earlierRevisionAccount.id],
        }),
      },
    );
    expect(reported.status, JSON.stringify(reported.body)).toBe(201);
    const [request] = reported.body.data.query;

    await chooseInMenu(page, 'Gestione ripristini contatti');
    await page.getByRole('button', { name: `Dettaglio della richiesta ${request!.id}` }).click();
    const detail = page.getByRole('dialog', { name: `Richiesta di ripristino n. ${request!.id}` });
    await detail
      .getByText(
        `Non puoi approvare questa richiesta: il ${formatDay(new Date().toISOString())} hai inviato il codice QR (o reimpostato l'autenticatore) a ${rana.username}, che l'ha fatta. Deve approvarla un altro revisore; puoi rifiutarla.`,
      )
      .waitFor();
    expect(await detail.getByRole('button', { name: `Approva la richiesta ${request!.id}` }).count()).toBe(0);
    expect(
      await detail.getByRole('button', { name: `Rifiuta la richiesta ${request!.id}` }).isEnabled(),
    ).toBe(true);
  });

  it('refuses an approval once the contact changed in the CRM since, naming who and when, and shows the newer change', async () => {
    const token = adminApiToken();
    const rana = await createUser(token, 'USER_RANA');
    const reviewer = await createUser(token, 'USER_STORICO');
    const { agent, row, fields } = await contactToRestore(token);
    const ranaPage = await newPage();
    await signInTypingCode(ranaPage, rana);
    const ranaApi = apiClient(baseUrl, await sessionToken(ranaPage.context()));
    const [request] = await ranaApi<RestoreRequest[]>(
      `/restore-account-request/?code=${await rana.codes.nextCode()}`,
      {
        method: 'POST',
        body: reportBody(rana.id, agent.id, row.earlierRevisionAccount.id),
      },
    );

    const reviewerPage = await newPage();
    await signInTypingCode(reviewerPage, reviewer);
    await reviewerPage.goto('/gestione_ripristini_contatti/gestioneRipristiniContatti');
    const detailButton = reviewerPage.getByRole('button', {
      name: `Dettaglio della richiesta ${request!.id}`,
    });
    await detailButton.click();
    const detail = reviewerPage.getByRole('dialog', { name: `Richiesta di ripristino n. ${request!.id}` });
    const rows = detail.getByRole('table').getByRole('row');
    await rows.first().waitFor();
    const rowsBefore = await rows.count();

    // A colleague changes a field the request did not touch, in the CRM, after the request was compared.
    const changed = ['PersonMobilePhone', 'PersonHomePhone', 'Fax'].find((field) => !fields.includes(field))!;
    await sandboxCrm().updateRecord('Account', row.id, { [changed]: '+39 333 9876543' });

    await detail.getByRole('button', { name: `Approva la richiesta ${request!.id}` }).click();
    const review = reviewerPage.getByRole('dialog', { name: `Approva la richiesta n. ${request!.id}` });
    await review.getByLabel('Codice OTP').pressSequentially(await reviewer.codes.nextCode());
    await reviewerPage
      .getByText(
        /^Il record è stato modificato nel CRM da .+ il .+: controlla il confronto con la versione più recente prima di approvare\.$/,
      )
      .waitFor({ timeout: 30_000 });
    expect(await crmAccount(row.id)).toMatchObject({ [changed]: '+39 333 9876543' });

    // Still pending, and its detail now compares with the colleague's version: the changed field is among those
    // the restore would write back.
    await detailButton.click();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(rowsBefore + 1);
    expect(crashes).toEqual([]);
  });

  it('disables the restore buttons offline, and they work again once back online', async () => {
    const token = adminApiToken();
    const rana = await createUser(token, 'USER_RANA');
    const { agent, row } = await contactToRestore(token);
    const page = await newPage();
    await signInTypingCode(page, rana);
    await page.goto(contactDetailPath(row.id, agent.id));
    const report = page.getByRole('button', { name: 'Segnala ripristino' });
    const force = page.getByRole('button', { name: 'Forza ripristino' });
    await expect.poll(() => report.isEnabled(), { timeout: 20_000 }).toBe(true);

    await page.context().setOffline(true);
    await expect.poll(() => report.isEnabled()).toBe(false);
    expect(await force.isEnabled()).toBe(false);
    await page.getByText('Disponibile solo online').first().waitFor();

    await page.context().setOffline(false);
    await expect.poll(() => report.isEnabled()).toBe(true);
    await report.click();
    const dialog = page.getByRole('dialog', { name: 'Per procedere al ripristino inserire il codice OTP' });
    // The detail screens take the code in the same six boxes as everywhere: the sixth digit submits it.
    await dialog.getByLabel('Codice OTP').fill(await rana.codes.nextCode());
    await page.getByText('Richiesta di ripristino inviata con successo').waitFor();
    expect(crashes).toEqual([]);
  });
});
