import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserOf } from '@/lib/browser-name';
import { ok, refusal, startFakeApi } from '../../support/fake-api';

const api = await startFakeApi();
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { renderApp, resetApp } = await import('../../support/render-app');
const { readToken } = await import('@/lib/auth-token');

const ME = { id: 7, username: 'mario.rossi', role: 'USER_RANA' };
const OLD = 'Vecchia-Password-1';
const NEW = 'Nuova-Password-2!';

type FakeSession = {
  id: string;
  startedAt: string;
  lastUsedAt: string;
  ip: string;
  browser: string;
  current: boolean;
};
let sessions: FakeSession[] = [];

beforeEach(() => {
  api.requests.length = 0;
  sessions = [
    {
      id: 'this',
      startedAt: '2026-11-24T08:00:00Z',
      lastUsedAt: '2026-11-24T09:00:00Z',
      ip: '10.0.0.1',
      browser: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      current: true,
    },
    {
      id: 'tablet',
      startedAt: '2026-11-23T08:00:00Z',
      lastUsedAt: '2026-11-24T07:00:00Z',
      ip: '10.0.0.2',
      browser:
        'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
      current: false,
    },
    {
      id: 'phone',
      startedAt: '2026-11-22T08:00:00Z',
      lastUsedAt: '2026-11-24T06:00:00Z',
      ip: '10.0.0.3',
      browser:
        'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      current: false,
    },
  ];
  api.setHandler(({ method, path, body }) => {
    if (method === 'GET' && path === '/auth/sessions') return ok(sessions);
    if (method === 'DELETE' && path.startsWith('/auth/sessions/')) {
      sessions = sessions.filter((s) => s.id !== path.split('/').pop());
      return ok(null, 'Session ended');
    }
    if (method === 'POST' && path === '/auth/sessions/end-others') {
      const ended = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return ok({ ended });
    }
    if (method !== 'PUT' || path !== `/user/${ME.id}/update-password`) return { status: 404 };
    const { oldPassword } = body as { oldPassword: string };
    if (oldPassword !== OLD)
      return refusal(400, 'The current password is wrong', 'WRONG_PASSWORD', { field: 'body.oldPassword' });
    return ok(null, 'Password changed');
  });
});
afterEach(resetApp);
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

async function open() {
  const view = await renderApp('/impostazioni', { as: ME });
  await screen.findByRole('heading', { name: 'Cambia password' });
  return { ...view, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, old: string, next: string, confirm: string) {
  if (old) await user.type(screen.getByLabelText('Password attuale'), old);
  if (next) await user.type(screen.getByLabelText('Nuova password'), next);
  if (confirm) await user.type(screen.getByLabelText('Conferma nuova password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Conferma' }));
}

const updates = () => api.requests.filter((r) => r.path.endsWith('/update-password'));

describe("'Cambia password' in Impostazioni", () => {
  it('has the three labelled fields, Conferma and Annulla, and lists the password rules', async () => {
    await open();
    for (const label of ['Password attuale', 'Nuova password', 'Conferma nuova password'])
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Annulla' })).toBeInTheDocument();
    for (const rule of [
      'La password deve essere almeno di 10 caratteri.',
      'Una lettera in maiuscolo',
      'Una lettera in minuscolo',
      'Un numero',
      'Un carattere speciale (esempio: !,? ecc...)',
    ])
      expect(screen.getByText(rule)).toBeInTheDocument();
  });

  it('refuses a weak or unconfirmed password before calling the server', async () => {
    const { user } = await open();
    await fill(user, '', 'debole', 'diversa');
    expect(await screen.findByText('Campo obbligatorio')).toBeInTheDocument();
    expect(screen.getByLabelText('Nuova password')).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Le password non sono uguali')).toBeInTheDocument();
    // The first broken rule is the field's message; the list shows the rest.
    expect(screen.getAllByText('La password deve essere almeno di 10 caratteri.')).toHaveLength(2);
    expect(updates()).toHaveLength(0);
  });

  it("shows a wrong current password on its field, with 'Errore durante la modifica della password'", async () => {
    const { user } = await open();
    await fill(user, 'Sbagliata-1', NEW, NEW);
    expect(await screen.findByText('Errore durante la modifica della password')).toBeInTheDocument();
    expect(screen.getAllByText('La password attuale non è corretta').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Password attuale')).toHaveAttribute('aria-invalid', 'true');
    expect(readToken()).toBeDefined();
  });

  it('sends old and new password, then ends the session and shows sign-in with the success message', async () => {
    const { router, user } = await open();
    await fill(user, OLD, NEW, NEW);
    expect(await screen.findByText('Password modificata con successo')).toBeInTheDocument();
    expect(screen.getByText('Accedi di nuovo con la nuova password.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
    expect(readToken()).toBeUndefined();
    expect(updates().map((r) => r.body)).toEqual([{ oldPassword: OLD, newPassword: NEW }]);
  });

  it("says 'Errore durante la modifica della password' for any other failure", async () => {
    api.setHandler(() => refusal(500, 'Internal server error', 'INTERNAL'));
    const { user } = await open();
    await fill(user, OLD, NEW, NEW);
    expect(await screen.findByText('Errore durante la modifica della password')).toBeInTheDocument();
  });

  it('empties the form with Annulla', async () => {
    const { user } = await open();
    await user.type(screen.getByLabelText('Password attuale'), OLD);
    await user.type(screen.getByLabelText('Nuova password'), NEW);
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(screen.getByLabelText('Password attuale')).toHaveValue('');
    expect(screen.getByLabelText('Nuova password')).toHaveValue('');
  });
});

describe("'Sessioni attive' in Impostazioni", () => {
  it("lists the sessions with start, last use, address and browser, and ends one with 'Termina'", async () => {
    const { user } = await open();
    const list = await screen.findByRole('list', { name: 'Sessioni attive' });
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(3));
    // Each browser named as a person knows it, not by its User-Agent.
    expect(within(list).getByText('Firefox su Windows')).toBeInTheDocument();
    expect(within(list).getByText('Safari su iPad')).toBeInTheDocument();
    expect(within(list).getByText('Samsung Internet su Android')).toBeInTheDocument();
    expect(list).toHaveTextContent('Questa sessione');
    expect(list).toHaveTextContent('indirizzo 10.0.0.2');
    await user.click(
      screen.getByRole('button', { name: 'Termina la sessione Safari su iPad, 23/11/2026 09:00' }),
    );
    expect(await screen.findByText('Sessione terminata')).toBeInTheDocument();
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(2));
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/auth/sessions/tablet',
    ]);
  });

  it("ends every other session with 'Termina tutte le altre'", async () => {
    const { user } = await open();
    const list = await screen.findByRole('list', { name: 'Sessioni attive' });
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Termina tutte le altre' }));
    expect(await screen.findByText('Le altre sessioni sono state terminate')).toBeInTheDocument();
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Termina tutte le altre' })).toBeDisabled();
  });
});

describe("a session's browser", () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      { browser: 'Edge', system: 'Windows' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      { browser: 'Safari', system: 'macOS' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
      { browser: 'Chrome', system: 'iPhone' },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      { browser: 'Chrome', system: 'Linux' },
    ],
    ['curl/8.5.0', { browser: undefined, system: undefined }],
  ])('is told from %s', (userAgent, named) => {
    expect(browserOf(userAgent)).toEqual(named);
  });
});
