import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sandboxConnector } from '../support/sandbox-connector';
import { chooseInMenu } from './support/menu';
import { accessibilityProblems } from './support/axe';
import { launchBrowser } from './support/browser';
import { E2E_BURST_SIZE } from './support/e2e-env';
import { signInTypingCode } from './support/session';
import { call, createUser, type Envelope } from './support/users';

/** A tablet in landscape, the narrowest width every screen must work at in landscape. */
const viewport = { width: 1024, height: 768 };

type Alert = { id: number; sfUserID: string; changed: number };
type Rollback = { id: number; total: number; done: number; restored: number; run: string; status: string };

/**
 * On the end-to-end server, whose sandbox CRM starts with one demo agent editing E2E_BURST_SIZE contacts at once
 * (tests/e2e/support/global-setup.ts): the first sync stores them and the mass-change watch raises an alert.
 * USER_RANA prepares the rollback from the alert and finds it pending in 'Le mie richieste di rollback', a reviewer
 * approves it with a code, and 'Gestione rollback' shows the progress to the end.
 */
describe('an agent rollback in the browser', () => {
  const baseUrl = inject('baseUrl');
  const agent = inject('burstAgent');
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const crashes: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  const newPage = async (): Promise<Page> => {
    // Reduced motion: axe judges colours as they settle, not a toast half faded in.
    const context = await browser.newContext({ baseURL: baseUrl, viewport, reducedMotion: 'reduce' });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => crashes.push(error.message));
    return page;
  };

  it('prepares a rollback from the alert, its requester follows it, a reviewer approves it with a code, and it runs to the end', async () => {
    const token = inject('adminToken');
    const rana = await createUser(token, 'USER_RANA', baseUrl);
    const reviewer = await createUser(token, 'USER_STORICO', baseUrl);

    // The watch runs after the first sync: the alert is there at once or a moment later.
    let alert: Alert | undefined;
    await expect
      .poll(
        async () => {
          const open = await call<Envelope<{ content: Alert[] }>>('/alert/?status=open', { token, baseUrl });
          alert = open.body.data.query.content.find((a) => a.sfUserID === agent.id);
          return alert !== undefined;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);

    // USER_RANA opens 'Avvisi' and prepares the rollback of the alert's window.
    const ranaPage = await newPage();
    await signInTypingCode(ranaPage, rana);
    await ranaPage.goto('/avvisi');
    const agentName = agent.name;
    const prepare = ranaPage.getByRole('link', {
      name: `Prepara rollback delle modifiche di ${agentName}`,
    });
    await prepare.waitFor();
    const problems = await accessibilityProblems(ranaPage, 'Avvisi');
    await prepare.click();
    await ranaPage.getByRole('heading', { name: 'Prepara rollback' }).waitFor();
    const records = ranaPage.getByTestId('rollback-records');
    await records.waitFor({ timeout: 20_000 });
    const count = Number(/\d+/.exec((await records.textContent()) ?? '')?.[0]);
    expect(count).toBeGreaterThan(50);
    expect(count).toBeLessThanOrEqual(E2E_BURST_SIZE);
    await ranaPage.getByRole('heading', { name: 'Record da ripristinare per campo' }).waitFor();
    await ranaPage.getByRole('table', { name: 'Esempio di valori' }).waitFor();
    await ranaPage
      .getByText("Nessun record è stato modificato da altri utenti, nell'intervallo o dopo.")
      .waitFor();
    // Storico held each contact as it was before the burst: none of them looks created in the window.
    expect(await ranaPage.getByText(/creat[oi] nell'intervallo/).count()).toBe(0);
    problems.push(...(await accessibilityProblems(ranaPage, 'Prepara rollback')));

    await ranaPage.getByRole('button', { name: 'Crea richiesta' }).click();
    const createDialog = ranaPage.getByRole('dialog', {
      name: 'Per creare la richiesta di rollback inserire il codice OTP',
    });
    await createDialog.getByLabel('Codice OTP').fill(await rana.codes.nextCode());
    const created = ranaPage.getByRole('status').filter({ hasText: /Richiesta di rollback n\. \d+ inviata/ });
    await created.waitFor();
    const id = Number(/n\. (\d+)/.exec((await created.textContent()) ?? '')?.[1]);

    // She follows it in 'Le mie richieste di rollback', from her menu: pending, with its progress, not hers to decide.
    await chooseInMenu(ranaPage, 'Le mie richieste di rollback');
    await ranaPage.getByRole('heading', { name: 'Le mie richieste di rollback' }).waitFor();
    const ownTable = ranaPage.getByRole('table', { name: 'In corso di approvazione' });
    const ownRow = ownTable.getByTestId(`rollback-${id}`);
    await expect.poll(() => ownRow.getByTestId('rollback-progress').textContent()).toBe(`0 / ${count}`);
    expect(await ownRow.getByRole('button', { name: `Approva il rollback ${id}` }).count()).toBe(0);
    problems.push(...(await accessibilityProblems(ranaPage, 'Le mie richieste di rollback')));

    // The reviewer finds it under 'Gestione rollback', pending, and approves it with a code.
    const reviewerPage = await newPage();
    await signInTypingCode(reviewerPage, reviewer);
    await chooseInMenu(reviewerPage, 'Gestione rollback');
    await reviewerPage.getByRole('heading', { name: 'Gestione rollback' }).waitFor();
    const pendingRow = reviewerPage.getByTestId(`rollback-${id}`);
    await expect.poll(() => pendingRow.getByTestId('rollback-progress').textContent()).toBe(`0 / ${count}`);
    problems.push(...(await accessibilityProblems(reviewerPage, 'Gestione rollback')));
    // On a tablet held upright the row's actions stay in view, pinned to the right edge of the scrolling table.
    await reviewerPage.setViewportSize({ width: 820, height: 1180 });
    const approveBox = await pendingRow
      .getByRole('button', { name: `Approva il rollback ${id}` })
      .boundingBox();
    expect(approveBox!.x + approveBox!.width).toBeLessThanOrEqual(820);
    await reviewerPage.setViewportSize(viewport);
    await pendingRow.getByRole('button', { name: `Approva il rollback ${id}` }).click();
    const approveDialog = reviewerPage.getByRole('dialog', { name: `Approva il rollback n. ${id}` });
    await approveDialog.getByLabel('Codice OTP').fill(await reviewer.codes.nextCode());
    await reviewerPage.getByText('Rollback approvato: viene applicato a lotti').waitFor();

    // Under 'Storico - Approvati' the progress column follows the batches to the end.
    await reviewerPage.getByRole('tab', { name: 'Storico - Approvati' }).click();
    const row = reviewerPage.getByTestId(`rollback-${id}`);
    await expect
      .poll(() => row.getByTestId('rollback-progress').textContent(), { timeout: 60_000, interval: 500 })
      .toBe(`${count} / ${count}`);
    await row.getByText('Completato').waitFor({ timeout: 10_000 });

    // The detail lists each record's outcome.
    await row.getByRole('button', { name: `Dettaglio del rollback ${id}` }).click();
    const detail = reviewerPage.getByRole('dialog', { name: `Rollback n. ${id}` });
    await expect
      .poll(() => detail.getByTestId('rollback-detail-progress').textContent())
      .toContain(`${count} / ${count}`);
    await detail.getByRole('cell', { name: 'Ripristinato' }).first().waitFor();
    problems.push(...(await accessibilityProblems(reviewerPage, 'Dettaglio rollback')));
    expect(problems).toEqual([]);

    const answer = await call<Envelope<Rollback>>(`/rollback-request/${id}`, { token, baseUrl });
    expect(answer.body.data.query).toMatchObject({
      status: 'APPROVED',
      run: 'finished',
      total: count,
      done: count,
    });

    // The CRM holds the contacts as they were before the burst: none is by the agent any more.
    const crm = sandboxConnector(inject('sandboxUrl'));
    const outcomes = await call<
      Envelope<{ outcomes: { content: Array<{ recordId: string; outcome: string }> } }>
    >(`/rollback-request/${id}?outcome=restored&size=5`, { token, baseUrl });
    for (const { recordId } of outcomes.body.data.query.outcomes.content) {
      const record = await crm.readRecord('Account', recordId);
      expect(record.LastModifiedById).not.toBe(agent.id);
    }
    expect(crashes).toEqual([]);
  }, 300_000);
});
