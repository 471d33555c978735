import { findModal } from '../../support/modal';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../support/fake-api';
import { recordChangedMessage } from '../../../contract/record-changed';
import { formatDateTime } from '../../../contract/rome-time';
import { setOnline } from '../../support/online';
import {
  answerReviews,
  api,
  CASES,
  caseRequest,
  listCalls,
  lists,
  open,
} from './support/restore-requests-fixture';

const reviews = () => api.requests.filter((r) => r.method === 'POST');

async function typeCode(user: ReturnType<typeof userEvent.setup>, code = '123456') {
  const dialog = await findModal('dialog');
  await user.type(within(dialog).getByLabelText('Codice OTP'), code);
  return dialog;
}

describe('reviewing a pending request', () => {
  it('approves with the code: review call, success message, the list reloads', async () => {
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Approva la richiesta 11' }));
    lists.PENDING = [caseRequest(12, 'PENDING')];
    const dialog = await typeCode(user);
    expect(within(dialog).getByRole('heading', { name: 'Approva la richiesta n. 11' })).toBeInTheDocument();
    expect(await screen.findByText('Richiesta approvata con successo')).toBeInTheDocument();
    const [call] = reviews();
    expect(call?.path).toBe('/restore-case-request/11/review/4');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ approved: 'true', code: '123456' });
    expect(call?.body).toEqual({ userReviewerId: 4, restoreRequestsIdList: [11], approved: true });
    await waitFor(() => expect(screen.queryByText('000123411')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('rejects from the detail dialog', async () => {
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Dettaglio della richiesta 12' }));
    await user.click(
      within(await findModal('dialog')).getByRole('button', { name: 'Rifiuta la richiesta 12' }),
    );
    await typeCode(user, '654321');
    expect(await screen.findByText('Richiesta rifiutata con successo')).toBeInTheDocument();
    expect(reviews()[0]?.query.get('approved')).toBe('false');
  });

  it('keeps the dialog open on a wrong code and says so', async () => {
    answerReviews(() => refusal(400, 'Invalid Totp', 'INVALID_CODE'));
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Approva la richiesta 11' }));
    const dialog = await typeCode(user);
    expect(await within(dialog).findByText('Il codice inserito non è valido')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Codice OTP')).toHaveValue('');
    // The emptied boxes take the focus back for the next try.
    expect(within(dialog).getByLabelText('Codice OTP')).toHaveFocus();
  });

  it('keeps the dialog open on a code used already and says to wait for the next one', async () => {
    answerReviews(() => refusal(400, 'Invalid Totp', 'CODE_USED'));
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Approva la richiesta 11' }));
    const dialog = await typeCode(user);
    expect(await within(dialog).findByText(/Questo codice è già stato usato: attendi/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Codice OTP')).toHaveFocus();
  });

  it("says 'Errore durante l'approvazione della richiesta' for a refused rejection, with the reason", async () => {
    answerReviews(() => refusal(403, 'Your role does not allow this', 'FORBIDDEN'));
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Rifiuta la richiesta 11' }));
    await typeCode(user);
    expect(await screen.findByText("Errore durante l'approvazione della richiesta")).toBeInTheDocument();
    expect(screen.getByText('Non hai i permessi per questa operazione')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows no Approva for a request of a user the reviewer gave access to, and says why', async () => {
    lists.PENDING = [
      caseRequest(11, 'PENDING', { fourEyes: { reason: 'created', at: '2025-05-01T09:00:00.000Z' } }),
      caseRequest(12, 'PENDING'),
    ];
    const { user } = await open();
    const table = await screen.findByRole('table', { name: 'In corso di approvazione' });
    await within(table).findByText('000123411');
    const row = within(table).getByRole('row', { name: /000123411/ });
    expect(within(row).queryByRole('button', { name: 'Approva la richiesta 11' })).toBeNull();
    expect(within(row).getByText('Da approvare da un altro revisore')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Rifiuta la richiesta 11' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Approva la richiesta 12' })).toBeEnabled();

    await user.click(within(row).getByRole('button', { name: 'Dettaglio della richiesta 11' }));
    const dialog = await findModal('dialog');
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      "Non puoi approvare questa richiesta: il 01/05/2025 hai creato rana.operatore, che l'ha fatta. Deve approvarla un altro revisore; puoi rifiutarla.",
    );
    expect(within(dialog).queryByRole('button', { name: 'Approva la richiesta 11' })).toBeNull();
  });

  it('says another reviewer must approve when the server refuses the approval for four eyes', async () => {
    answerReviews(() => refusal(403, 'four eyes', 'FOUR_EYES'));
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Approva la richiesta 11' }));
    await typeCode(user);
    expect(
      await screen.findByText(
        "Hai dato tu l'accesso a chi ha fatto la richiesta: deve approvarla un altro revisore",
      ),
    ).toBeInTheDocument();
  });

  it("shows 'Esito in verifica' on a request whose CRM write went unanswered, not reviewable", async () => {
    lists.PENDING = [
      caseRequest(11, 'PENDING', {
        outcomeUnknownSince: '2025-05-03T14:40:00.000Z',
        userReviewer: { id: 4, username: 'giulia.bianchi' },
      }),
      caseRequest(12, 'PENDING'),
    ];
    const { user } = await open();
    const table = await screen.findByRole('table', { name: 'In corso di approvazione' });
    await within(table).findByText('000123411');
    const row = within(table).getByRole('row', { name: /000123411/ });
    expect(within(row).getByText('Esito in verifica')).toBeInTheDocument();
    for (const name of ['Approva la richiesta 11', 'Rifiuta la richiesta 11']) {
      expect(within(row).getByRole('button', { name })).toBeDisabled();
      expect(within(row).getByRole('button', { name })).toHaveAttribute('title', 'Esito in verifica');
    }
    expect(screen.getByRole('button', { name: 'Approva la richiesta 12' })).toBeEnabled();

    await user.click(within(row).getByRole('button', { name: 'Dettaglio della richiesta 11' }));
    const dialog = await findModal('dialog');
    expect(within(dialog).getByText('Esito in verifica')).toBeInTheDocument();
    expect(within(dialog).getByText(/Il CRM non ha risposto al ripristino/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Approva la richiesta 11' })).toBeDisabled();
    expect(reviews()).toHaveLength(0);
  });

  it('says the outcome is being checked when the CRM did not answer the approval, and reloads the list', async () => {
    answerReviews(() =>
      refusal(
        504,
        'The CRM did not answer the restore: whether it was applied is being checked',
        'CRM_OUTCOME_UNKNOWN',
      ),
    );
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Approva la richiesta 11' }));
    const before = listCalls().length;
    await typeCode(user);
    expect(
      await screen.findByText("Il CRM non ha risposto: l'esito del ripristino è in verifica"),
    ).toBeInTheDocument();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it.each([
    {
      code: 'ALREADY_REVIEWED',
      message: 'This request has already been reviewed',
      shown: 'La richiesta è già stata approvata o rifiutata',
    },
    {
      code: 'CLAIMED_ELSEWHERE',
      message: 'This request has already been reviewed, or is being reviewed by someone else',
      shown: 'La richiesta è già stata approvata o rifiutata, o la sta esaminando un altro utente',
    },
  ])(
    'reads the list again when the review is refused with 409 $code: the request handled elsewhere leaves it',
    async ({ code, message, shown }) => {
      answerReviews(() => refusal(409, message, code));
      const { user } = await open();
      const table = await screen.findByRole('table', { name: 'In corso di approvazione' });
      await user.click(await within(table).findByRole('button', { name: 'Rifiuta la richiesta 11' }));
      // Another tab approved it meanwhile.
      lists.PENDING = [caseRequest(12, 'PENDING')];
      await typeCode(user);
      expect(await screen.findByText(shown)).toBeInTheDocument();
      // Without 'Aggiorna': the row and its Approva / Rifiuta go.
      await waitFor(() => expect(within(table).queryByText('000123411')).not.toBeInTheDocument());
      expect(screen.queryByRole('button', { name: 'Approva la richiesta 11' })).toBeNull();
      expect(within(table).getByRole('button', { name: 'Approva la richiesta 12' })).toBeEnabled();
    },
  );

  it.each([
    {
      why: 'a contact made a business account in the CRM cannot be restored',
      status: 409,
      message:
        'Account 001000000000001AAA is a business account in the CRM now, not a contact: it cannot be restored',
      code: 'RECORD_CONVERTED',
      shown:
        'Il contatto è diventato un account aziendale nel CRM: non può essere ripristinato finché non torna un contatto',
    },
    {
      why: 'a case would point at its contact, deleted in the CRM: restore the contact first',
      status: 409,
      message:
        "Case 500000000000001AAA would point at a record in the CRM's recycle bin (AccountId 001000000000001AAA): restore that record first",
      code: 'RELATED_RECORD_DELETED',
      shown: 'Il contatto di questo caso è eliminato nel CRM: ripristina prima il contatto, poi riprova',
    },
    {
      why: 'a purged record is being created again, to try later',
      status: 409,
      message:
        'Case 500000000000001AAA was purged from the CRM and another restore is creating it again, or its create went unanswered: try later',
      code: 'RECORD_RECREATING',
      shown:
        'Il record, eliminato definitivamente dal CRM, è in corso di ricreazione: riprova tra qualche minuto',
    },
  ])('says why: $why', async ({ status, message, code, shown }) => {
    answerReviews(() => refusal(status, message, code));
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Approva la richiesta 11' }));
    await typeCode(user);
    expect(await screen.findByText(shown)).toBeInTheDocument();
    // The reason is the message itself, not the explanation of a generic failure.
    expect(screen.queryByText("Errore durante l'approvazione della richiesta")).toBeNull();
  });

  it('names who changed the record in the CRM since the version compared, and when', async () => {
    const at = '2026-11-03T09:15:00.000Z';
    answerReviews(() =>
      refusal(409, recordChangedMessage({ by: 'Giulia Bianchi', at }), 'RECORD_CHANGED_SINCE'),
    );
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Approva la richiesta 11' }));
    await typeCode(user);
    expect(
      await screen.findByText(
        `Il record è stato modificato nel CRM da Giulia Bianchi il ${formatDateTime(at)}: controlla il confronto con la versione più recente prima di approvare.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Changed in the CRM/)).toBeNull();
  });

  it("gives the CRM's reason in Italian when the CRM refuses the restore", async () => {
    answerReviews(() =>
      refusal(
        502,
        'Updating Case 500000000000001AAA: Salesforce said FIELD_CUSTOM_VALIDATION_EXCEPTION: Subject is required',
        'CRM_ERROR',
      ),
    );
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Approva la richiesta 11' }));
    await typeCode(user);
    expect(
      await screen.findByText(
        'Il CRM ha rifiutato il ripristino: una regola di convalida del CRM non accetta i valori da ripristinare',
      ),
    ).toBeInTheDocument();
    // Beneath it, what the CRM itself said, without the server's English around it.
    expect(screen.getByText('Il CRM ha risposto: «Subject is required»')).toBeInTheDocument();
    expect(screen.queryByText(/Salesforce said/)).toBeNull();
  });

  it('offers Approva and Rifiuta to an administrator too', async () => {
    await open(CASES, { id: 1, username: 'admin', role: 'ADMIN' });
    expect(await screen.findByRole('button', { name: 'Approva la richiesta 11' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Rifiuta la richiesta 12' })).toBeEnabled();
  });

  it("disables every review button offline, saying 'Disponibile solo online'", async () => {
    const { user } = await open();
    await screen.findByText('000123411');
    setOnline(false);
    const buttons = screen.getAllByRole('button', { name: /^(Approva|Rifiuta) la richiesta/ });
    expect(buttons).toHaveLength(4);
    for (const button of buttons) {
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', 'Disponibile solo online');
    }
    expect(screen.getByText('Disponibile solo online')).toBeInTheDocument();
    // The detail stays readable offline.
    await user.click(screen.getByRole('button', { name: 'Dettaglio della richiesta 11' }));
    expect(
      within(await findModal('dialog')).getByRole('button', { name: 'Approva la richiesta 11' }),
    ).toBeDisabled();
    expect(reviews()).toHaveLength(0);
  });
});
