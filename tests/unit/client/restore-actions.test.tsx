// Signing out clears the saved comparisons in IndexedDB, which jsdom lacks.
import { findModal } from '../../support/modal';
import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, refusal, startFakeApi, type FakeReply } from '../../support/fake-api';
import { setOnline } from '../../support/online';
import { recordChangedMessage } from '../../../contract/record-changed';
import { formatDateTime } from '../../../contract/rome-time';
import { fakeSessionToken } from '../../support/client-token';

// Whole screens render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const api = await startFakeApi();
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { Providers } = await import('@/app/providers');
const { resetApp } = await import('../../support/render-app');
const { sessionStore } = await import('@/lib/session-store');
const { RestoreActions } = await import('@/domain/restore-request/restore-actions');

const RANA = { id: 9, username: 'rana.operatore', role: 'USER_RANA' };
const SEARCH = { agentId: '005000000000001AAA', dateFrom: '2025-01-01', dateTo: '2025-04-30' };
const DUPLICATE = 'You have some requests already in pending or done for one of the revision selected';

let reply: () => FakeReply;
beforeEach(() => {
  api.requests.length = 0;
  reply = () => ok([]);
  api.setHandler(({ method, path }) =>
    method === 'POST' && /^\/restore-(account|case)-request\/$/.test(path) ? reply() : { status: 404 },
  );
});
afterEach(() => {
  resetApp();
  setOnline(true);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

type Props = ComponentProps<typeof RestoreActions>;
async function renderActions(
  props: Partial<Props> = {},
  as: { id: number; username: string; role: string } = RANA,
) {
  sessionStore.signedIn(await fakeSessionToken(as));
  const onDone = vi.fn();
  render(
    <Providers>
      <RestoreActions
        kind="case"
        place="list"
        revisionIds={[7, 8]}
        search={SEARCH}
        onDone={onDone}
        {...props}
      />
    </Providers>,
  );
  return { user: userEvent.setup(), onDone };
}

const creates = () => api.requests.filter((r) => r.method === 'POST');

async function request(
  user: ReturnType<typeof userEvent.setup>,
  button: string,
  code = '123456',
  { enter = false } = {},
) {
  await user.click(screen.getByRole('button', { name: button }));
  const dialog = await findModal('dialog', {
    name: 'Per procedere al ripristino inserire il codice OTP',
  });
  await user.type(within(dialog).getByLabelText('Codice OTP'), code);
  // The 6-digit boxes submit on their last digit; a short code needs Enter.
  if (enter) await user.keyboard('{Enter}');
  return dialog;
}

describe('who sees the restore buttons', () => {
  it('shows Segnala ripristino and Forza ripristino to USER_RANA', async () => {
    await renderActions();
    expect(screen.getByRole('button', { name: 'Segnala ripristino' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Forza ripristino' })).toBeEnabled();
  });

  it.each(['ADMIN', 'USER_STORICO'])('shows nothing to %s', async (role) => {
    await renderActions({}, { id: 1, username: 'altro', role });
    expect(screen.queryByRole('button', { name: 'Segnala ripristino' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Forza ripristino' })).not.toBeInTheDocument();
  });

  it('keeps them disabled until a row is selected', async () => {
    await renderActions({ revisionIds: [] });
    for (const name of ['Segnala ripristino', 'Forza ripristino'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
  });

  it("disables them offline with 'Disponibile solo online', and sends nothing", async () => {
    await renderActions();
    setOnline(false);
    for (const name of ['Segnala ripristino', 'Forza ripristino']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', 'Disponibile solo online');
    }
    expect(screen.getByText('Disponibile solo online')).toBeInTheDocument();
    setOnline(true);
    expect(screen.getByRole('button', { name: 'Segnala ripristino' })).toBeEnabled();
    expect(creates()).toHaveLength(0);
  });
});

describe('asking for a restore', () => {
  it('reports the selected revisions from a list with a 6-digit code', async () => {
    const { user, onDone } = await renderActions();
    await request(user, 'Segnala ripristino');
    expect(await screen.findByText('Richiesta di ripristino inviata con successo')).toBeInTheDocument();
    const [call] = creates();
    expect(call?.path).toBe('/restore-case-request/');
    expect(call?.query.get('code')).toBe('123456');
    expect(call?.body).toEqual({
      dateFrom: '2025-01-01T00:00:00.000Z',
      dateTo: '2025-04-30T00:00:00.000Z',
      restoreTypeId: 1,
      userCreatorId: 9,
      userReviewerId: 0,
      salesforceUserId: '005000000000001AAA',
      revisionIdList: [7, 8],
    });
    expect(onDone).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('forces a case restore with the current user as reviewer', async () => {
    const { user } = await renderActions();
    await request(user, 'Forza ripristino');
    expect(await screen.findByText('Caso ripristinato con successo')).toBeInTheDocument();
    expect(creates()[0]?.body).toMatchObject({ restoreTypeId: 2, userCreatorId: 9, userReviewerId: 9 });
  });

  it('forces a contact restore from its detail screen with the same six boxes', async () => {
    const { user } = await renderActions({
      kind: 'account',
      place: 'detail',
      revisionIds: [31],
      search: { ...SEARCH, agentId: '' },
    });
    // Letters and spaces are not taken by the boxes; the sixth digit submits.
    await request(user, 'Forza ripristino', '12 345a6');
    expect(await screen.findByText('Contatto ripristinato con successo')).toBeInTheDocument();
    const [call] = creates();
    expect(call?.path).toBe('/restore-account-request/');
    expect(call?.query.get('code')).toBe('123456');
    expect(call?.body).toMatchObject({ revisionIdList: [31], salesforceUserId: null });
  });

  it.each(['list', 'detail'] as const)('asks for all six digits on a %s before sending', async (place) => {
    const { user } = await renderActions({ place });
    const dialog = await request(user, 'Segnala ripristino', '123', { enter: true });
    expect(await within(dialog).findByText('Inserisci tutte le 6 cifre del codice')).toBeInTheDocument();
    expect(creates()).toHaveLength(0);
  });
});

describe('the messages of a refused restore', () => {
  it.each([
    ['list', 'Esistono già delle richieste in sospeso o completate per una delle revisioni selezionate'],
    ['detail', 'Esiste già una richiesta in sospeso o completata per la revisione selezionata'],
  ] as const)('words a duplicate request for the %s', async (place, message) => {
    reply = () => refusal(409, DUPLICATE, 'DUPLICATE_REQUEST');
    const { user, onDone } = await renderActions({ place, revisionIds: place === 'list' ? [7, 8] : [7] });
    await request(user, 'Segnala ripristino', '123456');
    // The message shows once the refusal is in, so the one request has reached the fake API by then.
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(creates()).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('keeps the dialog open on a wrong code and says so', async () => {
    reply = () => refusal(400, 'Invalid Totp', 'INVALID_CODE');
    const { user } = await renderActions();
    const dialog = await request(user, 'Forza ripristino');
    expect(await within(dialog).findByText('Il codice inserito non è valido')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Codice OTP')).toHaveValue('');
  });

  it.each([
    ['case', 'Segnala ripristino', "Errore durante l'invio della richiesta"],
    ['case', 'Forza ripristino', 'Errore durante il ripristino del caso'],
    ['account', 'Forza ripristino', 'Errore durante il ripristino del contatto'],
  ] as const)('names the failed action: %s, %s', async (kind, button, message) => {
    reply = () => refusal(502, 'The CRM refused the update', 'BAD_GATEWAY');
    const { user } = await renderActions({ kind });
    await request(user, button);
    expect(await screen.findByText(message)).toBeInTheDocument();
    // An unknown code is told by its status, never in the server's English.
    expect(
      screen.getByText("Il server non è riuscito a completare l'operazione. Riprova tra qualche istante."),
    ).toBeInTheDocument();
    expect(screen.queryByText('The CRM refused the update')).not.toBeInTheDocument();
  });

  it("says a CRM refusal of a forced restore in Italian, with the CRM's own words", async () => {
    reply = () =>
      refusal(
        502,
        'Updating Account 001000000000001AAA: Salesforce said FIELD_CUSTOM_VALIDATION_EXCEPTION: Telefono non valido',
        'CRM_ERROR',
      );
    const { user } = await renderActions({ kind: 'account' });
    await request(user, 'Forza ripristino');
    expect(await screen.findByText('Errore durante il ripristino del contatto')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Il CRM ha rifiutato: una regola di convalida del CRM non accetta i valori da ripristinare. Ha risposto: «Telefono non valido»',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Salesforce said/)).toBeNull();
  });

  it.each([
    [
      'RESTORE_NOT_KEPT',
      'The CRM did not keep the restored value of Phone: it holds another value after the write',
      /^Il CRM non ha mantenuto i valori ripristinati/,
    ],
    [
      'CRM_ERROR',
      'Updating Account 001000000000001AAA: Salesforce could not be reached (ECONNREFUSED)',
      /^Il CRM non ha eseguito l'operazione$/,
    ],
  ] as const)(
    'says a %s failure in Italian alone, without the server’s English',
    async (code, english, said) => {
      reply = () => refusal(502, english, code);
      const { user } = await renderActions({ kind: 'account' });
      await request(user, 'Forza ripristino');
      expect(await screen.findByText('Errore durante il ripristino del contatto')).toBeInTheDocument();
      expect(screen.getByText(said)).toBeInTheDocument();
      expect(screen.queryByText(new RegExp(english.slice(0, 20)))).toBeNull();
    },
  );

  it('names who changed the record in the CRM since its latest version here, and when', async () => {
    const at = '2026-11-03T09:15:00.000Z';
    reply = () => refusal(409, recordChangedMessage({ by: 'Giulia Bianchi', at }), 'RECORD_CHANGED_SINCE');
    const { user } = await renderActions({ kind: 'account' });
    await request(user, 'Forza ripristino');
    expect(
      await screen.findByText(
        `Il record è stato modificato nel CRM da Giulia Bianchi il ${formatDateTime(at)}: controlla il confronto con la versione più recente prima di ripristinare.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Changed in the CRM/)).toBeNull();
  });

  it('says what to do when the case would point at its deleted contact', async () => {
    reply = () =>
      refusal(
        409,
        "Case 500000000000001AAA would point at a record in the CRM's recycle bin (AccountId 001000000000001AAA): restore that record first",
        'RELATED_RECORD_DELETED',
      );
    const { user } = await renderActions({ kind: 'case' });
    await request(user, 'Forza ripristino');
    expect(await screen.findByText('Errore durante il ripristino del caso')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Il contatto di questo caso è eliminato nel CRM: ripristina prima il contatto, poi riprova',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/recycle bin/)).toBeNull();
  });
});
