import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RollbackDetail, RollbackPreview, RollbackRequest, RollbackStatus } from '@contract/rollbacks';
import { ok, pageOf, refusal } from '../../support/fake-api';
import { startFakeApi } from '../../support/fake-api';
import { findModal } from '../../support/modal';
import { setOnline } from '../../support/online';
import { sampleRollback } from '../../support/rollback-sample';

// Whole screens render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const api = await startFakeApi();
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { renderApp, resetApp } = await import('../../support/render-app');
const { SEARCH_KEYS } = await import('@/domain/search-state');

const RANA = { id: 9, username: 'rana.operatore', role: 'USER_RANA' };
const REVIEWER = { id: 4, username: 'giulia.bianchi', role: 'USER_STORICO' };
const PREPARE =
  '/rollback/prepara?agente=005A1&oggetto=Account&da=2026-11-24T08%3A00%3A00.000Z&a=2026-11-24T08%3A45%3A00.000Z&avviso=3';

const preview = (fields: string[] | null): RollbackPreview => ({
  sfUserID: '005A1',
  agentName: 'Giulia Verdi',
  object: 'Account',
  from: '2026-11-24T08:00:00.000Z',
  to: '2026-11-24T08:45:00.000Z',
  fields,
  records: 61,
  withoutEarlierVersion: 0,
  changedFields: ['PersonEmail', 'Phone'],
  fieldCounts: (fields ?? ['PersonEmail', 'Phone']).map((field) => ({
    field,
    count: field === 'PersonEmail' ? 58 : 3,
  })),
  sample: [
    {
      recordId: '001A',
      label: 'Mario Rossi',
      deleted: false,
      changes: [{ field: 'PersonEmail', before: 'mario@esempio.it', after: 'sbagliato@esempio.it' }],
    },
    {
      recordId: '001C',
      label: 'Esuperio Cacciapuoti',
      deleted: false,
      changes: [
        {
          field: 'BillingAddress',
          before: {
            city: 'Reggio Calabria',
            state: 'RC',
            street: 'Borgo Salis 124',
            country: 'Italia',
            stateCode: 'RC',
            postalCode: '89127',
            countryCode: 'IT',
          },
          after: null,
        },
        { field: 'Last_Newsletter_Update__pc', before: '2025-01-03', after: '2025-01-20' },
      ],
    },
  ],
  laterChanged: [
    {
      recordId: '001B',
      label: 'Anna Neri',
      changedBy: '005B2',
      changedByName: 'Luca Bianchi',
      changedAt: '2026-11-24T10:00:00.000Z',
      storicoWrite: null,
    },
    {
      recordId: '001C',
      label: 'Carla Verdi',
      changedBy: '005INTEGRATION',
      changedByName: null,
      changedAt: '2026-11-25T10:00:00.000Z',
      storicoWrite: { kind: 'rollback', id: 3 },
    },
  ],
});

const rollback = sampleRollback;

let lists: Record<RollbackStatus, RollbackRequest[]>;

beforeEach(() => {
  api.requests.length = 0;
  lists = { PENDING: [rollback(7, 'PENDING')], APPROVED: [rollback(5, 'APPROVED')], REJECTED: [] };
  api.setHandler(({ method, path, query, body }) => {
    if (method === 'POST' && path === '/rollback-request/preview') {
      const { fields } = body as { fields?: string[] };
      return ok(preview(fields ?? null));
    }
    if (method === 'POST' && path === '/rollback-request/') {
      if (query.get('code') === '000000') return refusal(400, 'Invalid Totp', 'INVALID_CODE');
      return ok(rollback(8, 'PENDING'), 'Rollback requested', 201);
    }
    if (method === 'GET' && path === '/rollback-request/')
      return ok(pageOf(lists[(query.get('status') ?? 'PENDING') as RollbackStatus]));
    if (method === 'GET' && path === '/rollback-request/5') {
      const detail: RollbackDetail = {
        ...rollback(5, 'APPROVED'),
        outcomes: pageOf([
          {
            recordId: '001A',
            label: 'Mario Rossi',
            laterChanged: false,
            outcome: 'refused',
            message:
              'Updating Account 001A: Salesforce said FIELD_CUSTOM_VALIDATION_EXCEPTION: telefono non valido',
            reason: 'crm-refused',
            written: [],
            returned: null,
            newRecordId: null,
            doneAt: '2026-11-24T09:11:00.000Z',
            changedBy: null,
            changes: [],
          },
          {
            recordId: '001B',
            label: 'Anna Bianchi',
            laterChanged: false,
            outcome: 'skipped',
            message: 'Already holds its values from before the window',
            reason: 'nothing-to-write',
            written: [],
            returned: null,
            newRecordId: null,
            doneAt: '2026-11-24T09:11:01.000Z',
            changedBy: null,
            changes: [],
          },
          {
            recordId: '001C',
            label: 'Carlo Neri',
            laterChanged: false,
            outcome: 'refused',
            message:
              'Account 001C was purged from the CRM and another restore is creating it again: try later',
            reason: 'recreating',
            written: [],
            returned: null,
            newRecordId: null,
            doneAt: '2026-11-24T09:11:02.000Z',
            changedBy: null,
            changes: [],
          },
          {
            recordId: '001D',
            label: 'Dario Gialli',
            laterChanged: false,
            outcome: 'restored',
            message: null,
            reason: null,
            written: ['Phone', 'PersonEmail'],
            returned: null,
            newRecordId: null,
            doneAt: '2026-11-24T09:11:03.000Z',
            changedBy: null,
            changes: [],
          },
          {
            recordId: '001E',
            label: 'Elena Blu',
            laterChanged: false,
            outcome: 'refused',
            message:
              'The CRM did not keep the restored value of Phone: it holds another value after the write',
            reason: 'not-kept',
            written: [],
            returned: null,
            newRecordId: null,
            doneAt: '2026-11-24T09:11:04.000Z',
            changedBy: null,
            changes: [],
          },
          {
            recordId: '001F',
            label: 'Franca Viola',
            laterChanged: false,
            outcome: null,
            message: null,
            reason: null,
            written: [],
            returned: null,
            newRecordId: null,
            doneAt: null,
            changedBy: null,
            changes: [{ field: 'Phone', before: '+39 06 1', after: '+39 06 2' }],
          },
          {
            recordId: '001G',
            label: 'Gino Grigi',
            laterChanged: false,
            outcome: 'skipped',
            message:
              'Changed in the CRM by 005P1 at 2026-11-24T09:05:00.000+0000, after the rollback was requested',
            reason: 'changed-since',
            written: [],
            returned: null,
            newRecordId: null,
            doneAt: '2026-11-24T09:11:05.000Z',
            changedBy: { id: '005P1', name: 'Ornella Partner' },
            changes: [],
          },
          {
            recordId: '001H',
            label: 'Ugo Bruni',
            laterChanged: false,
            outcome: 'skipped',
            message:
              'Changed in the CRM by 005P2 at 2026-11-24T09:06:00.000+0000, after the rollback was requested',
            reason: 'changed-since',
            written: [],
            returned: null,
            newRecordId: null,
            doneAt: '2026-11-24T09:11:06.000Z',
            changedBy: { id: '005P2', name: null },
            changes: [],
          },
        ]),
      };
      return ok(detail);
    }
    if (method === 'POST' && path === '/rollback-request/7/review/4') return ok(rollback(7, 'APPROVED'));
    if (path === '/sf-user/')
      return ok([{ id: '005A1', FirstName: 'Giulia', LastName: 'Verdi', username: 'gv' }]);
    if (path === '/sf-user/005A1/sf-case') return ok(pageOf([]));
    if (method === 'POST' && path === '/rollback-request/5/stop')
      return ok(rollback(5, 'APPROVED', { run: 'stopped' }));
    return { status: 404 };
  });
});
afterEach(() => {
  resetApp();
  window.sessionStorage.clear();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

const posts = (path: string) => api.requests.filter((r) => r.method === 'POST' && r.path === path);

describe('Prepara rollback', () => {
  it('offline, says the preview waits for the network instead of loading for ever', async () => {
    setOnline(false);
    try {
      await renderApp(PREPARE, { as: RANA });
      expect(await screen.findByTestId('never-read')).toHaveTextContent(
        "Sei offline: l'anteprima del rollback si prepara sul server",
      );
    } finally {
      setOnline(true);
    }
    expect(await screen.findByText('61 record modificati')).toBeInTheDocument();
  });

  it('shows counts per field, a sample and the later-changed records apart; creates the request with a code', async () => {
    const { router } = await renderApp(PREPARE, { as: RANA });
    const user = userEvent.setup();
    expect(await screen.findByText('61 record modificati')).toBeInTheDocument();
    const counts = screen.getByRole('table', { name: 'Record da ripristinare per campo' });
    expect(within(counts).getByRole('row', { name: 'Email 58' })).toBeInTheDocument();
    const sample = screen.getByRole('table', { name: 'Esempio di valori' });
    expect(within(sample).getByText('mario@esempio.it')).toBeInTheDocument();
    expect(within(sample).getByText('sbagliato@esempio.it')).toBeInTheDocument();
    // An address by its parts as everywhere else, a day as DD/MM/YYYY.
    expect(
      within(sample).getByText('Borgo Salis 124, Reggio Calabria, 89127, RC, Italia'),
    ).toBeInTheDocument();
    expect(within(sample).getByText('03/01/2025')).toBeInTheDocument();
    expect(screen.getByText(/da Luca Bianchi/)).toBeInTheDocument();
    // Storico's own later write by its number, not by the integration's CRM user id.
    expect(screen.getByText(/da Storico \(rollback n\. 3\)/)).toBeInTheDocument();
    expect(screen.queryByText(/005INTEGRATION/)).toBeNull();

    // Only the e-mail: the preview is asked again with the field chosen.
    await user.click(screen.getByRole('checkbox', { name: 'Telefono' }));
    await waitFor(() =>
      expect(posts('/rollback-request/preview').at(-1)?.body).toMatchObject({ fields: ['PersonEmail'] }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Includi Anna Neri' }));

    await user.click(screen.getByRole('button', { name: 'Crea richiesta' }));
    const dialog = await findModal('dialog');
    await user.type(within(dialog).getByLabelText('Codice OTP'), '000000');
    expect(await within(dialog).findByText('Il codice inserito non è valido')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Codice OTP'), '123456');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Richiesta di rollback n. 8 inviata con successo',
    );
    // Counted again when made: a sync since the preview changed how many records it holds, and she is told.
    expect(
      await screen.findByText("Comprende 340 record, non 60: i dati sono cambiati dopo l'anteprima."),
    ).toBeInTheDocument();
    expect(posts('/rollback-request/').at(-1)?.body).toEqual({
      sfUserID: '005A1',
      object: 'Account',
      from: '2026-11-24T08:00:00.000Z',
      to: '2026-11-24T08:45:00.000Z',
      fields: ['PersonEmail'],
      includeLaterChanged: ['001B'],
      alertId: 3,
    });
    // The toast leads to where she follows the request; the page keeps a link there once the toast is gone.
    expect(screen.getByRole('link', { name: 'Vedi le mie richieste' })).toHaveAttribute(
      'href',
      '/rollback/richieste',
    );
    await user.click(await screen.findByRole('button', { name: 'Vedi le mie richieste' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rollback/richieste'));
    expect(await screen.findByRole('heading', { name: 'Le mie richieste di rollback' })).toBeInTheDocument();
  });

  it("is offered to USER_RANA after a search, for the agent's searched days", async () => {
    window.sessionStorage.setItem(SEARCH_KEYS.agent, JSON.stringify({ id: '005A1' }));
    window.sessionStorage.setItem(
      SEARCH_KEYS.cases,
      JSON.stringify({ dateFrom: '2026-11-20', dateTo: '2026-11-24' }),
    );
    await renderApp('/casi/casi', { as: RANA });
    const link = await screen.findByRole('link', { name: 'Prepara rollback' });
    expect(link).toHaveAttribute(
      'href',
      '/rollback/prepara?agente=005A1&oggetto=Case&da=2026-11-20&a=2026-11-24',
    );
    resetApp();
    await renderApp('/casi/casi', { as: REVIEWER });
    await screen.findByRole('heading', { name: 'Casi' });
    expect(screen.queryByRole('link', { name: 'Prepara rollback' })).not.toBeInTheDocument();
  });

  it('is only for USER_RANA', async () => {
    const { router } = await renderApp(PREPARE, { as: REVIEWER });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('Gestione rollback', () => {
  it('lists pending rollbacks with their progress and approves one with a code', async () => {
    await renderApp('/gestione_rollback/gestioneRollback', { as: REVIEWER });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'In corso di approvazione' });
    const row = await within(table).findByTestId('rollback-7');
    expect(within(row).getByTestId('rollback-progress')).toHaveTextContent('0 / 340');
    expect(within(row).getByText('non ancora approvato')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Approva il rollback 7' }));
    const dialog = await findModal('dialog');
    // What is approved, above the code.
    expect(dialog).toHaveTextContent(
      'Contatti modificati da Giulia Verdi dal 24/11/2026 09:00 al 24/11/2026 09:45: 340 record',
    );
    await user.type(within(dialog).getByLabelText('Codice OTP'), '123456');
    expect(await screen.findByText('Rollback approvato: viene applicato a lotti')).toBeInTheDocument();
    expect(posts('/rollback-request/7/review/4')[0]?.query.toString()).toBe('approved=true&code=123456');
  });

  it('opens the detail of the rollback a link names (from an alert)', async () => {
    const { router } = await renderApp('/gestione_rollback/gestioneRollback?stato=APPROVED&dettaglio=5', {
      as: REVIEWER,
    });
    const dialog = await findModal('dialog', { name: 'Rollback n. 5' });
    expect(await within(dialog).findByText('Mario Rossi')).toBeVisible();
    const user = userEvent.setup({ delay: null });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Closed, it stays closed: the link's id is no longer in the address.
    expect(router.state.location.search).toBe('?stato=APPROVED');
  });

  it("shows a running rollback's progress and outcomes, and stops it", async () => {
    await renderApp('/gestione_rollback/gestioneRollback?stato=APPROVED', { as: REVIEWER });
    const user = userEvent.setup();
    const row = await screen.findByTestId('rollback-5');
    expect(within(row).getByTestId('rollback-progress')).toHaveTextContent('12 / 340');
    expect(within(row).getByText('In corso')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Dettaglio del rollback 5' }));
    const dialog = await findModal('dialog');
    expect(await within(dialog).findAllByText('Rifiutato')).toHaveLength(3);
    // Why, in Italian; the CRM's own words beneath a refusal.
    const rossi = within(dialog).getByText('Mario Rossi').closest('tr')!;
    expect(rossi).toHaveTextContent(
      'Il CRM ha rifiutato la modifica: una regola di convalida del CRM non accetta i valori da ripristinare',
    );
    expect(within(rossi).getByText('telefono non valido')).toBeInTheDocument();
    expect(within(dialog).getByText('Anna Bianchi').closest('tr')).toHaveTextContent(
      'Ha già i valori di prima della finestra',
    );
    expect(within(dialog).getByText('Carlo Neri').closest('tr')).toHaveTextContent(
      'Il record, eliminato definitivamente dal CRM, è in corso di ricreazione: riprova tra qualche minuto',
    );
    expect(within(dialog).getByText('Dario Gialli').closest('tr')).toHaveTextContent('Telefono, Email');
    expect(within(dialog).getByText('Elena Blu').closest('tr')).toHaveTextContent(
      'Il CRM non ha mantenuto i valori ripristinati',
    );
    // A record still to be applied: what its write changes.
    const viola = within(dialog).getByText('Franca Viola').closest('tr')!;
    expect(viola).toHaveTextContent('Da applicare');
    expect(viola).toHaveTextContent('Telefono: torna a +39 06 1 (ora +39 06 2)');
    // Who changed a record after the request, by name; by CRM id only when the CRM could not name them.
    expect(within(dialog).getByText('Gino Grigi').closest('tr')).toHaveTextContent(
      "Modificato da altri nel CRM dopo la richiesta di rollback: lasciato com'èModificato da Ornella Partner",
    );
    expect(within(dialog).getByText('Ugo Bruni').closest('tr')).toHaveTextContent('Modificato da 005P2');
    // No text of the server's own reaches the screen.
    expect(dialog).not.toHaveTextContent(/Salesforce said|Already holds|purged from the CRM|did not keep/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Stopping cannot be undone: it is confirmed first, in a dialog that names the rollback and says what stays.
    const stop = within(row).getByRole('button', { name: 'Interrompi il rollback 5' });
    await user.click(stop);
    const confirm = await findModal('alertdialog', { name: 'Interrompere il rollback n. 5?' });
    expect(confirm).toHaveAccessibleDescription(
      'Contatti modificati da Giulia Verdi dal 24/11/2026 09:00 al 24/11/2026 09:45. I 12 record già elaborati restano come sono ora (11 ripristinati). I 328 record non ancora elaborati non vengono ripristinati: restano nel CRM come sono. Non si può annullare.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts('/rollback-request/5/stop')).toHaveLength(0);
    // Focus goes back to the button the dialog was opened from.
    await waitFor(() => expect(stop).toHaveFocus());

    await user.click(stop);
    const again = await findModal('alertdialog', { name: 'Interrompere il rollback n. 5?' });
    await user.click(within(again).getByRole('button', { name: 'Interrompi' }));
    expect(await screen.findByText('Rollback interrotto')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts('/rollback-request/5/stop')).toHaveLength(1);
  });
});

describe('Le mie richieste di rollback', () => {
  it("is where USER_RANA follows her requests from the menu: progress and detail, and no reviewer's button", async () => {
    const { router } = await renderApp('/', { as: RANA });
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Navigazione principale' });
    await user.click(within(nav).getByRole('link', { name: 'Le mie richieste di rollback' }));
    expect(await screen.findByRole('heading', { name: 'Le mie richieste di rollback' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/rollback/richieste');

    const pending = await screen.findByRole('table', { name: 'In corso di approvazione' });
    const row = await within(pending).findByTestId('rollback-7');
    expect(within(row).getByTestId('rollback-progress')).toHaveTextContent('0 / 340');
    expect(within(row).getByText('non ancora approvato')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Approva|Rifiuta/ })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Storico - Approvati' }));
    const running = await screen.findByTestId('rollback-5');
    expect(within(running).getByTestId('rollback-progress')).toHaveTextContent('12 / 340');
    expect(within(running).queryByRole('button', { name: 'Interrompi il rollback 5' })).toBeNull();
    await user.click(within(running).getByRole('button', { name: 'Dettaglio del rollback 5' }));
    const dialog = await findModal('dialog');
    expect(await within(dialog).findByText('Dario Gialli')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('tab', { name: 'Storico - Rifiutati' }));
    expect(
      await screen.findByText('Nessuna tua richiesta di rollback è stata rifiutata'),
    ).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
