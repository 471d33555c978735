import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_RECORD, type RecordLife } from '@contract/search';
import { ok, pageOf, startFakeApi } from '../../support/fake-api';
import { lifeContactRow, lifeRevision, marksOf } from '../../support/record-life-rows';

// Whole screens render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const api = await startFakeApi();
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { renderApp, resetApp } = await import('../../support/render-app');
const { SEARCH_KEYS } = await import('@/domain/search-state');
const { translateErrorCode } = await import('@/i18n/it');

const RANA = { id: 9, username: 'rana.operatore', role: 'USER_RANA' };
const AGENT = { id: '005A', FirstName: 'Andrea', LastName: 'Rossi', username: 'andrea.rossi@demo.it' };
const RANGE = 'dateFrom=2025-01-01&dateTo=2025-06-30&agent=005A';

/** Made a business account in the CRM on 12 May 2025 (10:00 in Rome). */
const CONVERTED: RecordLife = { ...LIVE_RECORD, convertedAt: '2025-05-12T08:00:00.000Z' };

const contactRow = (id: string, name: string, life: RecordLife = LIVE_RECORD) =>
  lifeContactRow(id, name, life, { earlier: 91, later: 92 });

const giulia = { Id: '001C', Name: 'Giulia Verdi', PersonEmail: 'giulia@example.it', IsPersonAccount: true };
const revision = lifeRevision;
const beforeConversion = revision(91, '2025-02-10T10:00:00.000Z', 'sync', giulia, CONVERTED);
const conversion = revision(
  92,
  '2025-05-12T08:00:00.000Z',
  'convert',
  { ...giulia, IsPersonAccount: false },
  CONVERTED,
);

/** Made a business account, then deleted in the CRM on 3 June 2025: both hold. */
const CONVERTED_DELETED: RecordLife = { ...CONVERTED, deletedAt: '2025-06-03T09:30:00.000Z' };
const paolo = { ...giulia, Id: '001D', Name: 'Paolo Gialli' };
const paoloConverted = revision(93, '2025-05-12T08:00:00.000Z', 'convert', paolo, CONVERTED_DELETED);
const paoloDeleted = revision(
  94,
  '2025-06-03T09:30:00.000Z',
  'delete',
  { ...paolo, IsDeleted: true },
  CONVERTED_DELETED,
);

beforeEach(() => {
  api.requests.length = 0;
  api.setHandler(({ method, path }) => {
    if (method === 'POST' && path === '/restore-account-request/') return ok([]);
    if (path === '/sf-user/') return ok([AGENT]);
    if (path === '/sf-user/005A/sf-account')
      return ok(pageOf([contactRow('001C', 'Giulia Verdi', CONVERTED), contactRow('001L', 'Luca Neri')]));
    if (path === '/revision-account/001C/account') return ok(pageOf([beforeConversion, conversion]));
    if (path === '/revision-account/001C/history') return ok(pageOf([conversion, beforeConversion]));
    if (path === '/revision-account/001D/account') return ok(pageOf([paoloConverted, paoloDeleted]));
    if (path === '/revision-account/001D/history') return ok(pageOf([paoloDeleted, paoloConverted]));
    if (path === '/revision-account/differences') return ok({ jsonDiffProperties: '[IsPersonAccount]' });
    return { status: 404 };
  });
});
afterEach(() => {
  resetApp();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

/** The contact search page of USER_RANA, its agent and days already chosen. */
async function openContactList() {
  window.sessionStorage.setItem(SEARCH_KEYS.agent, JSON.stringify({ id: AGENT.id }));
  window.sessionStorage.setItem(
    SEARCH_KEYS.contacts,
    JSON.stringify({ dateFrom: '2025-01-01', dateTo: '2025-06-30' }),
  );
  await renderApp('/contatti/contatti', { as: RANA });
}

describe('a contact converted to a business account', () => {
  it('is marked in the search list with the day of the conversion, not as deleted', async () => {
    await openContactList();
    const table = await screen.findByRole('table', { name: 'Risultati della ricerca' });
    await within(table).findByText('Giulia Verdi');
    const row = (name: string) => within(table).getByText(name).closest('tr')!;

    expect(marksOf(row('Giulia Verdi'))).toEqual(['Convertito in account aziendale il 12/05/2025']);
    const mark = within(row('Giulia Verdi')).getByRole('listitem');
    expect(mark).toHaveAttribute('data-mark', 'converted');
    expect(mark.className).not.toMatch(/destructive/);
    expect(marksOf(row('Luca Neri'))).toEqual([]);
  });

  it('shows the conversion in a neutral banner on its detail screen', async () => {
    await renderApp(`/contatti/001C?${RANGE}`, { as: RANA });
    const banner = await screen.findByTestId('record-life-banner');
    expect(within(banner).getByText('Convertito in account aziendale il 12/05/2025')).toBeInTheDocument();
    // Still a record of the CRM: no deletion notice.
    expect(screen.queryByRole('region', { name: 'Record eliminato nel CRM' })).not.toBeInTheDocument();
    expect(banner.className).not.toMatch(/destructive/);
  });

  it("labels the revision saved at the conversion 'Convertito in account aziendale' in the timeline", async () => {
    await renderApp(`/contatti/001C?${RANGE}`, { as: RANA });
    const user = userEvent.setup();
    await screen.findByTestId('comparison');
    await user.click(screen.getByRole('button', { name: 'Cronologia delle revisioni' }));
    const entry = (
      await screen.findByRole('checkbox', { name: /\(Convertito in account aziendale\)/ })
    ).closest('li')!;
    expect(entry).toHaveAttribute('data-revision-id', '92');
    expect(
      within(entry).getByText('Revisione del 12/05/2025 10:00 (Convertito in account aziendale)'),
    ).toBeInTheDocument();
    // Not a deletion: no deletion badge or style.
    expect(entry).not.toHaveAttribute('data-deletion');
    expect(within(entry).queryByText('Eliminato nel CRM')).not.toBeInTheDocument();
  });

  it('disables Forza ripristino on its detail screen and says why; a report can still be made', async () => {
    await renderApp(`/contatti/001C?${RANGE}`, { as: RANA });
    await screen.findByTestId('comparison');
    const force = screen.getByRole('button', { name: 'Forza ripristino' });
    expect(force).toBeDisabled();
    expect(force).toHaveAccessibleDescription(/^Il contatto è diventato un account aziendale nel CRM/);
    expect(screen.getByTestId('force-blocked')).toHaveTextContent(
      'Il contatto è diventato un account aziendale nel CRM: non può essere ripristinato ora, ma puoi segnalare il ripristino',
    );
    expect(screen.getByRole('button', { name: 'Segnala ripristino' })).toBeEnabled();

    const user = userEvent.setup();
    await user.click(force);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('disables Forza ripristino on the list while a converted contact is among the selected rows', async () => {
    await openContactList();
    await screen.findByText('Giulia Verdi');
    const user = userEvent.setup();
    const force = () => screen.getByRole('button', { name: 'Forza ripristino' });

    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Luca Neri' }));
    expect(force()).toBeEnabled();
    expect(screen.queryByTestId('force-blocked')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Giulia Verdi' }));
    expect(force()).toBeDisabled();
    expect(screen.getByTestId('force-blocked')).toHaveTextContent(
      'Uno dei contatti selezionati è diventato un account aziendale nel CRM',
    );
    expect(screen.getByRole('button', { name: 'Segnala ripristino' })).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Luca Neri' }));
    expect(screen.getByTestId('force-blocked')).toHaveTextContent(
      'Il contatto è diventato un account aziendale nel CRM: non può essere ripristinato ora',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Giulia Verdi' }));
    expect(force()).toBeDisabled(); // nothing selected
    expect(screen.queryByTestId('force-blocked')).not.toBeInTheDocument();
  });

  it('deleted since, shows both marks and keeps Forza ripristino disabled for the conversion', async () => {
    await renderApp(`/contatti/001D?${RANGE}`, { as: RANA });
    const banner = await screen.findByTestId('record-life-banner');
    expect(within(banner).getByText('Eliminato nel CRM il 03/06/2025')).toBeInTheDocument();
    expect(within(banner).getByText('Convertito in account aziendale il 12/05/2025')).toBeInTheDocument();
    await screen.findByTestId('comparison');
    const force = screen.getByRole('button', { name: 'Forza ripristino' });
    expect(force).toBeDisabled();
    expect(force).toHaveAccessibleDescription(/^Il contatto è diventato un account aziendale nel CRM/);
    expect(screen.getByRole('button', { name: 'Segnala ripristino' })).toBeEnabled();
  });

  it('explains in Italian why a restore onto it is refused', () => {
    expect(translateErrorCode('RECORD_CONVERTED')).toBe(
      'Il contatto è diventato un account aziendale nel CRM: non può essere ripristinato finché non torna un contatto',
    );
  });
});
