import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { sessionStore as SessionStoreValue } from '@/lib/session-store';
import { fakeSessionToken } from '../../support/client-token';
import { setOnline } from '../../support/online';
import { routerReady } from '../../support/router-ready';
import { ok, page, startFakeApi, type FakeHandler } from './support/fake-api';

const agents = [{ id: '005A', FirstName: 'Andrea', LastName: 'Rossi', username: 'andrea.rossi@demo.it' }];

const contactV1 = {
  Id: '001X',
  OwnerName: 'Andrea Rossi',
  Name: 'Maria Bianchi',
  LastName: 'Bianchi',
  Date_of_birth__c: '1980-07-04',
  PersonEmail: 'maria@example.it',
  Phone: '+39 333 111 2222',
  BillingAddress: { city: 'Milano', postalCode: '20121', country: 'Italia' },
  ShippingAddress: { city: 'Milano', postalCode: '20121', country: 'Italia' },
  Description: 'Cliente storico',
  Consent_Newsletter__pc: false,
  Type: 'Consumatore',
  Industry: 'Retail',
  Loyalty_Tier__c: 'Argento',
  Lifetime_Spend__c: 100,
  CreatedDate: '2024-01-10T09:00:00.000+0000',
  LastModifiedDate: '2024-01-10T09:00:00.000+0000',
};
const contactV2 = {
  ...contactV1,
  PersonEmail: 'maria.bianchi@example.it',
  BillingAddress: { city: 'Torino', postalCode: '10121', country: 'Italia' },
  Consent_Newsletter__pc: true,
  LastModifiedDate: '2024-03-12T15:30:00.000+0000',
};
const revision = (id: number, savedAt: string, json: unknown) => ({
  id,
  savedAt,
  source: 'sync',
  json: typeof json === 'string' ? json : JSON.stringify(json),
});
const v1 = revision(11, '2024-01-10T09:00:00.000Z', contactV1);
const v2 = revision(12, '2024-03-12T15:30:00.000Z', contactV2);
const married = revision(13, '2024-03-12T15:30:00.000Z', {
  ...contactV1,
  Name: 'Maria Pepe',
  LastName: 'Pepe',
  Loyalty_Tier__c: 'Oro',
  Allergens__pc: 'Glutine;Lattosio',
  Lifetime_Spend__c: 1250.5,
});

const contactRow = (id: string, name: string) => ({
  id,
  creation_date: '2024-01-10T09:00:00.000Z',
  accountName: name,
  countSalesforceCases: 3,
  salesforceUser: { phone: '+39 333 111 2222', email: 'maria@example.it' },
  earlierRevisionAccount: { id: 11 },
  laterRevisionAccount: { id: 12 },
});

const longDescription = 'Il cliente segnala un problema con la confezione. '.repeat(12);
const caseSnapshot = {
  Id: '500C',
  CaseNumber: '00010042',
  CreatedDate: '2024-02-01T08:15:00.000+0000',
  Reason: 'Feedback on Product',
  Status: 'New',
  Description: longDescription,
  Product__c: 'Tortellini',
  Feedback_Agent__c: 'Gusto',
  Internal_comments__c: 'Richiamare',
};

const diffs: Record<string, string> = {
  '11-12': '[PersonEmail, BillingAddress, Consent_Newsletter__pc, LastModifiedDate]',
  '11-11': '[]',
  '11-13': '[Name, LastName, LastModifiedDate, Loyalty_Tier__c, Lifetime_Spend__c]',
  '31-31': '[]',
};

const handler: FakeHandler = (url) => {
  const q = url.searchParams;
  switch (url.pathname) {
    case '/api/v3/sf-user/':
      return { body: ok(agents) };
    case '/api/v3/sf-user/005A/sf-account':
      return {
        body: ok(
          page(
            [contactRow('001X', 'Maria Bianchi'), contactRow('001Y', 'Luca Neri')],
            Number(q.get('page')),
            10,
            12,
          ),
        ),
      };
    case '/api/v3/revision-account/001X/account':
      return { body: ok(page([v1, v2])), delayMs: 50 };
    case '/api/v3/revision-account/001Y/account':
      return { body: ok(page([v1])), delayMs: 50 };
    case '/api/v3/revision-account/001W/account':
      return { body: ok(page([v1, married])) };
    case '/api/v3/revision-account/001X/history':
      return { body: ok(page([revision(13, '2024-05-01T10:00:00.000Z', contactV2), v2, v1])) };
    case '/api/v3/revision-account/fields':
      return {
        body: ok({
          fields: [
            {
              name: 'Allergens__pc',
              label: 'Allergeni',
              type: 'multipicklist',
              calculated: false,
              writable: true,
            },
            {
              name: 'Loyalty_Tier__c',
              label: 'Livello fedeltà',
              type: 'picklist',
              calculated: false,
              writable: true,
            },
            {
              name: 'Lifetime_Spend__c',
              label: 'Spesa totale',
              type: 'currency',
              calculated: false,
              writable: true,
            },
          ],
        }),
      };
    case '/api/v3/revision-account/differences':
      return {
        body: ok({
          jsonDiffProperties:
            diffs[`${q.get('firstRevisionAccountID')}-${q.get('secondRevisionAccountID')}`] ?? '[Phone]',
        }),
      };
    case '/api/v3/revision-case/500C/cases':
      return { body: ok(page([revision(31, '2024-02-01T08:15:00.000Z', caseSnapshot)])) };
    case '/api/v3/revision-case/500E/cases':
      // Created after the search's end date: no version up to it.
      return { body: ok(page([])) };
    case '/api/v3/revision-case/500D/cases':
      return {
        body: ok(
          page([
            revision(41, '2024-02-01T08:15:00.000Z', { ...caseSnapshot, Reason: 'Complaint' }),
            revision(42, '2024-02-02T08:15:00.000Z', '{broken'),
          ]),
        ),
      };
    case '/api/v3/revision-case/differences':
      return {
        body: ok({
          jsonDiffProperties:
            diffs[`${q.get('firstRevisionCaseID')}-${q.get('secondRevisionCaseID')}`] ?? '[Status]',
        }),
      };
    default:
      return undefined;
  }
};

type SessionStore = typeof SessionStoreValue;

let api: Awaited<ReturnType<typeof startFakeApi>>;
let routes: RouteObject[];
let sessionStore: SessionStore;

beforeAll(async () => {
  api = await startFakeApi(handler);
  ({ routes } = await import('@/app/router'));
  ({ sessionStore } = await import('@/lib/session-store'));
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterAll(() => api.close());
afterEach(() => sessionStore.clear());

async function renderAt(path: string) {
  sessionStore.signedIn(await fakeSessionToken({ id: 1, username: 'mario.rossi', role: 'USER_RANA' }));
  api.requests.length = 0;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await routerReady(router);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

const keepSearch = () => {
  sessionStorage.setItem('storico.search.agent', JSON.stringify({ id: '005A' }));
  sessionStorage.setItem(
    'storico.search.contactDates',
    JSON.stringify({ dateFrom: '2024-01-01', dateTo: '2024-03-31' }),
  );
};

const markedFields = () =>
  [...document.querySelectorAll('[data-side="right"] [data-field]')]
    .filter((row) => row.querySelector('[data-testid="diff-marker"]'))
    .map((row) => row.getAttribute('data-field'));

describe('the contact list', () => {
  it('shows no result before a complete search', async () => {
    await renderAt('/contatti/contatti');
    expect(
      await screen.findByText("Scegli un agente e un intervallo di date, poi premi 'Cerca'."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(api.paths().some((p) => p.includes('sf-account'))).toBe(false);
  });

  it('shows the kept search page by page: 1-based in the URL, 0-based in the API', async () => {
    keepSearch();
    const { router, user } = await renderAt('/contatti/contatti?page=1');
    await screen.findByText('Maria Bianchi');
    const table = screen.getByRole('table', { name: 'Risultati della ricerca' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Data di creazione', 'Nome cliente', 'Casi collegati', 'Telefono', 'Email', 'Versioni']);
    const row = within(table).getByText('Maria Bianchi').closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\u00a0/g, ' ')),
    ).toEqual(['', '10/01/2024', 'Maria Bianchi', '3', '+39 333 111 2222', 'maria@example.it', '']);
    expect(api.paths()).toContain(
      '/api/v3/sf-user/005A/sf-account?page=0&size=10&isPaged=true&dateFrom=2024-01-01&dateTo=2024-03-31',
    );
    await user.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(api.paths().some((p) => p.includes('sf-account?page=1&'))).toBe(true));
  });

  it.each([
    ['past the last page goes to the last', '9', '?page=2'],
    ['that is no page number is written as page 1', 'abc', '?page=1'],
    ['of zero is written as page 1', '0', '?page=1'],
  ])('a page in the address %s', async (_, written, shown) => {
    keepSearch();
    const { router } = await renderAt(`/contatti/contatti?page=${written}`);
    await waitFor(() => expect(router.state.location.search).toBe(shown));
    expect(await screen.findByText('Maria Bianchi')).toBeInTheDocument();
  });

  it("offline, a page never read on this device says so instead of showing the previous page's rows", async () => {
    keepSearch();
    const { router, user } = await renderAt('/contatti/contatti?page=1');
    await screen.findByText('Maria Bianchi');
    setOnline(false);
    try {
      await user.click(screen.getByRole('button', { name: 'Pagina 2' }));
      await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
      expect(
        await screen.findByText(/Sei offline e questo elenco non è mai stato letto su questo dispositivo/),
      ).toBeInTheDocument();
      expect(screen.queryByText('Maria Bianchi')).not.toBeInTheDocument();
      expect(screen.queryByText('12 risultati')).not.toBeInTheDocument();
    } finally {
      setOnline(true);
    }
  });

  it('keeps the selected rows and expands one row at a time with its two versions and a Dettaglio link', async () => {
    keepSearch();
    const { user } = await renderAt('/contatti/contatti');
    await user.click(await screen.findByRole('checkbox', { name: 'Seleziona Maria Bianchi' }));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('1 riga selezionata');

    await user.click(screen.getByRole('button', { name: 'Mostra le versioni di Maria Bianchi' }));
    await screen.findByTestId('comparison');
    // Maria Bianchi was created on 10/01/2024, after the start date: her first version is named by that day.
    expect(screen.getAllByTestId('left-heading')[0]).toHaveTextContent('Versione al 10/01/2024');
    expect(screen.getAllByTestId('right-heading')[0]).toHaveTextContent('Versione al 31/03/2024');
    expect(markedFields()).toEqual(['LastModifiedDate', 'PersonEmail']);
    const link = screen.getByRole('link', { name: /Dettaglio/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('href', '/contatti/001X?dateFrom=2024-01-01&dateTo=2024-03-31&agent=005A');

    await user.click(screen.getByRole('button', { name: 'Mostra le versioni di Luca Neri' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Nascondi le versioni di Maria Bianchi' })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Nascondi le versioni di Luca Neri' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});

describe('the contact detail', () => {
  it('asks for the differences only once both versions are there, and marks exactly the differing fields', async () => {
    await renderAt('/contatti/001X?dateFrom=2024-01-01&dateTo=2024-03-31&agent=005A');
    expect(screen.getByRole('heading', { name: 'Dettaglio Contatto', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('comparison-loading')).toBeInTheDocument();
    await screen.findByTestId('comparison');
    const paths = api.paths();
    const revisionsAt = paths.findIndex((p) => p.startsWith('/api/v3/revision-account/001X/account'));
    // By its ids: the previous test's last comparison (11 with 11) may still be answered after this one started.
    const diffAt = paths.indexOf(
      '/api/v3/revision-account/differences?firstRevisionAccountID=11&secondRevisionAccountID=12',
    );
    expect(revisionsAt).toBeGreaterThanOrEqual(0);
    expect(diffAt).toBeGreaterThan(revisionsAt);
    expect(paths[revisionsAt]).toContain('dateFrom=2024-01-01&dateTo=2024-03-31');

    expect(markedFields()).toEqual(['PersonEmail', 'BillingAddress', 'Consent_Newsletter__pc']);
    for (const section of ['Details', 'Address information', 'Newsletter Consents', 'Additional Information'])
      expect(screen.getByRole('button', { name: section })).toBeInTheDocument();
    expect(screen.getByText('Torino, 10121, Italia')).toBeInTheDocument();
    expect(screen.getByTestId('record-label')).toHaveTextContent('Maria Bianchi');
    expect(screen.getByRole('link', { name: 'Indietro' })).toHaveAttribute(
      'href',
      '/contatti/contatti?page=1',
    );
    // The search in the link is kept for this tab, so 'Indietro' finds the list.
    expect(JSON.parse(sessionStorage.getItem('storico.search.contactDates')!)).toEqual({
      dateFrom: '2024-01-01',
      dateTo: '2024-03-31',
      deleted: false,
    });
  });

  it('compares one version with itself when the record did not change', async () => {
    await renderAt('/contatti/001Y?dateFrom=2024-01-01&dateTo=2024-03-31&agent=005A');
    await screen.findByTestId('comparison');
    expect(api.paths()).toContain(
      '/api/v3/revision-account/differences?firstRevisionAccountID=11&secondRevisionAccountID=11',
    );
    expect(screen.getByTestId('right-heading')).toHaveTextContent('Le versioni sono le medesime');
    expect(markedFields()).toEqual([]);
  });

  it('says when the dates in its address are not usable, and compares at the kept search dates', async () => {
    keepSearch();
    await renderAt('/contatti/001Y?dateFrom=2024-31-01&dateTo=2024-03-31&agent=005A');
    await screen.findByTestId('comparison');
    expect(screen.getByRole('status')).toHaveTextContent(
      "Le date nell'indirizzo della pagina non sono valide",
    );
    expect(api.paths().some((path) => path.includes('dateFrom=2024-01-01&dateTo=2024-03-31'))).toBe(true);
  });

  it('says nothing about dates when its address has none or good ones', async () => {
    await renderAt('/contatti/001Y?dateFrom=2024-01-01&dateTo=2024-03-31&agent=005A');
    await screen.findByTestId('comparison');
    expect(screen.queryByText(/date nell'indirizzo/)).toBeNull();
  });

  it("shows, after its sections, 'Altri campi': every field none of them shows, labelled and formatted from describe", async () => {
    await renderAt('/contatti/001W?dateFrom=2024-01-01&dateTo=2024-03-31&agent=005A');
    await screen.findByTestId('comparison');
    expect(screen.getByRole('button', { name: 'Altri campi' })).toBeInTheDocument();
    // The CRM's own record of each save (LastModifiedDate) is told by the version headings, not listed again.
    expect(markedFields()).toEqual(['Name', 'LastName', 'Loyalty_Tier__c', 'Lifetime_Spend__c']);
    expect(screen.getByTestId('changed-count')).toHaveTextContent('4 campi modificati');
    const other = document.querySelector('[data-section="Altri campi"]')!;
    // The known fields first, then the org's in describe's order, by its labels.
    const labels = [...other.querySelectorAll('[data-side="right"] dt')].map((dt) => dt.textContent);
    expect(labels.slice(-3)).toEqual(['Allergeni', 'Livello fedeltà', 'Spesa totale']);
    expect(other).toHaveTextContent('1250,50');
    // A multi-select picklist as a list of its values; a field the older version did not hold shows it empty.
    expect([...other.querySelectorAll('li')].map((li) => li.textContent)).toEqual(
      expect.arrayContaining(['Glutine', 'Lattosio']),
    );
  });

  it('offline, says its history was never read here instead of an error to retry', async () => {
    const { user } = await renderAt('/contatti/001X?dateFrom=2024-01-01&dateTo=2024-03-31&agent=005A');
    await screen.findByTestId('comparison');
    setOnline(false);
    try {
      await user.click(screen.getByRole('button', { name: 'Cronologia delle revisioni' }));
      expect(
        await screen.findByText(/Sei offline e la cronologia di questo record non è mai stata letta/),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Ritenta' })).toBeNull();
    } finally {
      setOnline(true);
    }
  });

  it('offline, says a record never opened on this device was not saved for offline use', async () => {
    setOnline(false);
    try {
      await renderAt('/contatti/001NEVER?dateFrom=2024-01-01&dateTo=2024-03-31&agent=005A');
      expect(await screen.findByTestId('not-saved-offline')).toHaveTextContent(
        /Sei offline e questo record non è mai stato aperto su questo dispositivo/,
      );
      expect(screen.queryByText(/Impossibile contattare il server/)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Ritenta' })).toBeNull();
    } finally {
      setOnline(true);
    }
  });

  it("lists in 'Altri campi' the fields no section shows, changed or not, marking only those that changed", async () => {
    await renderAt('/contatti/001X?dateFrom=2024-01-01&dateTo=2024-03-31&agent=005A');
    await screen.findByTestId('comparison');
    const other = document.querySelector('[data-section="Altri campi"]')!;
    expect(other).toHaveTextContent('Livello fedeltà');
    expect(other.querySelector('[data-changed]')).toBeNull();
  });

  it('compares any two revisions picked on the timeline', async () => {
    const { user } = await renderAt('/contatti/001X?dateFrom=2024-01-01&dateTo=2024-03-31&agent=005A');
    await screen.findByTestId('comparison');
    await user.click(screen.getByRole('button', { name: 'Cronologia delle revisioni' }));
    await user.click(await screen.findByRole('checkbox', { name: /Revisione del 01\/05\/2024 12:00/ }));
    await user.click(screen.getByRole('checkbox', { name: /Revisione del 10\/01\/2024 10:00/ }));
    await user.click(screen.getByRole('button', { name: 'Confronta le revisioni scelte' }));
    await waitFor(() =>
      expect(screen.getByTestId('left-heading')).toHaveTextContent('Versione al 10/01/2024 10:00'),
    );
    expect(screen.getByTestId('right-heading')).toHaveTextContent('Versione al 01/05/2024 12:00');
    expect(api.paths()).toContain(
      '/api/v3/revision-account/differences?firstRevisionAccountID=11&secondRevisionAccountID=13',
    );
    await user.click(screen.getByRole('button', { name: 'Torna alle versioni delle date di ricerca' }));
    await waitFor(() =>
      expect(screen.getByTestId('left-heading')).toHaveTextContent(/^Versione al 10\/01\/2024$/),
    );
  });
});

describe('the case detail', () => {
  it("shows 'Customer Product Information' for a feedback on product, cuts long descriptions, and names one version", async () => {
    await renderAt('/casi/500C?dateFrom=2024-01-01&dateTo=2024-03-31&agent=005A');
    await screen.findByTestId('comparison');
    expect(screen.getByRole('heading', { name: 'Dettaglio Caso', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('right-heading')).toHaveTextContent('Le versioni sono le medesime');
    for (const section of [
      'Case information',
      'Address information',
      'Additional Information',
      'Customer Product Information',
      'Customer Service Information',
      'Note interne',
    ])
      expect(screen.getByRole('button', { name: section })).toBeInTheDocument();
    expect(screen.getAllByText('01/02/2024 09:15')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'altro' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Indietro' })).toHaveAttribute('href', '/casi/casi?page=1');
  });

  it("leaves out 'Customer Product Information' otherwise, and says when a snapshot is not valid JSON", async () => {
    await renderAt('/casi/500D?dateFrom=2024-01-01&dateTo=2024-03-31&agent=005A');
    await screen.findByTestId('comparison');
    expect(screen.queryByRole('button', { name: 'Customer Product Information' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Formato JSON non valido').length).toBeGreaterThan(0);
  });

  it('says that a case had no version yet at the end date, with nothing to retry', async () => {
    await renderAt('/casi/500E?dateFrom=2000-01-01&dateTo=2024-12-31&agent=005A');
    expect(
      await screen.findByText('Nessuna versione salvata fino alla data di fine della ricerca'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ritenta' })).not.toBeInTheDocument();
  });
});
