import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RelatedRecord } from '@contract/case-related';
import { LIVE_RECORD } from '@contract/search';
import { ok, pageOf, startFakeApi } from '../../support/fake-api';
import { setOnline } from '../../support/online';
import { lifeRevision } from '../../support/record-life-rows';

// Whole screens render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const api = await startFakeApi();
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { renderApp, resetApp } = await import('../../support/render-app');
const { queryClient } = await import('@/app/query-client');
const { clearComparisons, latestComparison } = await import('@/offline/comparison-store');
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

const STAFF = { id: 4, username: 'staff.storico', role: 'USER_STORICO' };
const RANGE = 'dateFrom=2025-01-01&dateTo=2025-06-30&agent=005A';

const kase = { Id: '500A', CaseNumber: '00001001', Subject: 'Confezione rotta' };
const first = lifeRevision(81, '2025-01-10T10:00:00.000Z', 'sync', kase, LIVE_RECORD);
const second = lifeRevision(
  82,
  '2025-03-10T10:00:00.000Z',
  'sync',
  { ...kase, Status: 'Closed' },
  LIVE_RECORD,
);

const related = (
  object: RelatedRecord['object'],
  id: string,
  json: object,
  change: RelatedRecord['change'],
  deletedAt: string | null = null,
): RelatedRecord => ({
  object,
  id,
  revisionId: 900 + Number(id.slice(-1)),
  savedAt: '2025-03-01T09:00:00.000Z',
  deletedAt,
  json: JSON.stringify(json),
  change,
});

/** An incoming HTML e-mail with markup and a script in it, an outgoing plain one, a public and an internal comment. */
const htmlEmail = related(
  'EmailMessage',
  '02s1',
  {
    MessageDate: '2025-03-01T09:15:00.000Z',
    FromName: 'Maria Bianchi',
    FromAddress: 'maria@example.it',
    ToAddress: 'assistenza@rana.it',
    Subject: 'Confezione arrivata rotta',
    Incoming: true,
    TextBody: null,
    HtmlBody:
      '<p>Buongiorno,</p><p>la confezione <b>era rotta</b>.<br>Grazie</p><script>window.hacked = true</script>',
  },
  'added',
);
const reply = related(
  'EmailMessage',
  '02s2',
  {
    MessageDate: '2025-02-20T14:00:00.000Z',
    FromAddress: 'assistenza@rana.it',
    ToAddress: 'maria@example.it',
    Subject: 'Re: ordine',
    Incoming: false,
    TextBody: 'Gentile cliente, le inviamo un coupon.',
    HtmlBody: '<p>ignored</p>',
  },
  null,
);
const internal = related(
  'CaseComment',
  '00a3',
  {
    CreatedDate: '2025-02-15T08:00:00.000Z',
    CreatedById: '005A',
    IsPublished: false,
    CommentBody: 'Lotto 42',
  },
  'changed',
);
const removed = related(
  'CaseComment',
  '00a4',
  {
    CreatedDate: '2025-01-20T08:00:00.000Z',
    CreatedById: '005Z',
    IsPublished: true,
    CommentBody: 'Richiamata',
  },
  'deleted',
  '2025-04-03T09:30:00.000Z',
);

let relatedAnswer: RelatedRecord[] = [htmlEmail, reply, internal, removed];

beforeEach(() => {
  relatedAnswer = [htmlEmail, reply, internal, removed];
  api.requests.length = 0;
  api.setHandler(({ path }) => {
    if (path === '/revision-case/500A/cases') return ok(pageOf([first, second]));
    if (path === '/revision-case/differences') return ok({ jsonDiffProperties: '[Status]' });
    if (path === '/revision-case/500A/related') return ok(pageOf(relatedAnswer));
    return { status: 404 };
  });
  // The agents list, as the search screen leaves it: the comment's author is named by it.
  queryClient.setQueryData(
    ['agents'],
    [{ id: '005A', FirstName: 'Anna', LastName: 'Verdi', username: 'averdi' }],
  );
});
afterEach(async () => {
  resetApp();
  await clearComparisons();
});

const relatedRequests = () => api.requests.filter((request) => request.path.endsWith('/related'));
const section = () => screen.getByTestId('case-related');
const lines = () => within(section()).getAllByTestId('related-line');

async function openSection() {
  const view = await renderApp(`/casi/500A?${RANGE}`, { as: STAFF });
  await screen.findByTestId('comparison');
  await userEvent.click(screen.getByRole('button', { name: 'E-mail e commenti' }));
  await within(section()).findAllByTestId('related-line');
  return view;
}

describe("a case's e-mails and comments on its detail screen", () => {
  it('asks for them only once the section is opened, at the dates the detail compares', async () => {
    await renderApp(`/casi/500A?${RANGE}`, { as: STAFF });
    await screen.findByTestId('comparison');
    expect(screen.getByRole('button', { name: 'E-mail e commenti' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(relatedRequests()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'E-mail e commenti' }));
    await within(section()).findAllByTestId('related-line');
    const [request] = relatedRequests();
    expect(Object.fromEntries(request!.query)).toEqual({
      dateFrom: '2025-01-01',
      dateTo: '2025-06-30',
      page: '0',
      size: '50',
    });
  });

  it('shows one line per e-mail and per comment, with direction, visibility, author and marks', async () => {
    await openSection();
    const [email, sent, comment, deleted] = lines();
    expect(email).toHaveTextContent('E-mail01/03/2025 10:15In arrivoAggiunto');
    expect(email).toHaveTextContent('Confezione arrivata rotta');
    expect(email).toHaveTextContent('Da: Maria Bianchi <maria@example.it>');
    expect(email).toHaveTextContent('A: assistenza@rana.it');
    expect(sent).toHaveTextContent('In uscita');
    expect(sent).not.toHaveAttribute('data-change');
    expect(within(sent!).queryByTestId('related-change')).toBeNull();
    // The author is named by the agents list; one it does not hold is shown by id.
    expect(comment).toHaveTextContent('Commento15/02/2025 09:00InternoModificato');
    expect(comment).toHaveTextContent('Autore: Anna Verdi');
    expect(deleted).toHaveTextContent('PubblicoEliminato il 03/04/2025');
    expect(deleted).toHaveTextContent('Autore: 005Z');
    expect(lines().map((line) => line.getAttribute('data-change'))).toEqual([
      'added',
      null,
      'changed',
      'deleted',
    ]);
  });

  it('expands a line to its text, an HTML e-mail as text and never as HTML', async () => {
    await openSection();
    const [email, sent] = lines();
    const toggle = within(email!).getByRole('button');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const text = within(email!).getByTestId('related-text');
    expect(text).toBeVisible();
    expect(text.textContent).toBe('Buongiorno,\n\nla confezione era rotta.\nGrazie');
    expect(text.querySelector('b, p, script')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    // A text body is shown as it is, before the HTML one.
    await userEvent.click(within(sent!).getByRole('button'));
    expect(within(sent!).getByTestId('related-text')).toHaveTextContent(
      'Gentile cliente, le inviamo un coupon.',
    );
    await userEvent.click(toggle);
    expect(text).not.toBeVisible();
  });

  it("reads 50 more with 'Mostra altri' while the server holds more", async () => {
    api.setHandler(({ path, query }) => {
      if (path === '/revision-case/500A/cases') return ok(pageOf([first, second]));
      if (path === '/revision-case/differences') return ok({ jsonDiffProperties: '[Status]' });
      if (path !== '/revision-case/500A/related') return { status: 404 };
      const page = Number(query.get('page'));
      return ok({ ...pageOf(page === 0 ? [htmlEmail] : [reply], page, 11), totalPages: 2 });
    });
    await openSection();
    expect(lines()).toHaveLength(1);
    await userEvent.click(within(section()).getByRole('button', { name: 'Mostra altri' }));
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect(relatedRequests().map((request) => request.query.get('page'))).toEqual(['0', '1']);
    expect(within(section()).queryByRole('button', { name: 'Mostra altri' })).toBeNull();
  });

  it('says when the case had none in the period', async () => {
    relatedAnswer = [];
    await renderApp(`/casi/500A?${RANGE}`, { as: STAFF });
    await screen.findByTestId('comparison');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail e commenti' }));
    expect(await within(section()).findByText('Nessuna e-mail o commento nel periodo.')).toBeVisible();
  });

  it('keeps them with the saved comparison and shows them offline', async () => {
    const view = await openSection();
    await waitFor(async () =>
      expect((await latestComparison(STAFF.id, 'case', '500A'))?.related?.content).toHaveLength(4),
    );
    view.unmount();
    queryClient.clear();
    setOnline(false);
    try {
      await renderApp(`/casi/500A?${RANGE}`, { as: STAFF });
      await screen.findByTestId('offline-note');
      await userEvent.click(screen.getByRole('button', { name: 'E-mail e commenti' }));
      expect(await within(section()).findAllByTestId('related-line')).toHaveLength(4);
      expect(relatedRequests()).toHaveLength(1);
    } finally {
      setOnline(true);
    }
  });
});
