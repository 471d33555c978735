import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alert } from '@contract/alerts';
import type { AuditEntry } from '@contract/audit';
import { ok, refusal, startFakeApi, type FakeReply, type FakeRequest } from '../../support/fake-api';
import { setOnline } from '../../support/online';

vi.setConfig({ testTimeout: 30_000 });

const api = await startFakeApi();
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { renderApp, resetApp } = await import('../../support/render-app');

const ADMIN = { id: 1, username: 'admin', role: 'ADMIN' };
const STAFF = { id: 2, username: 'storico', role: 'USER_STORICO' };
const RANA = { id: 3, username: 'rana', role: 'USER_RANA' };

const page = <T,>(all: T[], query: URLSearchParams) => {
  const size = Number(query.get('size') ?? 10);
  const number = Number(query.get('page') ?? 0);
  return ok({
    content: all.slice(number * size, number * size + size),
    totalPages: Math.ceil(all.length / size),
    totalElements: all.length,
    size,
    number,
    pageable: { pageNumber: number, pageSize: size },
  });
};

const alert = (id: number, fields: Partial<Alert> = {}): Alert => ({
  kind: 'mass-change',
  forcedRestore: null,
  id,
  sfUserID: `005A${id}`,
  agentName: `Giulia Verdi ${id}`,
  object: 'Account',
  windowStart: '2026-11-24T08:00:00.000Z',
  windowEnd: '2026-11-24T08:45:00.000Z',
  changed: 60 + id,
  deleted: id,
  topFields: [
    { field: 'PersonEmail', count: 58 },
    { field: 'Phone', count: 3 },
  ],
  acknowledgedBy: null,
  acknowledgedAt: null,
  rollback: null,
  ...fields,
});

/** An alert's rollback as the API answers it, asked for by `requestedBy` (USER_RANA of these tests by default). */
const rollbackOf = (
  id: number,
  status: NonNullable<Alert['rollback']>['status'],
  run: NonNullable<Alert['rollback']>['run'],
  requestedBy = { id: RANA.id, username: RANA.username },
): Alert['rollback'] => ({ id, status, run, stoppedAt: null, stoppedBy: null, requestedBy });

/** The alerts API in memory, following contract/alerts.ts: status tabs, paging, 409 on a second acknowledgement. */
class AlertsApi {
  alerts: Alert[] = [
    alert(1),
    alert(2, {
      object: 'Case',
      agentName: null,
      topFields: [
        { field: 'AccountId', count: 3 },
        { field: 'ContactId', count: 3 },
        { field: 'ContactName', count: 3 },
        { field: 'Subject', count: 2 },
      ],
    }),
  ];
  audit: AuditEntry[] = Array.from({ length: 25 }, (_, i) => ({
    id: 100 - i,
    at: new Date(Date.UTC(2026, 10, 24, 9, 59 - i)).toISOString(),
    actorUserId: i % 2 ? 1 : null,
    actorUsername: i % 2 ? 'admin' : null,
    actorCurrentUsername: i % 2 ? 'admin' : null,
    action: i % 2 ? 'auth.login' : 'alert.raised',
    target: i % 2 ? null : `alert:${i}`,
    ip: i % 2 ? '10.0.0.1' : null,
    details: i % 2 ? null : { sfUserID: '005A1', changed: 60 },
    crmUserName: i % 2 ? null : 'Giulia Verdi 1',
  }));

  handle = ({ method, path, query }: FakeRequest): FakeReply => {
    if (method === 'GET' && path === '/alert/') {
      const acknowledged = query.get('status') === 'acknowledged';
      return page(
        this.alerts.filter((a) => (a.acknowledgedAt !== null) === acknowledged),
        query,
      );
    }
    const ack = /^\/alert\/(\d+)\/ack$/.exec(path);
    if (method === 'POST' && ack) {
      const target = this.alerts.find((a) => a.id === Number(ack[1]));
      if (!target) return refusal(404, 'No alert', 'NOT_FOUND');
      if (target.acknowledgedAt)
        return refusal(409, 'This alert has already been acknowledged', 'ALREADY_ACKNOWLEDGED');
      Object.assign(target, {
        acknowledgedBy: { id: 2, username: 'storico' },
        acknowledgedAt: '2026-11-24T09:30:00.000Z',
      });
      return ok(target, 'Alert acknowledged');
    }
    if (method === 'GET' && path === '/audit/') {
      const action = query.get('action');
      return page(
        this.audit.filter((e) => !action || e.action.startsWith(action)),
        query,
      );
    }
    if (method === 'GET' && path === '/audit/export.csv')
      return { status: 200, body: 'id,at\r\n1,2026-11-24\r\n', headers: { 'content-type': 'text/csv' } };
    return { status: 404 };
  };
}

let server: AlertsApi;
beforeEach(() => {
  api.requests.length = 0;
  server = new AlertsApi();
  api.setHandler(server.handle);
});
afterEach(resetApp);
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

const calls = (path: string) => api.requests.filter((r) => r.path === path);

describe('Avvisi', () => {
  it('lists open alerts with agent, object, window, counts and top fields, to every role', async () => {
    await renderApp('/avvisi', { as: RANA });
    const table = await screen.findByRole('table', { name: 'Da verificare' });
    const row = (await within(table).findByText('Giulia Verdi 1')).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'Giulia Verdi 1005A1',
      'Contatti',
      'dal 24/11/2026 09:00 al 24/11/2026 09:45',
      '61',
      '1',
      'Email (58), Telefono (3)',
      'Prepara rollback',
    ]);
    // USER_RANA prepares a rollback of the alert's exact window.
    expect(
      within(row).getByRole('link', { name: 'Prepara rollback delle modifiche di Giulia Verdi 1' }),
    ).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/rollback\/prepara\?agente=005A1&oggetto=Account&da=.+&a=.+&avviso=1$/),
    );
    // An agent Storico does not know by name shows its CRM id; USER_RANA has no acknowledge button.
    expect(within(table).getByText('005A2')).toBeInTheDocument();
    // A case's contact id and name follow its account: one entry, not three saying the same.
    const caseRow = within(table).getByText('005A2').closest('tr')!;
    expect(within(caseRow).getByText('Contatto (3), Oggetto (2)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Conferma presa visione/ })).not.toBeInTheDocument();
    expect(screen.getByText('2 avvisi')).toBeInTheDocument();
  });

  it('shows the rollback requested for an alert and leads to it; no second one is offered while it is open', async () => {
    server.alerts = [
      alert(3, {
        rollback: rollbackOf(3, 'PENDING', 'waiting'),
      }),
      alert(4, {
        rollback: rollbackOf(4, 'REJECTED', 'waiting'),
      }),
      alert(5, {
        rollback: rollbackOf(6, 'APPROVED', 'running'),
      }),
      alert(7, {
        rollback: rollbackOf(8, 'PENDING', 'waiting', { id: 30, username: 'rana.due' }),
      }),
    ];
    await renderApp('/avvisi', { as: RANA });
    const table = await screen.findByRole('table', { name: 'Da verificare' });
    const rowOf = (agent: string) => within(table).getByText(agent).closest('tr')!;
    await within(table).findByText('Giulia Verdi 3');

    const pending = within(rowOf('Giulia Verdi 3')).getByRole('link', {
      name: 'Rollback n. 3: In attesa di approvazione',
    });
    // USER_RANA follows it among her own requests, its detail open.
    expect(pending).toHaveAttribute('href', '/rollback/richieste?stato=PENDING&dettaglio=3');
    expect(within(rowOf('Giulia Verdi 3')).queryByRole('link', { name: /^Prepara rollback/ })).toBeNull();
    expect(
      within(rowOf('Giulia Verdi 5')).getByRole('link', { name: 'Rollback n. 6: In corso' }),
    ).toBeVisible();
    expect(within(rowOf('Giulia Verdi 5')).queryByRole('link', { name: /^Prepara rollback/ })).toBeNull();
    // Another USER_RANA's request is not among hers: where it stands and whom to ask, no link to a detail she cannot open.
    const others = rowOf('Giulia Verdi 7');
    expect(
      within(others).getByText('Rollback n. 8: In attesa di approvazione (richiesto da rana.due)'),
    ).toBeVisible();
    expect(within(others).queryByRole('link', { name: /^Rollback n\. 8/ })).toBeNull();
    expect(within(others).queryByRole('link', { name: /^Prepara rollback/ })).toBeNull();
    // A rejected rollback is no longer open: another may be prepared.
    const rejected = rowOf('Giulia Verdi 4');
    expect(
      within(rejected).getByRole('link', { name: 'Rollback n. 4: Rifiutato: non viene applicato' }),
    ).toHaveAttribute('href', '/rollback/richieste?stato=REJECTED&dettaglio=4');
    expect(
      within(rejected).getByRole('link', { name: 'Prepara rollback delle modifiche di Giulia Verdi 4' }),
    ).toBeVisible();
  });

  it("leads a reviewer to a rollback of an alert in 'Gestione rollback'", async () => {
    server.alerts = [
      alert(3, {
        rollback: rollbackOf(3, 'PENDING', 'waiting'),
      }),
    ];
    await renderApp('/avvisi', { as: STAFF });
    expect(
      await screen.findByRole('link', { name: 'Rollback n. 3: In attesa di approvazione' }),
    ).toHaveAttribute('href', '/gestione_rollback/gestioneRollback?stato=PENDING&dettaglio=3');
  });

  it('lets USER_STORICO confirm an alert, which moves to the other tab with who and when', async () => {
    const { router } = await renderApp('/avvisi', { as: STAFF });
    const user = userEvent.setup({ delay: null });
    await user.click(
      await screen.findByRole('button', { name: "Conferma presa visione dell'avviso su Giulia Verdi 1" }),
    );
    expect(await screen.findByText('Presa visione confermata')).toBeInTheDocument();
    expect(calls('/alert/1/ack').map((r) => r.method)).toEqual(['POST']);
    const table = screen.getByRole('table', { name: 'Da verificare' });
    await waitFor(() => expect(within(table).queryByText('Giulia Verdi 1')).not.toBeInTheDocument());
    // The header's count follows.
    await waitFor(() => expect(screen.getByTestId('open-alerts-badge')).toHaveTextContent('1'));

    await user.click(screen.getByRole('tab', { name: 'Presa visione' }));
    await waitFor(() => expect(router.state.location.search).toContain('stato=acknowledged'));
    const done = await screen.findByRole('table', { name: 'Presa visione' });
    const row = (await within(done).findByText('Giulia Verdi 1')).closest('tr')!;
    expect(row).toHaveTextContent('storico, 24/11/2026 10:30');
  });

  it('says so when someone else confirmed first', async () => {
    await renderApp('/avvisi', { as: ADMIN });
    const user = userEvent.setup({ delay: null });
    const button = await screen.findByRole('button', {
      name: "Conferma presa visione dell'avviso su Giulia Verdi 1",
    });
    server.alerts[0]!.acknowledgedAt = '2026-11-24T09:00:00.000Z';
    await user.click(button);
    expect(
      await screen.findByText("Un altro utente ha già confermato la presa visione dell'avviso"),
    ).toBeInTheDocument();
  });

  it('reads the list again on every visit', async () => {
    const { router } = await renderApp('/avvisi', { as: RANA });
    await screen.findByText('Giulia Verdi 1');
    const listCalls = () => calls('/alert/').filter((r) => r.query.get('size') === '10');
    const first = listCalls().length;
    await router.navigate('/impostazioni');
    await router.navigate('/avvisi');
    await waitFor(() => expect(listCalls().length).toBe(first + 1));
  });

  it('shows the open alerts in the header, linking to the screen', async () => {
    const { router } = await renderApp('/', { as: RANA });
    const user = userEvent.setup({ delay: null });
    const badge = await screen.findByRole('link', { name: '2 avvisi da verificare' });
    await user.click(badge);
    await waitFor(() => expect(router.state.location.pathname).toBe('/avvisi'));
  });

  it('shows no badge when nothing is open, and the badge failing signs nobody out', async () => {
    server.alerts = [];
    await renderApp('/', { as: RANA });
    await waitFor(() => expect(calls('/alert/').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('open-alerts-badge')).not.toBeInTheDocument();
    resetApp();
    api.setHandler((request) =>
      request.path === '/alert/'
        ? refusal(401, 'Session expired', 'SESSION_EXPIRED')
        : server.handle(request),
    );
    const { router } = await renderApp('/', { as: RANA });
    await waitFor(() => expect(calls('/alert/').length).toBeGreaterThan(1));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('Audit', () => {
  it('is for ADMIN only', async () => {
    const { router } = await renderApp('/gestione_audit', { as: STAFF });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('lists the log with its filters in the URL, and exports the same filters as CSV', async () => {
    const created = vi.fn(() => 'blob:audit');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const { router } = await renderApp('/gestione_audit', { as: ADMIN });
    const user = userEvent.setup({ delay: null });
    const table = await screen.findByRole('table', { name: 'Audit' });
    await within(table).findAllByText('auth.login');
    // Each action in Italian, its code beneath (the code is what the filter takes).
    expect(within(table).getAllByText('Accesso').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Avviso di modifiche massive').length).toBeGreaterThan(0);
    expect(screen.getByText('25 eventi')).toBeInTheDocument();
    expect(within(table).getAllByText('Sistema').length).toBeGreaterThan(0);
    // The target and the details in Italian, never the recorded JSON.
    const raised = within(table).getByText('Avviso n. 0').closest('tr')!;
    expect(
      within(raised)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Agente:', 'Modificati:']);
    // The CRM user by the name Storico knows, the id beside it.
    expect(
      within(raised)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Giulia Verdi 1 (005A1)', '60']);
    expect(table).not.toHaveTextContent('{"changed"');

    // The action filter suggests every code with its Italian name, areas first.
    const actionFilter = screen.getByLabelText('Azione');
    const suggested = document.getElementById(actionFilter.getAttribute('list')!)!;
    const options = [...suggested.querySelectorAll('option')].map((o) => [o.value, o.label]);
    expect(options[0]).toEqual(['auth', 'Tutti gli eventi di accesso']);
    expect(options).toContainEqual(['restore.applied', 'Ripristino applicato']);
    await user.type(actionFilter, 'alert');
    await user.type(screen.getByLabelText('Utente'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Filtra' }));
    await waitFor(() => expect(router.state.location.search).toBe('?user=admin&action=alert&page=1'));
    await waitFor(() => expect(within(table).queryByText('auth.login')).not.toBeInTheDocument());
    const last = calls('/audit/').at(-1)!;
    expect([last.query.get('user'), last.query.get('action'), last.query.get('page')]).toEqual([
      'admin',
      'alert',
      '0',
    ]);

    await user.click(screen.getByRole('button', { name: 'Esporta CSV' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const exported = calls('/audit/export.csv')[0]!;
    expect([exported.query.get('user'), exported.query.get('action')]).toEqual(['admin', 'alert']);
    expect(exported.headers.authorization).toMatch(/^Bearer /);
  });

  it('names a renamed user as they are called now, beside the name the event recorded', async () => {
    server.audit = [
      { ...server.audit[1]!, id: 2, actorUsername: 'mrossi', actorCurrentUsername: 'mario.rossi' },
      { ...server.audit[1]!, id: 1, actorUsername: 'mario.rossi', actorCurrentUsername: 'mario.rossi' },
    ];
    await renderApp('/gestione_audit', { as: ADMIN });
    const table = await screen.findByRole('table', { name: 'Audit' });
    const [renamed, same] = (await within(table).findAllByText('auth.login')).map((c) => c.closest('tr')!);
    expect(within(renamed!).getAllByRole('cell')[1]).toHaveTextContent(/^mario\.rossi\(allora mrossi\)$/);
    expect(within(same!).getAllByRole('cell')[1]).toHaveTextContent(/^mario\.rossi$/);
  });

  it('offline, says the log needs the network instead of loading for ever, and reads it once back online', async () => {
    setOnline(false);
    try {
      await renderApp('/gestione_audit', { as: ADMIN });
      expect(await screen.findByTestId('never-read')).toHaveTextContent(
        'Sei offline: il registro di audit è disponibile solo online. Si aggiornerà quando torna la connessione.',
      );
      expect(calls('/audit/')).toEqual([]);
      setOnline(true);
      const table = await screen.findByRole('table', { name: 'Audit' });
      expect((await within(table).findAllByText('auth.login')).length).toBeGreaterThan(0);
      expect(screen.queryByTestId('never-read')).not.toBeInTheDocument();
    } finally {
      setOnline(true);
    }
  });

  it('refuses a start day after the end day', async () => {
    await renderApp('/gestione_audit', { as: ADMIN });
    const user = userEvent.setup({ delay: null });
    await within(await screen.findByRole('table', { name: 'Audit' })).findAllByText('auth.login');
    const before = calls('/audit/').length;
    // Dates are typed as everywhere in the app, DD/MM/YYYY, whatever the browser's language.
    expect(screen.getByLabelText('Da')).toHaveAttribute('placeholder', 'GG/MM/AAAA');
    await user.type(screen.getByLabelText('Da'), '20/11/2026');
    await user.type(screen.getByLabelText('A'), '10/11/2026');
    await user.click(screen.getByRole('button', { name: 'Filtra' }));
    expect(
      await screen.findByText('La data di inizio deve essere precedente alla data di fine'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('A')).toHaveAttribute('aria-invalid', 'true');
    expect(calls('/audit/').length).toBe(before);
  });

  it('says which date is not a day, and filters by the days typed', async () => {
    const { router } = await renderApp('/gestione_audit', { as: ADMIN });
    const user = userEvent.setup({ delay: null });
    await within(await screen.findByRole('table', { name: 'Audit' })).findAllByText('auth.login');
    const before = calls('/audit/').length;
    await user.type(screen.getByLabelText('Da'), '31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Filtra' }));
    expect(await screen.findByText('Inserisci una data valida nel formato GG/MM/AAAA')).toBeInTheDocument();
    expect(calls('/audit/').length).toBe(before);

    await user.clear(screen.getByLabelText('Da'));
    await user.type(screen.getByLabelText('Da'), '1/11/2026');
    await user.type(screen.getByLabelText('A'), '24/11/2026');
    await user.click(screen.getByRole('button', { name: 'Filtra' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?dateFrom=2026-11-01&dateTo=2026-11-24&page=1'),
    );
    expect(screen.queryByText('Inserisci una data valida nel formato GG/MM/AAAA')).not.toBeInTheDocument();
    await waitFor(() => expect(calls('/audit/').at(-1)!.query.get('dateFrom')).toBe('2026-11-01'));
    expect(calls('/audit/').at(-1)!.query.get('dateTo')).toBe('2026-11-24');
  });
});
