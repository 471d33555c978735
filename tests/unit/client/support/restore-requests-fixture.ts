import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import type { CaseRestoreRequest, RestoreStatus } from '@contract/restores';
import { ok, pageOf, startFakeApi, type FakeReply, type FakeRequest } from '../../../support/fake-api';
import { setOnline } from '../../../support/online';

/*
 * The case and contact restore screens against a fake API. Importing this module starts that API, points the app at
 * it and gives each test of the importing file two pending case requests.
 */

// Whole screens render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

export const api = await startFakeApi();
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { renderApp, resetApp } = await import('../../../support/render-app');

export const REVIEWER = { id: 4, username: 'giulia.bianchi', role: 'USER_STORICO' };
export const CASES = '/gestione_ripristini_casi/gestioneRipristiniCasi';
export const CONTACTS = '/gestione_ripristini_contatti/gestioneRipristiniContatti';

const target = JSON.stringify({
  CaseNumber: '00012345',
  Status: 'Closed',
  Recall__c: true,
  Expiration_Date__c: '2025-03-09',
  Subject: 'Confezione danneggiata',
});

/** A case restore request of `status` whose target snapshot differs from the CRM in three fields. */
export function caseRequest(
  id: number,
  status: RestoreStatus,
  extra: Partial<CaseRestoreRequest> = {},
): CaseRestoreRequest {
  return {
    id,
    createdAt: '2025-05-02T08:15:00.000Z',
    approvedAt: status === 'PENDING' ? null : '2025-05-03T14:40:00.000Z',
    userCreator: { id: 9, username: 'rana.operatore' },
    userReviewer: status === 'PENDING' ? null : { id: 4, username: 'giulia.bianchi' },
    restoreType: { id: 1, type: 'REPORT' },
    status: { id: RESTORE_STATUS_IDS[status], status },
    differences: '[Status, Recall__c, Expiration_Date__c, SystemModstamp]',
    outcome: null,
    newRecordId: null,
    outcomeUnknownSince: null,
    fields: null,
    fourEyes: null,
    dateFrom: '2025-01-01T00:00:00.000Z',
    dateTo: '2025-04-30T00:00:00.000Z',
    salesforceUserId: '005000000000001AAA',
    caseId: '500000000000001AAA',
    relatedRestored: 0,
    caseNumber: `0001234${id}`,
    revisionCase: { id: 100 + id, json: target },
    ...extra,
  };
}
const RESTORE_STATUS_IDS = { PENDING: 1, APPROVED: 2, REJECTED: 3 } as const;

/** The case requests the API lists under each status: tests change them. */
export let lists: Record<RestoreStatus, CaseRestoreRequest[]>;
let review: (request: FakeRequest) => FakeReply = () => ok(null, 'Reviewed');

/** What the API answers to this test's reviews, from now on. */
export function answerReviews(answer: (request: FakeRequest) => FakeReply): void {
  review = answer;
}

beforeEach(() => {
  api.requests.length = 0;
  lists = { PENDING: [caseRequest(11, 'PENDING'), caseRequest(12, 'PENDING')], APPROVED: [], REJECTED: [] };
  review = () => ok(null, 'Reviewed');
  api.setHandler((request) => {
    const { method, path, query } = request;
    if (method === 'GET' && path === '/restore-case-request/') {
      const status = (query.get('status') ?? 'PENDING') as RestoreStatus;
      return ok(pageOf(lists[status], Number(query.get('page'))));
    }
    if (method === 'GET' && path === '/restore-account-request/') return ok(pageOf([]));
    if (method === 'POST' && /^\/restore-case-request\/\d+\/review\/\d+$/.test(path)) return review(request);
    return { status: 404 };
  });
});
afterEach(() => {
  resetApp();
  setOnline(true);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

export const listCalls = (path = '/restore-case-request/') =>
  api.requests.filter((r) => r.method === 'GET' && r.path === path);

/** The restore screen at `path`, signed in as `as`. */
export async function open(path = CASES, as = REVIEWER) {
  const view = await renderApp(path, { as });
  return { ...view, user: userEvent.setup() };
}
