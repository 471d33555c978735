import { screen } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { refusal, startFakeApi } from '../../support/fake-api';

// Without a token the server refuses every list.
const api = await startFakeApi(() => refusal(401, 'Missing bearer token', 'UNAUTHORIZED'));
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
