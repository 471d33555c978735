import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { sessionStore } from '@/lib/session-store';
import { fakeSessionToken } from '../../support/client-token';

async function renderAt(path: string, role?: string) {
  if (role) sessionStore.signedIn(await fakeSessionToken({ id: 1, username: 'mario.rossi', role }));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => sessionStore.clear());

describe('the app shell', () => {
  it('shows sign-in for any page without a session', async () => {
    const router = await renderAt('/casi/casi');
    expect(await screen.findByRole('heading', { name: /Accedi a Storico/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signIn');
  });

  it('keeps the public pages public', async () => {
    await renderAt('/forgotPassword');
    expect(await screen.findByRole('link', { name: 'Torna al login' })).toBeInTheDocument();
  });

  it('tells a user who forgot the password to ask an administrator for a new one, not for an e-mail no one can send', async () => {
    await renderAt('/forgotPassword');
    expect(
      await screen.findByText(
        'Per reimpostare la password chiedi a un amministratore di impostarne una nuova per te, poi accedi con quella.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/e-mail/)).toBeNull();
  });

  it('sends /2fa without a token to sign-in', async () => {
    const router = await renderAt('/2fa');
    await screen.findByRole('heading', { name: /Accedi a Storico/ });
    expect(router.state.location.pathname).toBe('/signIn');
  });

  it('sends a signed-in user away from sign-in', async () => {
    const router = await renderAt('/signIn', 'USER_RANA');
    expect(await screen.findByRole('heading', { name: 'Contatti', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/contatti/contatti');
  });

  it('shows the user, the role and Esci in the header', async () => {
    await renderAt('/', 'USER_STORICO');
    const user = await screen.findByTestId('current-user');
    expect(within(user).getByText('mario.rossi')).toBeInTheDocument();
    expect(within(user).getByText('User Storico')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Esci' })).toBeInTheDocument();
  });

  it.each([
    [
      'ADMIN',
      [
        'Contatti',
        'Casi',
        'Avvisi',
        'Impostazioni',
        'Disponibili offline',
        'Gestione utenti',
        'Gestione ripristini casi',
        'Gestione ripristini contatti',
        'Gestione rollback',
        'Audit',
      ],
    ],
    [
      'USER_STORICO',
      [
        'Contatti',
        'Casi',
        'Avvisi',
        'Impostazioni',
        'Disponibili offline',
        'Gestione ripristini casi',
        'Gestione ripristini contatti',
        'Gestione rollback',
      ],
    ],
    [
      'USER_RANA',
      ['Contatti', 'Casi', 'Avvisi', 'Le mie richieste di rollback', 'Impostazioni', 'Disponibili offline'],
    ],
  ])('shows %s the menu entries of its role', async (role, entries) => {
    await renderAt('/', role);
    const nav = await screen.findByRole('navigation', { name: 'Navigazione principale' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual(entries);
    expect(within(nav).queryByText('Gestione') !== null).toBe(role !== 'USER_RANA');
  });

  it('highlights the search a detail screen belongs to, which has no menu entry of its own', async () => {
    await renderAt(
      '/contatti/001000000000001AAA?agent=005000000000001AAA&dateFrom=2026-01-01&dateTo=2026-01-31',
      'USER_STORICO',
    );
    const nav = await screen.findByRole('navigation', { name: 'Navigazione principale' });
    expect(within(nav).getByRole('link', { name: 'Contatti' })).toHaveAttribute('aria-current', 'location');
    expect(within(nav).getByRole('link', { name: 'Contatti' })).toHaveClass('bg-accent');
    expect(within(nav).getByRole('link', { name: 'Casi' })).not.toHaveAttribute('aria-current');
  });

  it('marks the search list itself as the current page', async () => {
    await renderAt('/casi/casi', 'USER_STORICO');
    const nav = await screen.findByRole('navigation', { name: 'Navigazione principale' });
    expect(within(nav).getByRole('link', { name: 'Casi' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Contatti' })).not.toHaveClass('bg-accent');
  });

  it('keeps user management to ADMIN', async () => {
    const router = await renderAt('/gestione_utenti/gestioneUtenti', 'USER_STORICO');
    await screen.findByTestId('current-user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('keeps the restore lists from USER_RANA', async () => {
    const router = await renderAt('/gestione_ripristini_casi/gestioneRipristiniCasi', 'USER_RANA');
    await screen.findByTestId('current-user');
    // The role guard sends her home once the session is read: on a busy machine after the frame shows.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('answers an unknown page with the 404 view', async () => {
    await renderAt('/non/esiste', 'ADMIN');
    expect(await screen.findByText('Questa pagina non esiste')).toBeInTheDocument();
    // The title is set once the view has rendered (an effect), which a busy machine may run a moment later.
    await waitFor(() => expect(document.title).toBe('Questa pagina non esiste - Storico'));
    expect(screen.getByRole('link', { name: 'Torna alla home' })).toHaveAttribute('href', '/');
  });
});
