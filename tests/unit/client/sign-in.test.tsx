import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSessionToken } from '../../support/client-token';
import { ok, refusal, startFakeApi, type FakeRequest } from '../../support/fake-api';

const api = await startFakeApi();
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { renderApp, resetApp } = await import('../../support/render-app');
const { readToken } = await import('@/lib/auth-token');

const USER = { username: 'mario.rossi', password: 'Segreta-123!' };
const CODE = '123456';
const token = await fakeSessionToken({ id: 7, username: USER.username, role: 'USER_RANA' });

const wrongCredentials = () => refusal(401, 'Wrong username or password', -1);
const wrongCode = () => refusal(401, 'Wrong one-time code', -2);
const signedIn = () => ({ status: 200, body: { ...(ok(null).body as object), data: { token } } });

/** The server's sign-in: right password without a code answers -2, then only CODE is accepted. */
function realisticLogin(request: FakeRequest) {
  if (request.path !== '/auth/login') return { status: 404 };
  const body = request.body as { username: string; password: string };
  if (body.username !== USER.username || body.password !== USER.password) return wrongCredentials();
  return request.query.get('code') === CODE ? signedIn() : wrongCode();
}

const logins = () => api.requests.filter((r) => r.path === '/auth/login');

beforeEach(() => {
  api.requests.length = 0;
  api.setHandler(realisticLogin);
});
afterEach(resetApp);
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

async function enterCredentials(username: string, password: string) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: /Accedi a Storico/ });
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Accedi' }));
  return user;
}

/** The code step, once its boxes (loaded on use) are there. */
const codeStep = async () => {
  await screen.findByRole('heading', { name: /Codice di verifica/ });
  return screen.findByLabelText('Codice a 6 cifre');
};
const toast = (text: string) => screen.findByText(text, {}, { timeout: 3000 });

describe('sign-in, credentials step', () => {
  it('requires both fields and keeps to the lengths of docs/product.md#validation-rules, in Italian, without calling the server', async () => {
    await renderApp('/signIn');
    const user = await enterCredentials('', '');
    expect(await screen.findAllByText('Campo obbligatorio')).toHaveLength(2);

    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText('Inserisci almeno 6 caratteri')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'x'.repeat(41));
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText('Inserisci al massimo 40 caratteri')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Username'));
    await user.paste('u'.repeat(301));
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText('Inserisci al massimo 300 caratteri')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(logins()).toHaveLength(0);
  });

  it("says 'Email o password errati' with the toast for wrong credentials, and stays on the step", async () => {
    await renderApp('/signIn');
    await enterCredentials(USER.username, 'Sbagliata-1!');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email o password errati');
    expect(await toast('Richiesta non valida, contatta il servizio clienti')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Accedi a Storico/ })).toBeInTheDocument();
    expect(logins()).toHaveLength(1);
    expect(logins()[0]?.query.has('code')).toBe(false);
    expect(logins()[0]?.body).toEqual({ username: USER.username, password: 'Sbagliata-1!' });
  });

  it('tells a user with no authenticator yet to open the enrolment link, and asks for no code', async () => {
    api.setHandler(() => refusal(401, 'No authenticator yet', -4));
    await renderApp('/signIn');
    await enterCredentials(USER.username, USER.password);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Il tuo utente non ha ancora un'app di autenticazione: apri il link di attivazione",
    );
    expect(screen.getByRole('heading', { name: /Accedi a Storico/ })).toBeInTheDocument();
    expect(screen.queryByText('Richiesta non valida, contatta il servizio clienti')).toBeNull();
  });

  it('says how long to wait when the account is locked', async () => {
    api.setHandler(() =>
      refusal(429, 'Too many failed sign-ins: try again later', -3, { headers: { 'Retry-After': '95' } }),
    );
    await renderApp('/signIn');
    await enterCredentials(USER.username, USER.password);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Troppi tentativi non riusciti: accesso temporaneamente bloccato. Riprova tra 2 minuti.',
    );
    expect(await toast('Richiesta non valida, contatta il servizio clienti')).toBeInTheDocument();
  });

  it("is disabled offline with 'Disponibile solo online', and enabled again online", async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    await renderApp('/signIn');
    expect(await screen.findByText('Disponibile solo online')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accedi' })).toBeDisabled();
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accedi' })).toBeEnabled());
    expect(screen.queryByText('Disponibile solo online')).toBeNull();
    onLine.mockRestore();
  });
});

describe('sign-in, code step', () => {
  it('opens only for right credentials, signs in on the sixth digit and goes to the contacts', async () => {
    const { router } = await renderApp('/signIn');
    await enterCredentials(USER.username, USER.password);
    await codeStep();
    expect(screen.queryByText('Richiesta non valida, contatta il servizio clienti')).toBeNull();
    const input = screen.getByLabelText('Codice a 6 cifre');
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard(CODE);

    expect(await toast('Accesso effettuato con successo')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/contatti/contatti'));
    expect(readToken()).toBe(token);
    expect(logins().map((r) => r.query.get('code'))).toEqual([null, CODE]);
    expect(logins()[1]?.body).toEqual({ username: USER.username, password: USER.password });
  });

  it('takes a pasted code and submits it', async () => {
    await renderApp('/signIn');
    await enterCredentials(USER.username, USER.password);
    await codeStep();
    await userEvent.click(screen.getByLabelText('Codice a 6 cifre'));
    await userEvent.paste(`${CODE.slice(0, 3)} ${CODE.slice(3)}`);
    expect(await toast('Accesso effettuato con successo')).toBeInTheDocument();
  });

  it("says 'Il codice inserito non è corretto' for a wrong code, empties the boxes and lets the user retype", async () => {
    const { router } = await renderApp('/signIn');
    const user = await enterCredentials(USER.username, USER.password);
    await codeStep();
    await user.keyboard('654321');
    expect(await screen.findByRole('alert')).toHaveTextContent('Il codice inserito non è corretto');
    expect(await toast('Richiesta non valida, contatta il servizio clienti')).toBeInTheDocument();
    // The boxes empty and keep the focus: the next code is typed straight away.
    const input = screen.getByLabelText('Codice a 6 cifre');
    await waitFor(() => expect(input).toHaveValue(''));
    await waitFor(() => expect(input).toHaveFocus());

    await user.keyboard(CODE.slice(0, 2));
    // The refusal is about the code before: it goes once the next one is being typed.
    expect(screen.queryByText('Il codice inserito non è corretto')).toBeNull();
    await user.keyboard(CODE.slice(2));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contatti/contatti'));
  });

  it('asks for all six digits when Enter is pressed early, without calling the server', async () => {
    await renderApp('/signIn');
    const user = await enterCredentials(USER.username, USER.password);
    await codeStep();
    await user.click(screen.getByLabelText('Codice a 6 cifre'));
    await user.keyboard('12{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Inserisci tutte le 6 cifre del codice');
    expect(logins()).toHaveLength(1);
  });

  it("goes back to the credentials with 'Email o password errati' when the server answers -1", async () => {
    await renderApp('/signIn');
    const user = await enterCredentials(USER.username, USER.password);
    await codeStep();
    api.setHandler(wrongCredentials);
    await user.keyboard(CODE);
    await screen.findByRole('heading', { name: /Accedi a Storico/ });
    expect(screen.getByRole('alert')).toHaveTextContent('Email o password errati');
    expect(screen.getByLabelText('Username')).toHaveValue(USER.username);
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it("returns to the credentials with 'Indietro'", async () => {
    await renderApp('/signIn');
    const user = await enterCredentials(USER.username, USER.password);
    await codeStep();
    await user.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(await screen.findByLabelText('Username')).toHaveValue(USER.username);
  });

  it('goes back to the page that asked for sign-in', async () => {
    const { router } = await renderApp('/impostazioni');
    await enterCredentials(USER.username, USER.password);
    await codeStep();
    await userEvent.keyboard(CODE);
    await waitFor(() => expect(router.state.location.pathname).toBe('/impostazioni'));
    expect(within(await screen.findByTestId('current-user')).getByText(USER.username)).toBeInTheDocument();
  });
});
