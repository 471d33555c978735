import { waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { refusal, startFakeApi } from '../../support/fake-api';

// The server refuses a role it does not admit (and writes the refusal to the audit log).
const api = await startFakeApi(() => refusal(403, 'Your role does not allow this', 'FORBIDDEN'));
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
