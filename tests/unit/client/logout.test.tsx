import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOnline } from '../../support/online';
import { ok, startFakeApi } from '../../support/fake-api';

const api = await startFakeApi();
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { renderApp, resetApp } = await import('../../support/render-app');
const { readToken } = await import('@/lib/auth-token');
const { SEARCH_KEYS } = await import('@/domain/search-state');
const { sessionStore } = await import('@/lib/session-store');
const { fakeSessionToken } = await import('../../support/client-token');

const ME = { id: 7, username: 'mario.rossi', role: 'USER_RANA' };

beforeEach(() => {
  api.requests.length = 0;
  api.setHandler(({ method, path }) => {
    if (method === 'POST' && path === '/auth/logout') return ok(null);
    return { status: 404 };
  });
  setOnline(true);
});
afterEach(() => {
  setOnline(true);
  resetApp();
});
afterAll(() => api.close());

describe("'Esci'", () => {
  it('calls the server, forgets the token and the kept search, and shows sign-in', async () => {
    const { router } = await renderApp('/', { as: ME });
    window.sessionStorage.setItem(SEARCH_KEYS.agent, JSON.stringify({ id: '005A' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Esci' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toContain('POST /auth/logout');
    expect(readToken()).toBeUndefined();
    expect(window.sessionStorage.getItem(SEARCH_KEYS.agent)).toBeNull();
  });

  it("keeps no return page: whoever signs in next starts at 'Contatti', not at the page left", async () => {
    const { router } = await renderApp('/gestione_audit', {
      as: { id: 1, username: 'admin', role: 'ADMIN' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Esci' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
    await screen.findByRole('heading', { name: /Accedi a Storico/ });
    sessionStore.signedIn(await fakeSessionToken(ME));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contatti/contatti'));
  }, 30_000);

  it('offline, still signs out on this device', async () => {
    const { router } = await renderApp('/', { as: ME });
    window.sessionStorage.setItem(SEARCH_KEYS.agent, JSON.stringify({ id: '005A' }));
    setOnline(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Esci' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
    expect(readToken()).toBeUndefined();
    expect(window.sessionStorage.getItem(SEARCH_KEYS.agent)).toBeNull();
  });
});
