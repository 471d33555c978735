import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { refusal, startFakeApi } from '../../support/fake-api';

// Without a token the server refuses every list; with one it refuses a role it does not admit (and writes the
// refusal to the audit log).
const api = await startFakeApi((request) =>
  request.headers.authorization
    ? refusal(403, 'Your role does not allow this', 'FORBIDDEN')
    : refusal(401, 'Missing bearer token', 'UNAUTHORIZED'),
);
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { renderApp, resetApp } = await import('../../support/render-app');

afterEach(() => {
  api.requests.length = 0;
  resetApp();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

describe('a page opened without a session', () => {
  it.each([
    '/gestione_ripristini_casi/gestioneRipristiniCasi',
    '/gestione_utenti/gestioneUtenti?page=2',
    '/avvisi',
    '/casi/500A?dateFrom=2024-01-01&dateTo=2024-02-01&agent=005A',
  ])('%s shows sign-in without asking the server, and without saying a session expired', async (path) => {
    const { router } = await renderApp(path);
    await screen.findByRole('heading', { name: /Accedi a Storico/ });
    expect(router.state.location.pathname).toBe('/signIn');
    // Long enough for a read started by the route to have come back.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.requests.map((r) => r.path)).toEqual([]);
    expect(screen.queryByText("Sessione scaduta, effettua nuovamente l'accesso")).toBeNull();
  });
});

const RANA = { id: 3, username: 'rana', role: 'USER_RANA' };
const STORICO = { id: 4, username: 'giulia', role: 'USER_STORICO' };
const ADMIN = { id: 1, username: 'admin', role: 'ADMIN' };

/** The page's route was read and answered: long enough for a read started by the route to have been made. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('a page for other roles', () => {
  it.each([
    ['/gestione_utenti/gestioneUtenti', STORICO, '/user/'],
    ['/gestione_ripristini_casi/gestioneRipristiniCasi', RANA, '/restore-case-request/'],
    [
      '/gestione_ripristini_contatti/gestioneRipristiniContatti?stato=APPROVED',
      RANA,
      '/restore-account-request/',
    ],
    ['/gestione_audit', STORICO, '/audit/'],
    ['/gestione_rollback/gestioneRollback', RANA, '/rollback-request/'],
    ['/rollback/richieste?stato=APPROVED', STORICO, '/rollback-request/'],
  ])('%s sends %o home without asking the server for it', async (path, as, endpoint) => {
    const { router } = await renderApp(path, { as });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await settled();
    expect(api.requests.map((r) => r.path)).not.toContain(endpoint);
  });

  it('is read for a role it admits', async () => {
    const { router } = await renderApp('/gestione_utenti/gestioneUtenti', { as: ADMIN });
    await waitFor(() => expect(api.requests.map((r) => r.path)).toContain('/user/'));
    expect(router.state.location.pathname).toBe('/gestione_utenti/gestioneUtenti');
  });
});
