import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, refusal, startFakeApi, type FakeReply, type FakeRequest } from '../../support/fake-api';

const api = await startFakeApi();
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { renderApp, resetApp } = await import('../../support/render-app');

const QR =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

beforeEach(() => {
  api.requests.length = 0;
});
afterEach(resetApp);
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

describe('the authenticator setup page', () => {
  it('shows the 300x300 QR code and the secret of the link, and copies the secret', async () => {
    api.setHandler(({ path }) =>
      path === '/user/tok-en_1/qr-code'
        ? ok({ qrCode: QR, secretKey: SECRET, confirm: false })
        : { status: 404 },
    );
    const user = userEvent.setup();
    await renderApp('/2fa/tok-en_1');
    const image = await screen.findByRole('img', {
      name: "Codice QR per configurare l'app di autenticazione",
    });
    expect(image).toHaveAttribute('src', QR);
    expect(image).toHaveAttribute('width', '300');
    expect(image).toHaveAttribute('height', '300');
    expect(screen.getByTestId('totp-secret').textContent?.replace(/\s/g, '')).toBe(SECRET);

    await user.click(screen.getByRole('button', { name: 'Copia codice' }));
    expect(await screen.findByText('Codice copiato')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);
    expect(screen.getByRole('link', { name: 'Vai al login' })).toHaveAttribute('href', '/signIn');
    // A new user's first sign-in takes the new code: there is nothing to confirm here.
    expect(screen.queryByRole('button', { name: 'Conferma' })).toBeNull();
  });

  describe("a new authenticator beside the one in use ('Conferma')", () => {
    const confirmHandler =
      (answer: (code: string | null) => FakeReply) =>
      ({ method, path, query }: FakeRequest): FakeReply => {
        if (method === 'GET' && path === '/user/tok-2/qr-code')
          return ok({ qrCode: QR, secretKey: SECRET, confirm: true });
        if (method === 'POST' && path === '/user/tok-2/confirm') return answer(query.get('code'));
        return { status: 404 };
      };

    async function typeCode(code: string) {
      const user = userEvent.setup();
      await renderApp('/2fa/tok-2');
      expect(
        await screen.findByText(/Fino alla conferma il codice che usi ora continua a funzionare/),
      ).toBeInTheDocument();
      await user.click(screen.getByLabelText('Codice a 6 cifre della nuova app'));
      // The sixth digit sends the code; a shorter one waits for 'Conferma'.
      await user.keyboard(code);
      if (code.length < 6) await user.click(screen.getByRole('button', { name: 'Conferma' }));
      return user;
    }

    it('sends the six digits and says the new authenticator is confirmed', async () => {
      api.setHandler(confirmHandler(() => ok(null, 'Authenticator confirmed')));
      await typeCode('123456');
      // Every session ends, this browser's too: not just 'the others'.
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Nuovo autenticatore confermato: da ora accedi con il codice della nuova app. Tutte le tue sessioni sono state terminate, su ogni dispositivo e browser: accedi di nuovo.',
      );
      expect(screen.getByRole('status')).not.toHaveTextContent('Le altre sessioni');
      expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.query.get('code'))).toEqual([
        '123456',
      ]);
      expect(
        screen.queryByRole('img', { name: "Codice QR per configurare l'app di autenticazione" }),
      ).toBeNull();
      expect(screen.getByRole('link', { name: 'Vai al login' })).toHaveAttribute('href', '/signIn');
    });

    it('says a wrong code is not valid and lets the user try again', async () => {
      api.setHandler(
        confirmHandler((code) =>
          code === '654321' ? ok(null) : refusal(400, 'Wrong one-time code', 'INVALID_CODE'),
        ),
      );
      const user = await typeCode('111111');
      expect(await screen.findByRole('alert')).toHaveTextContent('Il codice inserito non è valido');
      expect(screen.queryByRole('status')).toBeNull();
      // The emptied boxes keep the focus for the next code.
      await waitFor(() => expect(screen.getByLabelText('Codice a 6 cifre della nuova app')).toHaveFocus());
      await user.keyboard('654321');
      expect(await screen.findByRole('status')).toHaveTextContent('Nuovo autenticatore confermato');
    });

    it('says too many wrong codes locked the confirmation, and asks for all six digits first', async () => {
      api.setHandler(confirmHandler(() => refusal(429, 'Too many wrong codes: try again later', 'LOCKED')));
      await typeCode('12');
      expect(await screen.findByRole('alert')).toHaveTextContent('Inserisci tutte le 6 cifre del codice');
      expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
      const user = userEvent.setup();
      await user.click(screen.getByLabelText('Codice a 6 cifre della nuova app'));
      await user.keyboard('3456');
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(
          'Troppi codici errati: account temporaneamente bloccato, riprova più tardi',
        ),
      );
    });
  });

  it('says an expired link must be replaced by an administrator, without touching any session (401)', async () => {
    api.setHandler(() =>
      refusal(
        401,
        'This enrolment link has expired or was already used: ask an administrator for a new one',
        'ENROLMENT_EXPIRED',
      ),
    );
    const { router } = await renderApp('/2fa/old');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Il link è scaduto o è già stato usato. Chiedi a un amministratore di inviarti un nuovo codice QR.',
    );
    expect(screen.getByRole('link', { name: 'Vai al login' })).toHaveAttribute('href', '/signIn');
    expect(screen.queryByText("Sessione scaduta, effettua nuovamente l'accesso")).toBeNull();
    expect(router.state.location.pathname).toBe('/2fa/old');
  });

  it('says an error occurred for any other failure', async () => {
    api.setHandler(() => refusal(500, 'Internal server error', 'INTERNAL'));
    await renderApp('/2fa/any');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Si è verificato un errore durante il caricamento del codice QR.',
    );
    expect(screen.getByRole('link', { name: 'Vai al login' })).toBeInTheDocument();
  });

  it('sends /2fa without a token to sign-in', async () => {
    const { router } = await renderApp('/2fa');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
    expect(api.requests).toHaveLength(0);
  });
});
