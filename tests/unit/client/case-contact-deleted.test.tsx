import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_RECORD } from '@contract/search';
import { ok, pageOf, startFakeApi } from '../../support/fake-api';
import { setOnline } from '../../support/online';
import { lifeRevision } from '../../support/record-life-rows';

// Whole screens render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const api = await startFakeApi();
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { renderApp, resetApp } = await import('../../support/render-app');
const { clearComparisons, latestComparison } = await import('@/offline/comparison-store');

const RANA = { id: 9, username: 'rana.operatore', role: 'USER_RANA' };
const STAFF = { id: 4, username: 'staff.storico', role: 'USER_STORICO' };
const RANGE = 'dateFrom=2025-01-01&dateTo=2025-06-30&agent=005A';

/** Maria Bianchi, deleted in the CRM on 3 April 2025 (11:30 in Rome) with her cases. */
const MARIA = { id: '001D', name: 'Maria Bianchi' };
const DELETED = { ...LIVE_RECORD, deletedAt: '2025-04-03T09:30:00.000Z' };
/** A version of a case deleted with Maria: every one names her as the case's deleted contact. */
const caseVersion = (id: number, savedAt: string, json: object) =>
  lifeRevision(id, savedAt, 'sync', json, DELETED, MARIA);
const deletionOf = (id: number, json: object) =>
  lifeRevision(id, DELETED.deletedAt, 'delete', { ...json, IsDeleted: true }, DELETED, MARIA);

/** Case 00001001 was Maria's from the start. */
const kase = { Id: '500A', CaseNumber: '00001001', Subject: 'Confezione rotta', AccountId: MARIA.id };
const beforeDeletion = caseVersion(81, '2025-02-10T10:00:00.000Z', kase);
const deletion = deletionOf(82, kase);

/** Case 00001002 was Luca's (a live contact), then moved to Maria on 1 March. */
const moved = { Id: '500B', CaseNumber: '00001002', Subject: 'Etichetta errata', AccountId: '001L' };
const toMaria = { ...moved, AccountId: MARIA.id };
const ofLuca = caseVersion(91, '2025-02-10T10:00:00.000Z', moved);
const ofMaria = caseVersion(92, '2025-03-01T10:00:00.000Z', toMaria);
const movedDeletion = deletionOf(93, toMaria);

const maria = { Id: MARIA.id, Name: MARIA.name, PersonEmail: 'maria@example.it' };

beforeEach(() => {
  api.requests.length = 0;
  api.setHandler(({ path, query }) => {
    if (path === '/sf-user/') return ok([]);
    if (path === '/revision-case/500A/cases') return ok(pageOf([beforeDeletion, deletion]));
    if (path === '/revision-case/500A/history') return ok(pageOf([deletion, beforeDeletion]));
    if (path === '/revision-case/500B/cases')
      return ok(pageOf([query.get('dateFrom') === '2025-01-01' ? ofLuca : ofMaria, movedDeletion]));
    if (path === '/revision-case/differences') return ok({ jsonDiffProperties: '[Subject]' });
    if (path === '/revision-account/001D/account')
      return ok(pageOf([lifeRevision(71, '2025-02-01T10:00:00.000Z', 'sync', maria, DELETED)]));
    if (path === '/revision-account/differences') return ok({ jsonDiffProperties: '[]' });
    return { status: 404 };
  });
});
afterEach(async () => {
  setOnline(true);
  resetApp();
  await clearComparisons();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

const EXPLANATION = 'Il contatto di questo caso è eliminato nel CRM: ripristina prima il contatto.';
const report = () => screen.getByRole('button', { name: 'Segnala ripristino' });
const force = () => screen.getByRole('button', { name: 'Forza ripristino' });

describe('a case whose contact is deleted in the CRM', () => {
  it('disables both restore buttons on its detail screen and says why, with a link to the contact', async () => {
    await renderApp(`/casi/500A?${RANGE}`, { as: RANA });
    await screen.findByTestId('comparison');
    const note = await screen.findByTestId('restore-blocked');
    expect(note).toHaveTextContent(`${EXPLANATION} Apri il contatto Maria Bianchi`);
    for (const button of [report(), force()]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(new RegExp(`^${EXPLANATION}`));
    }
    // The contact's comparison at the same dates, without the case's agent.
    expect(within(note).getByRole('link', { name: 'Apri il contatto Maria Bianchi' })).toHaveAttribute(
      'href',
      '/contatti/001D?dateFrom=2025-01-01&dateTo=2025-06-30',
    );

    const user = userEvent.setup();
    await user.click(report());
    await user.click(force());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("opens the contact's comparison from the link", async () => {
    const { router } = await renderApp(`/casi/500A?${RANGE}`, { as: RANA });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Apri il contatto Maria Bianchi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contatti/001D'));
    expect(await screen.findByRole('heading', { name: 'Dettaglio Contatto' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/revision-account/001D/account')).toBe(true),
    );
  });

  it('holds back no version that moves the case back to a live contact', async () => {
    const view = await renderApp(`/casi/500B?${RANGE}`, { as: RANA });
    await screen.findByTestId('comparison');
    await waitFor(() => expect(report()).toBeEnabled());
    expect(force()).toBeEnabled();
    expect(screen.queryByTestId('restore-blocked')).not.toBeInTheDocument();
    view.unmount();

    // From 1 March the version restored is Maria's too.
    await renderApp('/casi/500B?dateFrom=2025-03-15&dateTo=2025-06-30&agent=005A', { as: RANA });
    expect(await screen.findByTestId('restore-blocked')).toHaveTextContent(EXPLANATION);
    expect(report()).toBeDisabled();
    expect(force()).toBeDisabled();
  });

  it('is not said to other roles, who have no restore buttons', async () => {
    await renderApp(`/casi/500A?${RANGE}`, { as: STAFF });
    await screen.findByTestId('comparison');
    expect(screen.queryByRole('button', { name: 'Segnala ripristino' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('restore-blocked')).not.toBeInTheDocument();
  });

  it('keeps the deleted contact in the comparison saved for offline, which reopens without a network', async () => {
    const view = await renderApp(`/casi/500A?${RANGE}`, { as: RANA });
    await screen.findByTestId('restore-blocked');
    await waitFor(async () =>
      expect((await latestComparison(RANA.id, 'case', '500A'))?.first.deletedContact).toEqual(MARIA),
    );
    view.unmount();

    setOnline(false);
    await renderApp(`/casi/500A?${RANGE}`, { as: RANA });
    expect(await screen.findByTestId('offline-note')).toBeInTheDocument();
    expect(screen.getByTestId('comparison')).toBeInTheDocument();
    // Offline no restore can be made at all, and that is what the screen says.
    expect(report()).toBeDisabled();
    expect(force()).toBeDisabled();
    expect(screen.getAllByText('Disponibile solo online').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('restore-blocked')).not.toBeInTheDocument();
  });
});
