import { findModal } from '../../support/modal';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaseRestoreRequest, RestoreStatus } from '@contract/restores';
import { ok, pageOf, refusal, startFakeApi, type FakeRequest } from '../../support/fake-api';
import { setOnline } from '../../support/online';

// Whole screens render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const api = await startFakeApi();
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { renderApp, resetApp } = await import('../../support/render-app');

const REVIEWER = { id: 4, username: 'giulia.bianchi', role: 'USER_STORICO' };
const CASES = '/gestione_ripristini_casi/gestioneRipristiniCasi';
const CONTACTS = '/gestione_ripristini_contatti/gestioneRipristiniContatti';

const target = JSON.stringify({
  CaseNumber: '00012345',
  Status: 'Closed',
  Recall__c: true,
  Expiration_Date__c: '2025-03-09',
  Subject: 'Confezione danneggiata',
});

function caseRequest(
  id: number,
  status: RestoreStatus,
  extra: Partial<CaseRestoreRequest> = {},
): CaseRestoreRequest {
  return {
    id,
    createdAt: '2025-05-02T08:15:00.000Z',
    approvedAt: status === 'PENDING' ? null : '2025-05-03T14:40:00.000Z',
    userCreator: { id: 9, username: 'rana.operatore' },
    userReviewer: status === 'PENDING' ? null : { id: 4, username: 'giulia.bianchi' },
    restoreType: { id: 1, type: 'REPORT' },
    status: { id: RESTORE_STATUS_IDS[status], status },
    differences: '[Status, Recall__c, Expiration_Date__c, SystemModstamp]',
    outcome: null,
    newRecordId: null,
    outcomeUnknownSince: null,
    fields: null,
    dateFrom: '2025-01-01T00:00:00.000Z',
    dateTo: '2025-04-30T00:00:00.000Z',
    salesforceUserId: '005000000000001AAA',
    caseId: '500000000000001AAA',
    caseNumber: `0001234${id}`,
    revisionCase: { id: 100 + id, json: target },
    ...extra,
  };
}
const RESTORE_STATUS_IDS = { PENDING: 1, APPROVED: 2, REJECTED: 3 } as const;

let lists: Record<RestoreStatus, CaseRestoreRequest[]>;
let review: (request: FakeRequest) => ReturnType<typeof ok> = () => ok(null, 'Reviewed');

beforeEach(() => {
  api.requests.length = 0;
  lists = { PENDING: [caseRequest(11, 'PENDING'), caseRequest(12, 'PENDING')], APPROVED: [], REJECTED: [] };
  review = () => ok(null, 'Reviewed');
  api.setHandler((request) => {
    const { method, path, query } = request;
    if (method === 'GET' && path === '/restore-case-request/') {
      const status = (query.get('status') ?? 'PENDING') as RestoreStatus;
      return ok(pageOf(lists[status], Number(query.get('page'))));
    }
    if (method === 'GET' && path === '/restore-account-request/') return ok(pageOf([]));
    if (method === 'POST' && /^\/restore-case-request\/\d+\/review\/\d+$/.test(path)) return review(request);
    return { status: 404 };
  });
});
afterEach(() => {
  resetApp();
  setOnline(true);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

const listCalls = (path = '/restore-case-request/') =>
  api.requests.filter((r) => r.method === 'GET' && r.path === path);
const reviews = () => api.requests.filter((r) => r.method === 'POST');

async function open(path = CASES, as = REVIEWER) {
  const view = await renderApp(path, { as });
  return { ...view, user: userEvent.setup() };
}

async function typeCode(user: ReturnType<typeof userEvent.setup>, code = '123456') {
  const dialog = await findModal('dialog');
  await user.type(within(dialog).getByLabelText('Codice OTP'), code);
  return dialog;
}

describe('the restore lists', () => {
  it('show the pending case requests with their columns and asks the API for page 0 of 10', async () => {
    await open();
    expect(await screen.findByRole('heading', { name: 'Gestione ripristini casi' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'In corso di approvazione' });
    await within(table).findByText('000123411');
    for (const header of [
      'ID ripristino',
      'Caso',
      'Data creazione',
      'Data approvazione',
      'Richiesto da',
      'Eseguito da',
    ])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /000123411/ });
    expect(within(row).getByText('02/05/2025 10:15')).toBeInTheDocument();
    expect(within(row).getByText('non ancora approvata')).toBeInTheDocument();
    expect(within(row).getByText('rana.operatore')).toBeInTheDocument();
    expect(listCalls()[0]?.query.toString()).toBe('status=PENDING&page=0&size=10&isPaged=true');
  });

  it('has the three tabs; an empty tab says there is nothing to show and a rejected one names the date', async () => {
    const { user, router } = await open();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'In corso di approvazione',
      'Storico - Approvati',
      'Storico - Rifiutati',
    ]);
    await screen.findByText('000123411');

    await user.click(screen.getByRole('tab', { name: 'Storico - Approvati' }));
    const approved = await screen.findByRole('table', { name: 'Storico - Approvati' });
    expect(await within(approved).findByText('Non sono presenti dati da visualizzare')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?stato=APPROVED&page=1');

    lists.REJECTED = [caseRequest(21, 'REJECTED')];
    await user.click(screen.getByRole('tab', { name: 'Storico - Rifiutati' }));
    const rejected = await screen.findByRole('table', { name: 'Storico - Rifiutati' });
    await within(rejected).findByText('000123421');
    expect(within(rejected).getByRole('columnheader', { name: 'Data rifiuto' })).toBeInTheDocument();
    expect(within(rejected).getByText('03/05/2025 16:40')).toBeInTheDocument();
    // Only pending requests can be reviewed.
    expect(within(rejected).queryByRole('button', { name: /Approva|Rifiuta/ })).not.toBeInTheDocument();
    expect(listCalls().map((r) => r.query.get('status'))).toEqual(['PENDING', 'APPROVED', 'REJECTED']);

    // From the keyboard: the arrow keys choose the next tab round the end, and the focus stays on the tabs.
    screen.getByRole('tab', { name: 'Storico - Rifiutati' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(router.state.location.search).toBe('?stato=PENDING&page=1');
    expect(screen.getByRole('tab', { name: 'In corso di approvazione' })).toHaveFocus();
    expect(await screen.findByRole('table', { name: 'In corso di approvazione' })).toBeInTheDocument();
  });

  it('counts pages from 1 in the URL and from 0 in the API', async () => {
    lists.PENDING = Array.from({ length: 10 }, (_, i) => caseRequest(30 + i, 'PENDING'));
    api.setHandler(({ path, query }) =>
      path === '/restore-case-request/'
        ? ok(pageOf(lists.PENDING, Number(query.get('page')), 25))
        : { status: 404 },
    );
    const { user, router } = await open(`${CASES}?page=2`);
    await screen.findByText('000123430');
    expect(listCalls()[0]?.query.get('page')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Pagina 3' }));
    await waitFor(() => expect(listCalls().at(-1)?.query.get('page')).toBe('2'));
    expect(router.state.location.search).toContain('page=3');
  });

  it('are where Gestione leads a USER_STORICO first: the case restores, from the menu and the home page', async () => {
    const { user, router } = await open('/');
    const nav = await screen.findByRole('navigation', { name: 'Navigazione principale' });
    const managementLinks = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent)
      .filter((name) => name?.startsWith('Gestione'));
    expect(managementLinks).toEqual([
      'Gestione ripristini casi',
      'Gestione ripristini contatti',
      'Gestione rollback',
    ]);
    const shortcut = screen
      .getAllByRole('link', { name: 'Gestione ripristini casi' })
      .find((link) => !nav.contains(link));
    await user.click(shortcut!);
    expect(router.state.location.pathname).toBe(CASES);
    expect(await screen.findByText('000123411')).toBeInTheDocument();
  });

  it('shows the contact requests on the contacts page', async () => {
    await open(CONTACTS);
    expect(await screen.findByRole('heading', { name: 'Gestione ripristini contatti' })).toBeInTheDocument();
    expect(await screen.findByText('Non sono presenti dati da visualizzare')).toBeInTheDocument();
    expect(listCalls('/restore-account-request/')).toHaveLength(1);
  });
});

/** The rows of a request detail's 'Differenze' table: field and value restored. */
const differenceRows = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'Differenze' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

describe('the request detail', () => {
  it.each([
    ['PENDING', 'Data approvazione', 'non ancora approvata'],
    ['APPROVED', 'Data approvazione', '03/05/2025 16:40'],
    ['REJECTED', 'Data rifiuto', '03/05/2025 16:40'],
  ] as const)('labels the date of a %s request %s: %s', async (status, label, text) => {
    lists[status] = [caseRequest(40, status)];
    const { user } = await open(`${CASES}?stato=${status}`);
    await user.click(await screen.findByRole('button', { name: 'Dettaglio della richiesta 40' }));
    const dialog = await findModal('dialog', { name: 'Richiesta di ripristino n. 40' });
    const term = within(dialog).getByText(label, { selector: 'dt' });
    expect(term.nextElementSibling).toHaveTextContent(text);
  });

  it('shows a rejected request with no date as not yet approved, under Data rifiuto', async () => {
    lists.REJECTED = [caseRequest(41, 'REJECTED', { approvedAt: null })];
    const { user } = await open(`${CASES}?stato=REJECTED`);
    await user.click(await screen.findByRole('button', { name: 'Dettaglio della richiesta 41' }));
    const dialog = await findModal('dialog');
    expect(within(dialog).getByText('Data rifiuto', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'non ancora approvata',
    );
  });

  it("lists each differing field with the target snapshot's value", async () => {
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Dettaglio della richiesta 11' }));
    const dialog = await findModal('dialog');
    const rows = differenceRows(dialog);
    expect(rows).toEqual([
      ['Stato', 'Closed'],
      ['Richiamo', 'Sì'],
      ['Data di scadenza', '09/03/2025'],
    ]);
    // The unchanged Subject is not listed, nor the CRM's own timestamp, which no restore brings back.
    expect(within(dialog).queryByText('Confezione danneggiata')).not.toBeInTheDocument();
  });

  it('shows only the chosen fields of a request limited to some, and says so', async () => {
    lists.PENDING = [caseRequest(43, 'PENDING', { fields: ['Recall__c'] })];
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Dettaglio della richiesta 43' }));
    const dialog = await findModal('dialog');
    const rows = differenceRows(dialog);
    expect(rows).toEqual([['Richiamo', 'Sì']]);
    expect(within(dialog).getByText('Solo i campi scelti')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Il ripristino scrive solo questi campi; gli altri restano come sono nel CRM.',
      ),
    ).toBeInTheDocument();
  });

  it("says 'Formato JSON non valido' for an unreadable target snapshot", async () => {
    lists.PENDING = [caseRequest(42, 'PENDING', { revisionCase: { id: 1, json: '{nope' } })];
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Dettaglio della richiesta 42' }));
    expect(await within(await findModal('dialog')).findByText('Formato JSON non valido')).toBeInTheDocument();
  });
});

describe('reviewing a pending request', () => {
  it('approves with the code: review call, success message, the list reloads', async () => {
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Approva la richiesta 11' }));
    lists.PENDING = [caseRequest(12, 'PENDING')];
    const dialog = await typeCode(user);
    expect(within(dialog).getByRole('heading', { name: 'Approva la richiesta n. 11' })).toBeInTheDocument();
    expect(await screen.findByText('Richiesta approvata con successo')).toBeInTheDocument();
    const [call] = reviews();
    expect(call?.path).toBe('/restore-case-request/11/review/4');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ approved: 'true', code: '123456' });
    expect(call?.body).toEqual({ userReviewerId: 4, restoreRequestsIdList: [11], approved: true });
    await waitFor(() => expect(screen.queryByText('000123411')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('rejects from the detail dialog', async () => {
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Dettaglio della richiesta 12' }));
    await user.click(
      within(await findModal('dialog')).getByRole('button', { name: 'Rifiuta la richiesta 12' }),
    );
    await typeCode(user, '654321');
    expect(await screen.findByText('Richiesta rifiutata con successo')).toBeInTheDocument();
    expect(reviews()[0]?.query.get('approved')).toBe('false');
  });

  it('keeps the dialog open on a wrong code and says so', async () => {
    review = () => refusal(400, 'Invalid Totp', 'INVALID_CODE');
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Approva la richiesta 11' }));
    const dialog = await typeCode(user);
    expect(await within(dialog).findByText('Il codice inserito non è valido')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Codice OTP')).toHaveValue('');
    // The emptied boxes take the focus back for the next try.
    expect(within(dialog).getByLabelText('Codice OTP')).toHaveFocus();
  });

  it('keeps the dialog open on a code used already and says to wait for the next one', async () => {
    review = () => refusal(400, 'Invalid Totp', 'CODE_USED');
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Approva la richiesta 11' }));
    const dialog = await typeCode(user);
    expect(await within(dialog).findByText(/Questo codice è già stato usato: attendi/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Codice OTP')).toHaveFocus();
  });

  it("says 'Errore durante l'approvazione della richiesta' for a refused rejection, with the reason", async () => {
    review = () => refusal(403, 'Your role does not allow this', 'FORBIDDEN');
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Rifiuta la richiesta 11' }));
    await typeCode(user);
    expect(await screen.findByText("Errore durante l'approvazione della richiesta")).toBeInTheDocument();
    expect(screen.getByText('Non hai i permessi per questa operazione')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'Esito in verifica' on a request whose CRM write went unanswered, not reviewable", async () => {
    lists.PENDING = [
      caseRequest(11, 'PENDING', {
        outcomeUnknownSince: '2025-05-03T14:40:00.000Z',
        userReviewer: { id: 4, username: 'giulia.bianchi' },
      }),
      caseRequest(12, 'PENDING'),
    ];
    const { user } = await open();
    const table = await screen.findByRole('table', { name: 'In corso di approvazione' });
    await within(table).findByText('000123411');
    const row = within(table).getByRole('row', { name: /000123411/ });
    expect(within(row).getByText('Esito in verifica')).toBeInTheDocument();
    for (const name of ['Approva la richiesta 11', 'Rifiuta la richiesta 11']) {
      expect(within(row).getByRole('button', { name })).toBeDisabled();
      expect(within(row).getByRole('button', { name })).toHaveAttribute('title', 'Esito in verifica');
    }
    expect(screen.getByRole('button', { name: 'Approva la richiesta 12' })).toBeEnabled();

    await user.click(within(row).getByRole('button', { name: 'Dettaglio della richiesta 11' }));
    const dialog = await findModal('dialog');
    expect(within(dialog).getByText('Esito in verifica')).toBeInTheDocument();
    expect(within(dialog).getByText(/Il CRM non ha risposto al ripristino/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Approva la richiesta 11' })).toBeDisabled();
    expect(reviews()).toHaveLength(0);
  });

  it('says the outcome is being checked when the CRM did not answer the approval, and reloads the list', async () => {
    review = () =>
      refusal(
        504,
        'The CRM did not answer the restore: whether it was applied is being checked',
        'CRM_OUTCOME_UNKNOWN',
      );
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Approva la richiesta 11' }));
    const before = listCalls().length;
    await typeCode(user);
    expect(
      await screen.findByText("Il CRM non ha risposto: l'esito del ripristino è in verifica"),
    ).toBeInTheDocument();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it.each([
    {
      code: 'ALREADY_REVIEWED',
      message: 'This request has already been reviewed',
      shown: 'La richiesta è già stata approvata o rifiutata',
    },
    {
      code: 'CLAIMED_ELSEWHERE',
      message: 'This request has already been reviewed, or is being reviewed by someone else',
      shown: 'La richiesta è già stata approvata o rifiutata, o la sta esaminando un altro utente',
    },
  ])(
    'reads the list again when the review is refused with 409 $code: the request handled elsewhere leaves it',
    async ({ code, message, shown }) => {
      review = () => refusal(409, message, code);
      const { user } = await open();
      const table = await screen.findByRole('table', { name: 'In corso di approvazione' });
      await user.click(await within(table).findByRole('button', { name: 'Rifiuta la richiesta 11' }));
      // Another tab approved it meanwhile.
      lists.PENDING = [caseRequest(12, 'PENDING')];
      await typeCode(user);
      expect(await screen.findByText(shown)).toBeInTheDocument();
      // Without 'Aggiorna': the row and its Approva / Rifiuta go.
      await waitFor(() => expect(within(table).queryByText('000123411')).not.toBeInTheDocument());
      expect(screen.queryByRole('button', { name: 'Approva la richiesta 11' })).toBeNull();
      expect(within(table).getByRole('button', { name: 'Approva la richiesta 12' })).toBeEnabled();
    },
  );

  it.each([
    {
      why: 'a contact made a business account in the CRM cannot be restored',
      status: 409,
      message:
        'Account 001000000000001AAA is a business account in the CRM now, not a contact: it cannot be restored',
      code: 'RECORD_CONVERTED',
      shown:
        'Il contatto è diventato un account aziendale nel CRM: non può essere ripristinato finché non torna un contatto',
    },
    {
      why: 'a case would point at its contact, deleted in the CRM: restore the contact first',
      status: 409,
      message:
        "Case 500000000000001AAA would point at a record in the CRM's recycle bin (AccountId 001000000000001AAA): restore that record first",
      code: 'RELATED_RECORD_DELETED',
      shown: 'Il contatto di questo caso è eliminato nel CRM: ripristina prima il contatto, poi riprova',
    },
    {
      why: 'a purged record is being created again, to try later',
      status: 409,
      message:
        'Case 500000000000001AAA was purged from the CRM and another restore is creating it again, or its create went unanswered: try later',
      code: 'RECORD_RECREATING',
      shown:
        'Il record, eliminato definitivamente dal CRM, è in corso di ricreazione: riprova tra qualche minuto',
    },
  ])('says why: $why', async ({ status, message, code, shown }) => {
    review = () => refusal(status, message, code);
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Approva la richiesta 11' }));
    await typeCode(user);
    expect(await screen.findByText(shown)).toBeInTheDocument();
    // The reason is the message itself, not the explanation of a generic failure.
    expect(screen.queryByText("Errore durante l'approvazione della richiesta")).toBeNull();
  });

  it("gives the CRM's reason in Italian when the CRM refuses the restore", async () => {
    review = () =>
      refusal(
        502,
        'Updating Case 500000000000001AAA: Salesforce said FIELD_CUSTOM_VALIDATION_EXCEPTION: Subject is required',
        'CRM_ERROR',
      );
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Approva la richiesta 11' }));
    await typeCode(user);
    expect(
      await screen.findByText(
        'Il CRM ha rifiutato il ripristino: una regola di convalida del CRM non accetta i valori da ripristinare',
      ),
    ).toBeInTheDocument();
    // Beneath it, what the CRM itself said, without the server's English around it.
    expect(screen.getByText('Il CRM ha risposto: «Subject is required»')).toBeInTheDocument();
    expect(screen.queryByText(/Salesforce said/)).toBeNull();
  });

  it('offers Approva and Rifiuta to an administrator too', async () => {
    await open(CASES, { id: 1, username: 'admin', role: 'ADMIN' });
    expect(await screen.findByRole('button', { name: 'Approva la richiesta 11' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Rifiuta la richiesta 12' })).toBeEnabled();
  });

  it("disables every review button offline, saying 'Disponibile solo online'", async () => {
    const { user } = await open();
    await screen.findByText('000123411');
    setOnline(false);
    const buttons = screen.getAllByRole('button', { name: /^(Approva|Rifiuta) la richiesta/ });
    expect(buttons).toHaveLength(4);
    for (const button of buttons) {
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', 'Disponibile solo online');
    }
    expect(screen.getByText('Disponibile solo online')).toBeInTheDocument();
    // The detail stays readable offline.
    await user.click(screen.getByRole('button', { name: 'Dettaglio della richiesta 11' }));
    expect(
      within(await findModal('dialog')).getByRole('button', { name: 'Approva la richiesta 11' }),
    ).toBeDisabled();
    expect(reviews()).toHaveLength(0);
  });
});

describe('a restore that brought back a record deleted in the CRM', () => {
  it("says in the list and in the detail 'Ripristinato dal cestino' or 'Ripristinato con nuovo ID …'", async () => {
    lists.APPROVED = [
      caseRequest(51, 'APPROVED', { outcome: 'undeleted' }),
      caseRequest(52, 'APPROVED', { outcome: 'recreated', newRecordId: '500000000000099AAA' }),
      caseRequest(53, 'APPROVED'),
    ];
    const { user } = await open(`${CASES}?stato=APPROVED`);
    const table = await screen.findByRole('table', { name: 'Storico - Approvati' });
    const row = (id: number) => within(table).getByRole('row', { name: new RegExp(`^${id}`) });
    await within(table).findByText('000123451');
    expect(within(row(51)).getByText('Ripristinato dal cestino')).toBeInTheDocument();
    expect(within(row(52)).getByText('Ripristinato con nuovo ID 500000000000099AAA')).toBeInTheDocument();
    // A live record's restore has no outcome to tell.
    expect(within(row(53)).queryByText(/^Ripristinato/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dettaglio della richiesta 52' }));
    const dialog = await findModal('dialog', { name: 'Richiesta di ripristino n. 52' });
    expect(within(dialog).getByText('Esito', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Ripristinato con nuovo ID 500000000000099AAA',
    );
  });

  it('shows no outcome for a request that is not applied', async () => {
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Dettaglio della richiesta 11' }));
    const dialog = await findModal('dialog');
    expect(within(dialog).queryByText('Esito')).not.toBeInTheDocument();
  });
});
