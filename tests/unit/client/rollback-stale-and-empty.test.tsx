import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RollbackPreview, RollbackRequest, RollbackStatus } from '@contract/rollbacks';
import { ok, pageOf, refusal } from '../../support/fake-api';
import { startFakeApi } from '../../support/fake-api';
import { findModal } from '../../support/modal';
import { sampleRollback } from '../../support/rollback-sample';

// Whole screens render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const api = await startFakeApi();
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { renderApp, resetApp } = await import('../../support/render-app');

const RANA = { id: 9, username: 'rana.operatore', role: 'USER_RANA' };
const REVIEWER = { id: 4, username: 'giulia.bianchi', role: 'USER_STORICO' };
const PREPARE = '/rollback/prepara?agente=005A1&oggetto=Case&da=2026-11-20&a=2026-11-24';
const EMPTY = "Nell'intervallo l'agente non ha modificato record da riportare indietro";

const rollback = (id: number, status: RollbackStatus) =>
  sampleRollback(id, status, {
    alertId: null,
    userReviewer: status === 'PENDING' ? null : { id: 5, username: 'altro.revisore' },
    done: 0,
    restored: 0,
    skipped: 0,
  });

/** Only cases created in the window: nothing of theirs can go back, so nothing would be written. */
const createdOnly = (): RollbackPreview => ({
  sfUserID: '005A1',
  agentName: 'Giulia Verdi',
  object: 'Case',
  from: '2026-11-20',
  to: '2026-11-24',
  fields: null,
  records: 4,
  withoutEarlierVersion: 4,
  changedFields: [],
  fieldCounts: [],
  sample: [],
  laterChanged: [],
});

let lists: Record<RollbackStatus, RollbackRequest[]>;
let preview: () => RollbackPreview;

beforeEach(() => {
  api.requests.length = 0;
  lists = { PENDING: [rollback(7, 'PENDING'), rollback(8, 'PENDING')], APPROVED: [], REJECTED: [] };
  preview = createdOnly;
  api.setHandler(({ method, path, query }) => {
    if (method === 'GET' && path === '/rollback-request/')
      return ok(pageOf(lists[(query.get('status') ?? 'PENDING') as RollbackStatus]));
    // Another reviewer decided first.
    if (method === 'POST' && path === '/rollback-request/7/review/4')
      return refusal(409, 'This request has already been reviewed', 'ALREADY_REVIEWED');
    if (method === 'POST' && path === '/rollback-request/preview') return ok(preview());
    if (method === 'POST' && path === '/rollback-request/')
      return ok(rollback(9, 'PENDING'), 'Rollback requested', 201);
    return { status: 404 };
  });
});
afterEach(() => {
  resetApp();
  window.sessionStorage.clear();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

const listCalls = () => api.requests.filter((r) => r.method === 'GET' && r.path === '/rollback-request/');

describe('Gestione rollback: a review refused with 409', () => {
  it('reads the list again, so the rollback decided elsewhere loses its Approva and Rifiuta', async () => {
    await renderApp('/gestione_rollback/gestioneRollback', { as: REVIEWER });
    const user = userEvent.setup();
    const row = await screen.findByTestId('rollback-7');
    await user.click(within(row).getByRole('button', { name: 'Approva il rollback 7' }));
    lists.PENDING = [rollback(8, 'PENDING')];
    lists.APPROVED = [rollback(7, 'APPROVED')];
    const before = listCalls().length;
    await user.type(within(await findModal('dialog')).getByLabelText('Codice OTP'), '123456');
    expect(await screen.findByText("Errore durante l'approvazione del rollback")).toBeInTheDocument();
    // Without 'Aggiorna'.
    await waitFor(() => expect(screen.queryByTestId('rollback-7')).toBeNull());
    expect(listCalls().length).toBeGreaterThan(before);
    expect(screen.queryByRole('button', { name: 'Approva il rollback 7' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Approva il rollback 8' })).toBeEnabled();
  });
});

describe('Prepara rollback with nothing to write', () => {
  it("disables 'Crea richiesta' and says why when no field would be written back", async () => {
    await renderApp(PREPARE, { as: RANA });
    expect(await screen.findByText('Nessun campo da ripristinare')).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Crea richiesta' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(EMPTY);
    expect(screen.getByText(EMPTY)).toBeVisible();
    expect(api.requests.filter((r) => r.method === 'POST' && r.path === '/rollback-request/')).toEqual([]);
  });

  it("keeps 'Crea richiesta' enabled, with no such text, when the preview has fields to write", async () => {
    preview = () => ({
      ...createdOnly(),
      withoutEarlierVersion: 1,
      changedFields: ['Status'],
      fieldCounts: [{ field: 'Status', count: 3 }],
    });
    await renderApp(PREPARE, { as: RANA });
    await screen.findByRole('table', { name: 'Record da ripristinare per campo' });
    expect(screen.getByRole('button', { name: 'Crea richiesta' })).toBeEnabled();
    expect(screen.queryByText(EMPTY)).toBeNull();
  });
});
