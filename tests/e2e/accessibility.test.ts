import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityProblems } from './support/axe';
import { launchBrowser } from './support/browser';
import { signInTypingCode } from './support/session';
import { adminApiToken, call, createAdmin, createUser, type Envelope } from './support/users';

const baseUrl = inject('baseUrl');
/** A range of the demo data in which records changed. */
const RANGE = { dateFrom: '2025-01-01', dateTo: '2025-06-30' };
const typed = (day: string) => day.split('-').reverse().join('/');
const range = `dateFrom=${RANGE.dateFrom}&dateTo=${RANGE.dateTo}`;

/** A restore dialog of one record once its list of fields (or the word that there is none) has loaded. */
const fieldsShown = (dialog: Locator) =>
  dialog.getByText('Caricamento dei campi modificati…').waitFor({ state: 'detached' });

type Agent = { id: string; username: string };
type Row = { id: string };

/**
 * axe-core over every screen and state of the app: each check collects what it finds, and each test
 * expects nothing, so one run lists every problem at once.
 */
describe('accessibility: no axe-core violation of any impact at 1440, 1024 and 768 px, one h1 per page', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let token: string;
  let agent: Agent;
  let contactId: string;
  let caseId: string;

  const newPage = async () => {
    // Reduced motion: axe judges colours as they settle, not a toast half faded in.
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
      reducedMotion: 'reduce',
    });
    contexts.push(context);
    return context.newPage();
  };
  const heading = (page: Page, name: string | RegExp) =>
    page.getByRole('heading', { name, level: 1 }).waitFor({ state: 'visible' });

  beforeAll(async () => {
    browser = await launchBrowser();
    token = adminApiToken();
    const get = async <T>(path: string) => {
      const answer = await call<Envelope<T>>(path, { token });
      expect(answer.status, path).toBe(200);
      return answer.body.data.query;
    };
    // The first agent with both a contact and a case in the range.
    for (const candidate of await get<Agent[]>('/sf-user/?isPaged=false')) {
      const [contact] = (
        await get<{ content: Row[] }>(`/sf-user/${candidate.id}/sf-account?page=0&size=1&${range}`)
      ).content;
      const [found] = (
        await get<{ content: Row[] }>(`/sf-user/${candidate.id}/sf-case?page=0&size=1&${range}`)
      ).content;
      if (contact && found) {
        [agent, contactId, caseId] = [candidate, contact.id, found.id];
        break;
      }
    }
    expect(caseId, 'an agent with contacts and cases in the range').toBeDefined();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('on the authenticator page, both sign-in steps and the screens of a user who requests restores', async () => {
    const problems: string[] = [];
    const check = async (page: Page, state: string) =>
      problems.push(...(await accessibilityProblems(page, state)));
    const rana = await createUser(token, 'USER_RANA');
    const page = await newPage();

    await page.goto(`/2fa/${rana.qrToken}`);
    await page.getByRole('img', { name: /Codice QR/ }).waitFor();
    await check(page, '2fa');

    await page.goto('/forgotPassword');
    await heading(page, 'Password dimenticata');
    await check(page, 'forgotten password');
    await page.goto('/resetPassword');
    await heading(page, 'Reimposta password');
    await check(page, 'password reset, link without token');

    await page.goto('/signIn');
    await heading(page, /Accedi a Storico/);
    await check(page, 'sign-in, credentials');
    await page.getByLabel('Username', { exact: true }).fill(rana.username);
    await page.getByLabel('Password', { exact: true }).fill(rana.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.getByLabel('Codice a 6 cifre', { exact: true }).waitFor();
    await check(page, 'sign-in, code');
    await page.getByLabel('Codice a 6 cifre', { exact: true }).pressSequentially(await rana.codes.nextCode());
    await page.waitForURL((url) => url.pathname === '/contatti/contatti');

    await heading(page, 'Contatti');
    await check(page, 'contacts, no search yet');
    await page.getByRole('combobox', { name: 'Agente' }).click();
    await page.getByPlaceholder('Cerca un agente').waitFor();
    await check(page, 'agent combobox open');
    await page.getByPlaceholder('Cerca un agente').fill(agent.username);
    await page
      .getByRole('option', { name: new RegExp(agent.username.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .click();
    await page.getByRole('button', { name: "Scegli la data 'Da' dal calendario" }).click();
    await page.getByRole('grid').waitFor();
    await check(page, 'calendar open');
    await page.keyboard.press('Escape');
    await page.getByLabel('Da', { exact: true }).fill(typed(RANGE.dateFrom));
    await page.getByLabel('A', { exact: true }).fill(typed(RANGE.dateTo));
    await page.getByRole('button', { name: 'Cerca', exact: true }).click();
    const expand = page.getByRole('button', { name: /^Mostra le versioni di / }).first();
    await expand.waitFor();
    await check(page, 'contacts with results');
    await expand.click();
    await page
      .getByRole('link', { name: /Dettaglio/ })
      .first()
      .waitFor();
    await check(page, 'contacts, a row expanded');
    await page
      .getByRole('checkbox', { name: /^Seleziona (?!tutte)/ })
      .first()
      .check();
    await page.getByRole('button', { name: 'Segnala ripristino' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Per procedere al ripristino inserire il codice OTP' });
    await dialog.getByLabel('Codice OTP').waitFor();
    // One row selected: the dialog lists the fields the restore writes, each with its checkbox.
    await fieldsShown(dialog);
    await check(page, 'restore dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`/contatti/${contactId}?${range}&agent=${agent.id}`);
    await heading(page, 'Dettaglio Contatto');
    await page.getByTestId('right-heading').waitFor();
    await check(page, 'contact detail');
    await page.goto(`/casi/${caseId}?${range}&agent=${agent.id}`);
    await heading(page, 'Dettaglio Caso');
    await page.getByTestId('right-heading').waitFor();
    await check(page, 'case detail');
    await page.getByRole('button', { name: /Cronologia delle revisioni/ }).click();
    await page.getByRole('button', { name: 'Confronta le revisioni scelte' }).waitFor();
    await check(page, 'case detail, timeline open');
    await page.getByRole('button', { name: 'Segnala ripristino' }).first().click();
    await dialog.getByLabel('Codice OTP').waitFor();
    await fieldsShown(dialog);
    await check(page, 'restore dialog on a detail screen');
    // A real request, for the restore lists checked next.
    await dialog.getByLabel('Codice OTP').pressSequentially(await rana.codes.nextCode());
    await page.getByText('Richiesta di ripristino inviata con successo').waitFor();

    await page.goto('/impostazioni');
    await heading(page, 'Impostazioni');
    await check(page, 'settings');
    await page.goto('/disponibili_offline');
    await heading(page, 'Disponibili offline');
    await page.getByRole('table').waitFor();
    await check(page, 'offline list');
    await page.goto('/questa/pagina/non/esiste');
    await heading(page, 'Questa pagina non esiste');
    await check(page, '404');
    expect(problems).toEqual([]);
  });

  it('on the restore lists, a request, user management and its dialogs', async () => {
    const problems: string[] = [];
    const check = async (page: Page, state: string) =>
      problems.push(...(await accessibilityProblems(page, state)));
    const page = await newPage();
    await signInTypingCode(page, await createAdmin());

    await page.goto('/');
    await heading(page, /Benvenuto/);
    await check(page, 'home');

    await page.goto('/gestione_ripristini_casi/gestioneRipristiniCasi');
    await heading(page, 'Gestione ripristini casi');
    const details = page.getByRole('button', { name: /^Dettaglio della richiesta / }).first();
    await details.waitFor();
    await check(page, 'case restores, pending');
    await details.click();
    const request = page.getByRole('dialog', { name: /^Richiesta di ripristino n\. / });
    await request.getByText('non ancora approvata').waitFor();
    await check(page, 'restore request detail');
    await request.getByRole('button', { name: /^Approva la richiesta / }).click();
    await page
      .getByRole('dialog', { name: /^Approva la richiesta n\. / })
      .getByLabel('Codice OTP')
      .waitFor();
    await check(page, 'review dialog');
    await page.keyboard.press('Escape');
    await page.goto('/gestione_ripristini_contatti/gestioneRipristiniContatti');
    await heading(page, 'Gestione ripristini contatti');
    await page.getByRole('tab', { name: 'Storico - Approvati' }).click();
    await page.getByRole('tab', { name: 'Storico - Approvati', selected: true }).waitFor();
    await check(page, 'contact restores, approved');

    await page.goto('/gestione_utenti/gestioneUtenti');
    await heading(page, 'Gestione utenti');
    const rowActions = page.getByRole('button', { name: /^Azioni per / }).last();
    await rowActions.waitFor();
    await check(page, 'user management');
    // A row's actions are the items of its 'Azioni' menu.
    const choose = async (action: string) => {
      await rowActions.click();
      await page.getByRole('menuitem', { name: action, exact: true }).click();
    };
    await rowActions.click();
    await page.getByRole('menu', { name: /^Azioni per / }).waitFor();
    await check(page, "user management, 'Azioni' menu");
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Crea utente', exact: true }).click();
    const create = page.getByRole('dialog', { name: /^Crea utente$/ });
    await create.waitFor();
    await check(page, "user management, 'Crea utente'");
    await page.keyboard.press('Escape');
    await create.waitFor({ state: 'detached' });
    const dialogs: Array<[string, RegExp]> = [
      ['Modifica', /^Modifica utente /],
      ['Cambia password', /^Cambia la password di /],
      ['Invia QR', /^Invia QR a /],
      ['Reimposta autenticatore', /^Reimpostare l'autenticatore di /],
    ];
    for (const [action, title] of dialogs) {
      await choose(action);
      const open = page.getByRole('dialog', { name: title });
      await open.waitFor();
      await check(page, `user management, '${action}'`);
      await page.keyboard.press('Escape');
      await open.waitFor({ state: 'detached' });
    }
    await choose('Elimina');
    const remove = page.getByRole('alertdialog', { name: "Eliminare l'utente?" });
    await remove.waitFor();
    await check(page, "user management, 'Elimina'");
    await page.keyboard.press('Escape');

    await page.goto('/gestione_audit');
    await heading(page, 'Audit');
    // The details of an entry (the users made for these tests) as named values.
    await page.getByRole('table', { name: 'Audit' }).getByRole('term').first().waitFor();
    await check(page, 'audit log');
    expect(problems).toEqual([]);
  });
});
