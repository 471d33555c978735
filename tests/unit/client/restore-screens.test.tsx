import { findModal } from '../../support/modal';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, pageOf, refusal, startFakeApi, type FakeHandler, type FakeReply } from '../../support/fake-api';

// Whole screens render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const api = await startFakeApi();
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { renderApp, resetApp } = await import('../../support/render-app');
const { SEARCH_KEYS } = await import('@/domain/search-state');

const RANA = { id: 9, username: 'rana.operatore', role: 'USER_RANA' };
const AGENT = { id: '005A', FirstName: 'Andrea', LastName: 'Rossi', username: 'andrea.rossi@demo.it' };
const DUPLICATE = 'You have some requests already in pending or done for one of the revision selected';

const contactRow = (id: string, name: string, revisionId: number) => ({
  id,
  creation_date: '2024-01-10T09:00:00.000Z',
  accountName: name,
  countSalesforceCases: 1,
  salesforceUser: { phone: '+39 333 111 2222', email: 'cliente@example.it' },
  earlierRevisionAccount: { id: revisionId },
  laterRevisionAccount: { id: revisionId + 1 },
});
const caseRevision = (id: number, status: string) => ({
  id,
  savedAt: '2024-02-01T08:15:00.000Z',
  source: 'sync',
  json: JSON.stringify({ Id: '500C', CaseNumber: '00010042', Reason: 'Complaint', Status: status }),
});

let create: () => FakeReply;
const screens: FakeHandler = ({ method, path }) => {
  if (method === 'POST' && /^\/restore-(account|case)-request\/$/.test(path)) return create();
  if (path === '/sf-user/') return ok([AGENT]);
  if (path === '/sf-user/005A/sf-account')
    return ok(pageOf([contactRow('001X', 'Maria Bianchi', 11), contactRow('001Y', 'Luca Neri', 21)]));
  if (path === '/revision-case/500C/cases')
    return ok(pageOf([caseRevision(31, 'New'), caseRevision(32, 'Closed')]));
  if (path === '/revision-case/differences') return ok({ jsonDiffProperties: '[Status]' });
  return { status: 404 };
};
beforeEach(() => {
  api.requests.length = 0;
  create = () => ok([]);
  api.setHandler(screens);
});
afterEach(resetApp);
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

const creates = () => api.requests.filter((r) => r.method === 'POST');

function keepContactSearch() {
  window.sessionStorage.setItem(SEARCH_KEYS.agent, JSON.stringify({ id: AGENT.id }));
  window.sessionStorage.setItem(
    SEARCH_KEYS.contacts,
    JSON.stringify({ dateFrom: '2024-01-01', dateTo: '2024-06-30' }),
  );
}

describe('the restore buttons on the contact search', () => {
  it('report the versions at the start date of the selected rows, then clear the selection', async () => {
    keepContactSearch();
    await renderApp('/contatti/contatti', { as: RANA });
    const user = userEvent.setup();
    await screen.findByText('Maria Bianchi');
    const report = screen.getByRole('button', { name: 'Segnala ripristino' });
    expect(report).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Maria Bianchi' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Luca Neri' }));
    await user.click(report);
    const dialog = await findModal('dialog', {
      name: 'Per procedere al ripristino inserire il codice OTP',
    });
    await user.type(within(dialog).getByLabelText('Codice OTP'), '246810');

    expect(await screen.findByText('Richiesta di ripristino inviata con successo')).toBeInTheDocument();
    expect(creates()[0]?.path).toBe('/restore-account-request/');
    expect(creates()[0]?.body).toEqual({
      dateFrom: '2024-01-01T00:00:00.000Z',
      dateTo: '2024-06-30T00:00:00.000Z',
      restoreTypeId: 1,
      userCreatorId: 9,
      userReviewerId: 0,
      salesforceUserId: '005A',
      revisionIdList: [11, 21],
    });
    expect(screen.getByRole('checkbox', { name: 'Seleziona Maria Bianchi' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Segnala ripristino' })).toBeDisabled();
  });

  it('list the fields of one selected row, its version at the start date against its latest one', async () => {
    const contact = (id: number, savedAt: string, phone: string) => ({
      id,
      savedAt,
      source: 'sync',
      json: JSON.stringify({
        Id: '001X',
        Name: 'Maria Bianchi',
        Phone: phone,
        PersonEmail: `m${id}@example.it`,
      }),
    });
    api.setHandler((request) => {
      if (request.path === '/revision-account/001X/account')
        return ok(pageOf([contact(11, '2024-01-05T09:00:00.000Z', '+39 02 1')]));
      if (request.path === '/revision-account/001X/history')
        return ok(pageOf([contact(12, '2024-03-01T10:00:00.000Z', '+39 02 2')]));
      if (request.path === '/revision-account/differences')
        return ok({ jsonDiffProperties: '[Phone, PersonEmail]' });
      return screens(request);
    });
    keepContactSearch();
    await renderApp('/contatti/contatti', { as: RANA });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Seleziona Maria Bianchi' }));
    await user.click(screen.getByRole('button', { name: 'Segnala ripristino' }));
    const dialog = await findModal('dialog');
    const table = await within(dialog).findByRole('table', { name: 'Campi da ripristinare' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Telefono+39 02 2+39 02 1', 'Emailm12@example.itm11@example.it']);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ripristina Telefono' }));
    await user.type(within(dialog).getByLabelText('Codice OTP'), '246810');
    expect(await screen.findByText('Richiesta di ripristino inviata con successo')).toBeInTheDocument();
    expect(creates()[0]?.body).toMatchObject({ revisionIdList: [11], fields: ['PersonEmail'] });
  });

  it('are not there for a USER_STORICO', async () => {
    keepContactSearch();
    await renderApp('/contatti/contatti', { as: { id: 4, username: 'giulia', role: 'USER_STORICO' } });
    await screen.findByText('Maria Bianchi');
    expect(screen.queryByRole('button', { name: 'Segnala ripristino' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Forza ripristino' })).not.toBeInTheDocument();
  });
});

describe('the restore buttons on the case detail', () => {
  const detail = '/casi/500C?dateFrom=2024-01-01&dateTo=2024-06-30&agent=005A';

  it('force the first version with a six-digit code, then reload the versions', async () => {
    await renderApp(detail, { as: RANA });
    const user = userEvent.setup();
    const force = screen.getByRole('button', { name: 'Forza ripristino' });
    await waitFor(() => expect(force).toBeEnabled());
    const loads = () => api.requests.filter((r) => r.path === '/revision-case/500C/cases').length;
    const before = loads();

    await user.click(force);
    const dialog = await findModal('dialog');
    await user.type(within(dialog).getByLabelText('Codice OTP'), '004217');

    expect(await screen.findByText('Caso ripristinato con successo')).toBeInTheDocument();
    expect(creates()[0]?.path).toBe('/restore-case-request/');
    expect(creates()[0]?.query.get('code')).toBe('004217');
    expect(creates()[0]?.body).toMatchObject({
      restoreTypeId: 2,
      userReviewerId: 9,
      salesforceUserId: '005A',
      revisionIdList: [31],
    });
    await waitFor(() => expect(loads()).toBeGreaterThan(before));
  });

  it('word a duplicate for the one revision of the screen', async () => {
    create = () => refusal(409, DUPLICATE, 'DUPLICATE_REQUEST');
    await renderApp(detail, { as: RANA });
    const user = userEvent.setup();
    const report = screen.getByRole('button', { name: 'Segnala ripristino' });
    await waitFor(() => expect(report).toBeEnabled());
    await user.click(report);
    await user.type(within(await findModal('dialog')).getByLabelText('Codice OTP'), '123456{Enter}');
    expect(
      await screen.findByText(
        'Esiste già una richiesta in sospeso o completata per la revisione selezionata',
      ),
    ).toBeInTheDocument();
  });
});

describe('choosing the fields of a restore from the case detail', () => {
  const detail = '/casi/500C?dateFrom=2024-01-01&dateTo=2024-06-30&agent=005A';
  const latest = {
    id: 40,
    savedAt: '2024-05-10T12:30:00.000Z',
    source: 'sync',
    json: JSON.stringify({
      Id: '500C',
      CaseNumber: '00010042',
      Reason: 'Complaint',
      Status: 'Escalated',
      Priority: 'High',
      LastModifiedDate: '2024-05-10T12:30:00.000Z',
    }),
  };
  const target = {
    ...caseRevision(31, 'New'),
    json: JSON.stringify({
      Id: '500C',
      CaseNumber: '00010042',
      Reason: 'Complaint',
      Status: 'New',
      Priority: 'Low',
      LastModifiedDate: '2024-02-01T08:15:00.000Z',
    }),
  };

  beforeEach(() => {
    api.setHandler(({ method, path, query }) => {
      if (method === 'POST' && /^\/restore-(account|case)-request\/$/.test(path)) return create();
      if (path === '/sf-user/') return ok([AGENT]);
      if (path === '/revision-case/500C/cases') return ok(pageOf([target, caseRevision(32, 'Closed')]));
      if (path === '/revision-case/500C/history') return ok(pageOf([latest, target]));
      if (path === '/revision-case/differences')
        return ok({
          jsonDiffProperties:
            query.get('secondRevisionCaseID') === '40' ? '[Status, Priority, LastModifiedDate]' : '[Status]',
        });
      return { status: 404 };
    });
  });

  async function openForce() {
    await renderApp(detail, { as: RANA });
    const user = userEvent.setup();
    const force = screen.getByRole('button', { name: 'Forza ripristino' });
    await waitFor(() => expect(force).toBeEnabled());
    await user.click(force);
    const dialog = await findModal('dialog');
    await within(dialog).findByRole('table', { name: 'Campi da ripristinare' });
    return { user, dialog };
  }

  it('lists each changed field with its latest stored value and the value restored, and sends only the ticked ones', async () => {
    const { user, dialog } = await openForce();
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['StatoEscalatedNew', 'PrioritàHighLow']);
    expect(within(dialog).getByText('Ultima versione salvata il 10/05/2024 14:30')).toBeInTheDocument();
    expect(within(dialog).getByText('Campi selezionati: 2 su 2')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Ripristina Priorità' }));
    expect(within(dialog).getByText('Campi selezionati: 1 su 2')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Codice OTP'), '004217');

    expect(await screen.findByText('Caso ripristinato con successo')).toBeInTheDocument();
    expect(creates()[0]?.body).toMatchObject({ revisionIdList: [31], fields: ['Status'] });
  });

  it('shows numbers as the detail screen does, cuts a long value, and confirms a forced restore in red', async () => {
    const withValues = (revision: typeof latest, values: Record<string, unknown>) => ({
      ...revision,
      json: JSON.stringify({ ...(JSON.parse(revision.json) as object), ...values }),
    });
    const long = 'Il cliente chiede '.repeat(20);
    const restored = withValues(target, { Score__c: 5.5, Description: 'Breve' });
    api.setHandler(({ path }) => {
      if (path === '/sf-user/') return ok([AGENT]);
      if (path === '/revision-case/500C/cases') return ok(pageOf([restored, caseRevision(32, 'Closed')]));
      if (path === '/revision-case/500C/history')
        return ok(pageOf([withValues(latest, { Score__c: 9.5, Description: long }), restored]));
      if (path === '/revision-case/differences') return ok({ jsonDiffProperties: '[Score__c, Description]' });
      return { status: 404 };
    });
    const { dialog } = await openForce();
    const row = (field: string) =>
      within(dialog).getByRole('table').querySelector(`[data-field="${field}"]`)!;
    expect(row('Score__c').textContent).toContain('9,5');
    expect(row('Score__c').textContent).toContain('5,5');
    expect(within(row('Description') as HTMLElement).getByTestId('truncated-text').textContent).toHaveLength(
      161,
    );
    expect(
      within(row('Description') as HTMLElement).getByRole('button', { name: 'altro' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Forza ripristino' })).toHaveClass('bg-destructive');
  });

  it('sends no fields when every field stays ticked: the restore writes them all', async () => {
    const { user, dialog } = await openForce();
    await user.type(within(dialog).getByLabelText('Codice OTP'), '004217');
    expect(await screen.findByText('Caso ripristinato con successo')).toBeInTheDocument();
    expect(creates()[0]?.body).not.toHaveProperty('fields');
  });

  it('does not list a checkbox the restored version holds no value for: the server leaves it as the CRM has it', async () => {
    const withRecall = (revision: typeof latest, recall: boolean | null) => ({
      ...revision,
      json: JSON.stringify({ ...JSON.parse(revision.json), Recall__c: recall }),
    });
    api.setHandler(({ method, path }) => {
      if (method === 'POST' && /^\/restore-(account|case)-request\/$/.test(path)) return create();
      if (path === '/sf-user/') return ok([AGENT]);
      if (path === '/revision-case/500C/cases')
        return ok(pageOf([withRecall(target, null), caseRevision(32, 'Closed')]));
      if (path === '/revision-case/500C/history')
        return ok(pageOf([withRecall(latest, true), withRecall(target, null)]));
      if (path === '/revision-case/differences')
        return ok({ jsonDiffProperties: '[Status, Recall__c]', keptByCrm: ['Recall__c'] });
      return { status: 404 };
    });
    const { user, dialog } = await openForce();
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['StatoEscalatedNew']);
    expect(within(dialog).getByText('Campi selezionati: 1 su 1')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Codice OTP'), '004217');
    expect(await screen.findByText('Caso ripristinato con successo')).toBeInTheDocument();
    expect(creates()[0]?.body).not.toHaveProperty('fields');
  });

  it('cannot be confirmed with every field unticked', async () => {
    const { user, dialog } = await openForce();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ripristina Stato' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ripristina Priorità' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Seleziona almeno un campo da ripristinare');
    expect(within(dialog).getByRole('button', { name: 'Forza ripristino' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Codice OTP'), '004217{Enter}');
    expect(creates()).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Ripristina Stato' }));
    expect(within(dialog).getByRole('button', { name: 'Forza ripristino' })).toBeEnabled();
  });
});
