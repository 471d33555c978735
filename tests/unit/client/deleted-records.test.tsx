import { findModal } from '../../support/modal';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_RECORD, type RecordLife } from '@contract/search';
import { ok, pageOf, startFakeApi } from '../../support/fake-api';
import { setOnline } from '../../support/online';
import { lifeContactRow, lifeRevision, marksOf } from '../../support/record-life-rows';

// Whole screens render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const api = await startFakeApi();
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { renderApp, resetApp } = await import('../../support/render-app');
const { SEARCH_KEYS } = await import('@/domain/search-state');
const { saveComparison, clearComparisons } = await import('@/offline/comparison-store');
const { queryClient } = await import('@/app/query-client');
const { recordKeys } = await import('@/domain/kinds/query-keys');

const RANA = { id: 9, username: 'rana.operatore', role: 'USER_RANA' };
const AGENT = { id: '005A', FirstName: 'Andrea', LastName: 'Rossi', username: 'andrea.rossi@demo.it' };
const RANGE = 'dateFrom=2025-01-01&dateTo=2025-06-30&agent=005A';

/** Deleted on 3 April 2025 (11:30 in Rome) by a merge into 001S, which Storico keeps: Maria Bianchi Verdi. */
const MERGED: RecordLife = {
  ...LIVE_RECORD,
  deletedAt: '2025-04-03T09:30:00.000Z',
  mergedInto: '001S',
  mergedIntoKnown: true,
  mergedIntoLabel: 'Maria Bianchi Verdi',
};

const contactRow = (id: string, name: string, life: RecordLife = LIVE_RECORD) =>
  lifeContactRow(id, name, life);
const caseRow = (id: string, caseNumber: string, life: RecordLife) => ({
  id,
  description: 'Confezione danneggiata',
  caseNumber,
  createdAt: '2025-02-01T08:15:00.000Z',
  salesforceUser: { username: AGENT.username, FirstName: AGENT.FirstName, LastName: AGENT.LastName },
  earlierRevisionCase: { id: 81 },
  laterRevisionCase: { id: 81 },
  ...life,
});

const maria = { Id: '001D', Name: 'Maria Bianchi', PersonEmail: 'maria@example.it', Phone: '+39 333 1' };
const revision = lifeRevision;
const beforeDeletion = revision(61, '2025-02-10T10:00:00.000Z', 'sync', maria, MERGED);
const deletion = revision(
  62,
  '2025-04-03T09:30:00.000Z',
  'delete',
  { ...maria, IsDeleted: true, MasterRecordId: '001S' },
  MERGED,
);
const survivor = revision(
  71,
  '2025-03-01T10:00:00.000Z',
  'sync',
  { Id: '001S', Name: 'Maria Bianchi' },
  LIVE_RECORD,
);

beforeEach(() => {
  api.requests.length = 0;
  api.setHandler(({ method, path }) => {
    if (method === 'POST' && path === '/restore-account-request/') return ok([]);
    if (path === '/sf-user/') return ok([AGENT]);
    if (path === '/sf-user/005A/sf-account')
      return ok(
        pageOf([
          contactRow('001D', 'Maria Bianchi', MERGED),
          contactRow('001U', 'Paolo Gialli', {
            ...MERGED,
            mergedInto: '001Z',
            mergedIntoKnown: false,
            mergedIntoLabel: null,
          }),
          contactRow('001L', 'Luca Neri'),
        ]),
      );
    if (path === '/sf-user/005A/sf-case')
      return ok(
        pageOf([
          caseRow('500P', '00010001', {
            ...LIVE_RECORD,
            deletedAt: '2025-03-20T10:00:00.000Z',
            recreatedAs: '500R',
          }),
          caseRow('500R', '00010077', { ...LIVE_RECORD, recreatedFrom: '500P' }),
        ]),
      );
    if (path === '/revision-account/001D/account') return ok(pageOf([beforeDeletion, deletion]));
    if (path === '/revision-account/001D/history') return ok(pageOf([deletion, beforeDeletion]));
    if (path === '/revision-account/001S/account') return ok(pageOf([survivor]));
    if (path === '/revision-account/differences')
      return ok({ jsonDiffProperties: '[IsDeleted, MasterRecordId]' });
    return { status: 404 };
  });
});
afterEach(async () => {
  resetApp();
  setOnline(true);
  await clearComparisons();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

function keepSearch(kind: 'contacts' | 'cases', deleted?: boolean) {
  window.sessionStorage.setItem(SEARCH_KEYS.agent, JSON.stringify({ id: AGENT.id }));
  window.sessionStorage.setItem(
    SEARCH_KEYS[kind],
    JSON.stringify({ dateFrom: '2025-01-01', dateTo: '2025-06-30', deleted }),
  );
}

const searches = (path: string) => api.requests.filter((r) => r.path === path);

describe('the search lists', () => {
  it("mark a deleted contact in words, and link 'Unito a …' to the survivor only when Storico keeps it", async () => {
    keepSearch('contacts');
    await renderApp('/contatti/contatti', { as: RANA });
    const table = await screen.findByRole('table', { name: 'Risultati della ricerca' });
    const row = (name: string) => within(table).getByText(name).closest('tr')!;
    await within(table).findByText('Maria Bianchi');

    expect(marksOf(row('Maria Bianchi'))).toEqual([
      'Eliminato nel CRM il 03/04/2025',
      'Unito a Maria Bianchi Verdi',
    ]);
    // The record it was merged into is opened at the same dates, but not as the searched agent's.
    expect(
      within(row('Maria Bianchi')).getByRole('link', { name: 'Unito a Maria Bianchi Verdi' }),
    ).toHaveAttribute('href', '/contatti/001S?dateFrom=2025-01-01&dateTo=2025-06-30');
    expect(marksOf(row('Paolo Gialli'))).toEqual(['Eliminato nel CRM il 03/04/2025', 'Unito a 001Z']);
    expect(within(row('Paolo Gialli')).queryByRole('link')).not.toBeInTheDocument();
    expect(marksOf(row('Luca Neri'))).toEqual([]);
    // The columns stay those of docs/product.md#contact-search: the marks sit under the name.
    expect(within(table).getAllByRole('columnheader')).toHaveLength(7);
  });

  it("mark a re-created case both ways, 'Ricreato come …' and 'Sostituisce …', each linking to the other", async () => {
    keepSearch('cases');
    await renderApp('/casi/casi', { as: RANA });
    const table = await screen.findByRole('table', { name: 'Risultati della ricerca' });
    await within(table).findByText('00010001');
    const old = within(table).getByText('00010001').closest('tr')!;
    const successor = within(table).getByText('00010077').closest('tr')!;
    expect(marksOf(old)).toEqual(['Eliminato nel CRM il 20/03/2025', 'Ricreato come 500R']);
    expect(within(old).getByRole('link', { name: 'Ricreato come 500R' })).toHaveAttribute(
      'href',
      `/casi/500R?${RANGE}`,
    );
    expect(within(successor).getByRole('link', { name: 'Sostituisce 500P' })).toHaveAttribute(
      'href',
      `/casi/500P?${RANGE}`,
    );
  });

  it("ask only for deleted records with 'Solo eliminati', and keep the choice for the next visit", async () => {
    keepSearch('contacts');
    window.sessionStorage.setItem(
      SEARCH_KEYS.bar,
      JSON.stringify({ agentId: AGENT.id, dateFrom: '01/01/2025', dateTo: '30/06/2025' }),
    );
    const view = await renderApp('/contatti/contatti', { as: RANA });
    const user = userEvent.setup();
    await screen.findByText('Maria Bianchi');
    expect(searches('/sf-user/005A/sf-account').every((r) => !r.query.has('deleted'))).toBe(true);

    await user.click(screen.getByRole('switch', { name: 'Solo eliminati' }));
    await user.click(screen.getByRole('button', { name: 'Cerca' }));
    await waitFor(() =>
      expect(searches('/sf-user/005A/sf-account').at(-1)?.query.get('deleted')).toBe('true'),
    );
    expect(JSON.parse(window.sessionStorage.getItem(SEARCH_KEYS.contacts)!)).toMatchObject({ deleted: true });
    expect(JSON.parse(window.sessionStorage.getItem(SEARCH_KEYS.bar)!)).toMatchObject({ deleted: true });

    // Coming back to the list: the switch is still on and the kept search still asks for deleted records only.
    view.unmount();
    api.requests.length = 0;
    await renderApp('/contatti/contatti', { as: RANA });
    expect(await screen.findByRole('switch', { name: 'Solo eliminati' })).toBeChecked();
    await waitFor(() => expect(searches('/sf-user/005A/sf-account').length).toBeGreaterThan(0));
    expect(searches('/sf-user/005A/sf-account').every((r) => r.query.get('deleted') === 'true')).toBe(true);
  });
});

describe('the detail of a deleted contact', () => {
  it('shows a banner with the date and the survivor, which opens in the same screen', async () => {
    const { router } = await renderApp(`/contatti/001D?${RANGE}`, { as: RANA });
    const user = userEvent.setup();
    const banner = await screen.findByRole('region', { name: 'Record eliminato nel CRM' });
    expect(within(banner).getByText('Eliminato nel CRM il 03/04/2025')).toBeInTheDocument();

    await user.click(within(banner).getByRole('link', { name: 'Unito a Maria Bianchi Verdi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contatti/001S'));
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/revision-account/001S/account')).toBe(true),
    );
    // The survivor lives: no banner once its versions are on screen.
    await screen.findByTestId('comparison');
    await waitFor(() =>
      expect(screen.getByTestId('right-heading')).toHaveTextContent('Le versioni sono le medesime'),
    );
    expect(screen.queryByTestId('record-life-banner')).not.toBeInTheDocument();
  });

  it('shows the deletion in the revision timeline, distinct from the other entries', async () => {
    await renderApp(`/contatti/001D?${RANGE}`, { as: RANA });
    const user = userEvent.setup();
    await screen.findByTestId('comparison');
    await user.click(screen.getByRole('button', { name: 'Cronologia delle revisioni' }));
    const entry = (await screen.findByRole('checkbox', { name: /\(Eliminato nel CRM\)/ })).closest('li')!;
    expect(entry).toHaveAttribute('data-revision-id', '62');
    expect(within(entry).getByText('Eliminato nel CRM')).toBeInTheDocument();
    expect(within(entry).getByText('Revisione del 03/04/2025 11:30 (Eliminato nel CRM)')).toBeInTheDocument();
    const other = document.querySelector('li[data-revision-id="61"]') as HTMLElement;
    expect(within(other).queryByText('Eliminato nel CRM')).not.toBeInTheDocument();
  });

  it('keeps the report and force buttons for USER_RANA: a report goes through the usual flow', async () => {
    await renderApp(`/contatti/001D?${RANGE}`, { as: RANA });
    const user = userEvent.setup();
    const report = screen.getByRole('button', { name: 'Segnala ripristino' });
    await waitFor(() => expect(report).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Forza ripristino' })).toBeEnabled();
    await user.click(report);
    const dialog = await findModal('dialog');
    // The dialog says the record comes back from the recycle bin; IsDeleted and MasterRecordId are no fields to tick.
    expect(
      await within(dialog).findByText(/Il record è eliminato nel CRM: il ripristino lo riporta dal cestino/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/IsDeleted|MasterRecordId/)).toBeNull();
    expect(within(dialog).queryAllByRole('checkbox')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Codice OTP'), '123456{Enter}');
    expect(await screen.findByText('Richiesta di ripristino inviata con successo')).toBeInTheDocument();
    const [create] = api.requests.filter((r) => r.method === 'POST');
    expect(create?.body).toMatchObject({ restoreTypeId: 1, revisionIdList: [61] });
  });
});

describe('offline', () => {
  const saved = (recordId: string, label: string, first: typeof deletion, second: typeof deletion) =>
    saveComparison({
      userId: RANA.id,
      kind: 'account',
      recordId,
      label,
      dateFrom: '2025-01-01',
      dateTo: '2025-06-30',
      first,
      second,
      differences: ['IsDeleted'],
    });

  it('a saved comparison of a deleted contact shows the same banner', async () => {
    await saved('001D', 'Maria Bianchi', beforeDeletion, deletion);
    setOnline(false);
    await renderApp(`/contatti/001D?${RANGE}`, { as: RANA });
    expect(await screen.findByTestId('offline-note')).toBeInTheDocument();
    const banner = screen.getByRole('region', { name: 'Record eliminato nel CRM' });
    expect(within(banner).getByText('Eliminato nel CRM il 03/04/2025')).toBeInTheDocument();
    expect(within(banner).getByText('Unito a Maria Bianchi Verdi')).toBeInTheDocument();
  });

  it('shows the saved comparison in the first render of the screen, read by the route before it', async () => {
    await saved('001D', 'Maria Bianchi', beforeDeletion, deletion);
    setOnline(false);
    // As after a reload without network: no 'offline' event has told the query client.
    onlineManager.setOnline(true);
    await renderApp(`/contatti/001D?${RANGE}`, { as: RANA });
    // Not findBy: no loading state comes first.
    expect(screen.getByTestId('offline-note')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Record eliminato nel CRM' })).toBeInTheDocument();
    // Nor are the versions asked for: the request could only fail.
    const versions = () =>
      queryClient
        .getQueryCache()
        .find({ queryKey: recordKeys.versions('account', '001D', '2025-01-01', '2025-06-30') });
    await waitFor(() => expect(versions()?.getObserversCount()).toBeGreaterThan(0));
    expect(versions()?.state.fetchStatus).toBe('idle');
    expect(api.requests.filter((r) => r.path.includes('001D'))).toEqual([]);
  });

  it("'Disponibili offline' marks the deleted records; a copy saved before deletions were tracked reads as live", async () => {
    await saved('001D', 'Maria Bianchi', beforeDeletion, deletion);
    // A comparison kept by an earlier version of the app: its revisions have no life fields.
    const {
      deletedAt: _d,
      mergedInto: _m,
      mergedIntoKnown: _k,
      mergedIntoLabel: _l,
      recreatedAs: _a,
      recreatedFrom: _f,
      ...old
    } = survivor;
    await saved('001L', 'Luca Neri', old as typeof deletion, old as typeof deletion);
    await renderApp('/disponibili_offline', { as: RANA });
    const table = await screen.findByRole('table');
    await within(table).findByText('Maria Bianchi');
    const row = (name: string) => within(table).getByText(name).closest('tr')!;
    expect(marksOf(row('Maria Bianchi'))).toEqual([
      'Eliminato nel CRM il 03/04/2025',
      'Unito a Maria Bianchi Verdi',
    ]);
    // Offline the survivor's screen may not be saved: the mark is not a link.
    expect(
      within(row('Maria Bianchi'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Apri']);
    // A screen reader's list of links tells the rows apart.
    expect(
      within(row('Maria Bianchi')).getByRole('link', { name: /^Apri Maria Bianchi dal / }),
    ).toBeVisible();
    expect(marksOf(row('Luca Neri'))).toEqual([]);
  });
});
