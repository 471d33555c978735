import { LIVE_RECORD } from '@contract/search';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { comparisonHeadings } from '@/domain/comparison/comparison-panel';
import { ComparisonView } from '@/domain/comparison/comparison-view';
import type { FieldDef, SectionDef } from '@/domain/kinds/fields';
import { isFieldChanged } from '@/domain/comparison/comparison-view';
import { formatAddress } from '@/domain/snapshot';

const billing: FieldDef = { key: 'BillingAddress', label: 'Indirizzo di fatturazione', kind: 'address' };
const phone: FieldDef = { key: 'Phone', label: 'Telefono' };

const milano = { city: 'Milano', postalCode: '20121', country: 'Italia', street: 'Via Roma 1' };

describe('the marker rule', () => {
  it('marks a field the differences name, and only those', () => {
    expect(isFieldChanged(phone, new Set(['Phone']), { Phone: '1' }, { Phone: '2' })).toBe(true);
    expect(isFieldChanged(phone, new Set(['Fax']), { Phone: '1' }, { Phone: '1' })).toBe(false);
  });

  it.each([
    ['city', { ...milano, city: 'Torino' }],
    ['postal code', { ...milano, postalCode: '20122' }],
    ['country', { ...milano, country: 'Svizzera' }],
    ['street', { ...milano, street: 'Via Verdi 2' }],
    ['province', { ...milano, state: 'MB' }],
  ])('marks an address whose %s differs', (_part, changed) => {
    expect(
      isFieldChanged(
        billing,
        new Set(['BillingAddress']),
        { BillingAddress: milano },
        { BillingAddress: changed },
      ),
    ).toBe(true);
  });

  it('does not mark an address when only a part it does not show differs (its geolocation)', () => {
    const moved = { ...milano, latitude: 45.46, longitude: 9.19, geocodeAccuracy: 'Address' };
    expect(
      isFieldChanged(
        billing,
        new Set(['BillingAddress']),
        { BillingAddress: milano },
        { BillingAddress: moved },
      ),
    ).toBe(false);
  });

  it('marks an address that appears or disappears', () => {
    expect(
      isFieldChanged(
        billing,
        new Set(['BillingAddress']),
        { BillingAddress: null },
        { BillingAddress: milano },
      ),
    ).toBe(true);
  });

  it('does not mark an address the differences do not name', () => {
    expect(
      isFieldChanged(billing, new Set(['Phone']), { BillingAddress: milano }, { BillingAddress: milano }),
    ).toBe(false);
  });

  it('reads a fallback field and marks it when the differences name it', () => {
    const sku: FieldDef = { key: 'SKU__c', label: 'SKU', fallbackKeys: ['SKU_Webform__c'] };
    expect(isFieldChanged(sku, new Set(['SKU_Webform__c']), {}, {})).toBe(true);
  });

  it('shows an address as street, city, postal code, province and country, skipping empty parts', () => {
    expect(formatAddress(milano)).toBe('Via Roma 1, Milano, 20121, Italia');
    expect(formatAddress({ ...milano, state: 'MI' })).toBe('Via Roma 1, Milano, 20121, MI, Italia');
    expect(formatAddress({ city: 'Roma', postalCode: '', country: 'Italia' })).toBe('Roma, Italia');
    expect(formatAddress({ city: null, postalCode: '00100', country: undefined })).toBe('00100');
    expect(formatAddress(null)).toBe('');
  });
});

const sections: SectionDef[] = [
  {
    id: 'details',
    title: 'Details',
    fields: [
      { key: 'Name', label: 'Nome' },
      phone,
      { key: 'Date_of_birth__c', label: 'Data di nascita', kind: 'date' },
      { key: 'CreatedDate', label: 'Data di creazione', kind: 'dateTime' },
      { key: 'Consent_Newsletter__pc', label: 'Consenso newsletter', kind: 'boolean' },
    ],
  },
  {
    id: 'address',
    title: 'Address information',
    fields: [billing, { key: 'ShippingAddress', label: 'Indirizzo di spedizione', kind: 'address' }],
  },
];

const left = {
  Name: 'Maria Rossi',
  Phone: '+39 333 111 2222',
  Date_of_birth__c: '1980-07-04',
  CreatedDate: '2024-03-05T10:20:30.000+0000',
  Consent_Newsletter__pc: false,
  BillingAddress: milano,
  ShippingAddress: milano,
};
const right = {
  ...left,
  Phone: '+39 333 999 8888',
  Consent_Newsletter__pc: true,
  BillingAddress: { ...milano, postalCode: '20122' },
  ShippingAddress: { ...milano, street: 'Via Verdi 2' },
};

function markedFields(side: 'left' | 'right'): string[] {
  return [...document.querySelectorAll(`[data-side="${side}"] [data-field]`)]
    .filter((row) => within(row as HTMLElement).queryByTestId('diff-marker'))
    .map((row) => row.getAttribute('data-field') ?? '');
}

describe('the two versions side by side', () => {
  it('puts a red marker on every differing field of the right column only', () => {
    render(
      <ComparisonView
        headings={['Versione al 01/03/2024', 'Versione al 31/03/2024']}
        left={JSON.stringify(left)}
        right={JSON.stringify(right)}
        differences={['Phone', 'Consent_Newsletter__pc', 'BillingAddress', 'ShippingAddress']}
        sections={sections}
      />,
    );
    // A changed street is marked too: a restore writes the whole address
    // (docs/product.md#comparison-and-differences).
    expect(markedFields('right')).toEqual([
      'Phone',
      'Consent_Newsletter__pc',
      'BillingAddress',
      'ShippingAddress',
    ]);
    expect(markedFields('left')).toEqual([]);
    expect(screen.getAllByRole('img', { name: 'Valore modificato' })).toHaveLength(4);
    expect(screen.getByTestId('changed-count')).toHaveTextContent('4 campi modificati');
    // Changed rows are tinted on both sides, unchanged ones on neither.
    const tinted = (side: string) =>
      [...document.querySelectorAll(`[data-side="${side}"] [data-changed]`)].map((row) =>
        row.getAttribute('data-field'),
      );
    expect(tinted('left')).toEqual(tinted('right'));
    expect(tinted('left')).toEqual(['Phone', 'Consent_Newsletter__pc', 'BillingAddress', 'ShippingAddress']);
  });

  it('shows dates as DD/MM/YYYY, date-times with HH:mm in Rome, addresses joined and a read-only consent box', () => {
    render(
      <ComparisonView
        headings={['Versione al 01/03/2024', 'Versione al 31/03/2024']}
        left={JSON.stringify(left)}
        right={JSON.stringify(right)}
        differences={[]}
        sections={sections}
      />,
    );
    const leftColumn = document.querySelector<HTMLElement>('[data-side="left"]')!;
    expect(within(leftColumn).getByText('04/07/1980')).toBeInTheDocument();
    expect(within(leftColumn).getByText('05/03/2024 11:20')).toBeInTheDocument();
    const consents = screen.getAllByRole('checkbox', { name: 'Consenso newsletter' });
    expect(consents.map((box) => (box as HTMLInputElement).checked)).toEqual([false, true]);
    expect(consents[0]).toHaveAttribute('aria-readonly', 'true');
    // Shown, not edited: Tab passes them by.
    expect(consents.map((box) => box.tabIndex)).toEqual([-1, -1]);
    expect(screen.getAllByText('Via Roma 1, Milano, 20121, Italia').length).toBeGreaterThan(0);
    expect(screen.getByText('Via Roma 1, Milano, 20122, Italia')).toBeInTheDocument();
    expect(screen.getByText('Via Verdi 2, Milano, 20121, Italia')).toBeInTheDocument();
  });

  it("says 'Formato JSON non valido' for a snapshot that does not parse", () => {
    render(
      <ComparisonView
        headings={['Versione al 01/03/2024', 'Versione al 31/03/2024']}
        left={JSON.stringify(left)}
        right="{not json"
        differences={[]}
        sections={sections}
      />,
    );
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Formato JSON non valido',
      'Formato JSON non valido',
    ]);
    expect(screen.getAllByText('Maria Rossi')).toHaveLength(1);
  });

  it('folds each section under its title', async () => {
    render(
      <ComparisonView
        headings={['Versione al 01/03/2024', 'Versione al 31/03/2024']}
        left={JSON.stringify(left)}
        right={JSON.stringify(right)}
        differences={[]}
        sections={sections}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Address information' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    trigger.click();
    await screen.findByRole('button', { name: 'Address information', expanded: false });
    expect(screen.queryByText('Indirizzo di fatturazione')).not.toBeInTheDocument();
  });
});

describe('the column headings', () => {
  const revision = (id: number, savedAt: string) => ({
    id,
    savedAt,
    source: 'sync',
    json: '{}',
    ...LIVE_RECORD,
    deletedContact: null,
  });
  const range = { dateFrom: '2024-03-01', dateTo: '2024-03-31' };

  it('name the search dates', () => {
    const pair = { first: revision(1, '2024-02-01T10:00:00Z'), second: revision(2, '2024-03-10T10:00:00Z') };
    expect(comparisonHeadings(pair, range, false)).toEqual([
      'Versione al 01/03/2024',
      'Versione al 31/03/2024',
    ]);
  });

  it('name the day the first version was saved when the record had none yet at the start date', () => {
    // 23:30 UTC on 14 March is 15 March in Rome.
    const pair = { first: revision(1, '2024-03-14T23:30:00Z'), second: revision(2, '2024-03-20T10:00:00Z') };
    expect(comparisonHeadings(pair, range, false)).toEqual([
      'Versione al 15/03/2024',
      'Versione al 31/03/2024',
    ]);
    const onTheDay = {
      first: revision(1, '2024-03-01T08:00:00Z'),
      second: revision(2, '2024-03-20T10:00:00Z'),
    };
    expect(comparisonHeadings(onTheDay, range, false)[0]).toBe('Versione al 01/03/2024');
    const created = revision(1, '2024-03-14T23:30:00Z');
    expect(comparisonHeadings({ first: created, second: created }, range, false)).toEqual([
      'Versione al 15/03/2024',
      'Le versioni sono le medesime',
    ]);
  });

  it("say 'Le versioni sono le medesime' on the right when there is one version", () => {
    const only = revision(1, '2024-02-01T10:00:00Z');
    expect(comparisonHeadings({ first: only, second: only }, range, false)).toEqual([
      'Versione al 01/03/2024',
      'Le versioni sono le medesime',
    ]);
  });

  it('name picked revisions by when they were saved', () => {
    const pair = { first: revision(1, '2024-02-01T10:00:00Z'), second: revision(2, '2024-03-10T10:05:00Z') };
    expect(comparisonHeadings(pair, range, true)).toEqual([
      'Versione al 01/02/2024 11:00',
      'Versione al 10/03/2024 11:05',
    ]);
  });

  it('interleaves the versions field by field, old above new, on a tablet in portrait', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('orientation: portrait'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    render(
      <ComparisonView
        headings={['Versione al 01/03/2024', 'Versione al 31/03/2024']}
        left={JSON.stringify(left)}
        right={JSON.stringify(right)}
        differences={['Phone']}
        sections={sections}
      />,
    );
    const phoneRow = document.querySelector<HTMLElement>('[data-layout="interleaved"] [data-field="Phone"]')!;
    const values = [...phoneRow.querySelectorAll('[data-side]')].map((value) => [
      value.getAttribute('data-side'),
      value.textContent,
    ]);
    expect(values).toEqual([
      ['left', 'Prima, Versione al 01/03/2024+39 333 111 2222'],
      ['right', 'Dopo, Versione al 31/03/2024+39 333 999 8888'],
    ]);
    expect(phoneRow).toHaveAttribute('data-changed', 'true');
    expect(within(phoneRow).getAllByTestId('diff-marker')).toHaveLength(1);
    expect(screen.getByTestId('changed-count')).toHaveTextContent('1 campo modificato');
  });

  it("copies each version's JSON and says 'JSON copiato!'", async () => {
    const user = userEvent.setup();
    render(
      <>
        <ComparisonView
          headings={['Versione al 01/03/2024', 'Versione al 31/03/2024']}
          left={JSON.stringify(left)}
          right={JSON.stringify(right)}
          differences={[]}
          sections={sections}
        />
        <Toaster />
      </>,
    );
    expect(screen.getByTestId('changed-count')).toHaveTextContent('Nessun campo modificato');
    await user.click(screen.getByRole('button', { name: 'Copia JSON: Versione al 31/03/2024' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(JSON.stringify(right));
    expect(await screen.findByText('JSON copiato!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copia JSON: Versione al 01/03/2024' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(JSON.stringify(left));
  });
});

afterEach(() => vi.unstubAllGlobals());

describe("a search row's expansion, which shows a few of the record's fields", () => {
  const shown: SectionDef[] = [
    {
      id: 'expansion',
      title: '',
      fields: [{ key: 'SKU__c', label: 'SKU', fallbackKeys: ['SKU_Webform__c'] }],
    },
  ];
  const detail: SectionDef[] = [
    {
      id: 'case',
      title: 'Case information',
      fields: [
        { key: 'SKU_Webform__c', label: 'SKU (modulo web)' },
        { key: 'Status', label: 'Stato' },
        { key: 'Priority', label: 'Priorità' },
        { key: 'Origin', label: 'Origine' },
      ],
    },
  ];
  const before = { SKU_Webform__c: 'A1', Status: 'New', Priority: 'High', Origin: 'Web' };
  const view = (after: Record<string, unknown>, differences: string[]) =>
    render(
      <ComparisonView
        headings={['Versione al 01/01/2025', 'Versione al 30/06/2025']}
        left={JSON.stringify(before)}
        right={JSON.stringify(after)}
        differences={differences}
        sections={shown}
        detailSections={detail}
        collapsible={false}
      />,
    );

  it("names the detail screen's changed fields it does not show, instead of saying nothing changed", () => {
    view({ ...before, Status: 'Working', Priority: 'Low' }, ['Status', 'Priority', 'SystemModstamp']);
    expect(screen.getByTestId('changed-count')).toHaveTextContent('Nessuno dei campi mostrati è modificato');
    expect(screen.getByTestId('changed-elsewhere')).toHaveTextContent(
      'Modificati anche, nel dettaglio: Stato, Priorità',
    );
  });

  it('counts a shown field once, read through its fallback, and says nothing more when nothing else changed', () => {
    view({ ...before, SKU_Webform__c: 'B2' }, ['SKU_Webform__c']);
    expect(screen.getByTestId('changed-count')).toHaveTextContent('1 campo modificato');
    expect(screen.queryByTestId('changed-elsewhere')).toBeNull();
  });
});
