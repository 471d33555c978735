import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ok, startFakeApi } from '../../support/fake-api';

const api = await startFakeApi();
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { renderApp, resetApp } = await import('../../support/render-app');

afterEach(() => resetApp());
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

describe('the user in the header', () => {
  it('follows a name and role an administrator changed, from the next answer of the server', async () => {
    api.setHandler(() => ({
      ...ok([]),
      headers: { 'x-storico-role': 'USER_STORICO', 'x-storico-username': encodeURIComponent("mario.rossì'") },
    }));
    await renderApp('/impostazioni', { as: { id: 7, username: 'mario.rossi', role: 'USER_RANA' } });
    const current = await screen.findByTestId('current-user');
    expect(await within(current).findByText("mario.rossì'")).toBeInTheDocument();
    expect(within(current).getByText('User Storico')).toBeInTheDocument();
    expect(within(current).queryByText('mario.rossi')).toBeNull();
  });
});
