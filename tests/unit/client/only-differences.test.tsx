import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ComparisonView } from '@/domain/comparison/comparison-view';
import { ONLY_DIFFERENCES_KEY } from '@/domain/comparison/use-only-differences';
import type { SectionDef } from '@/domain/kinds/fields';

const sections: SectionDef[] = [
  {
    id: 'details',
    title: 'Details',
    fields: [
      { key: 'Name', label: 'Nome' },
      { key: 'Phone', label: 'Telefono' },
      { key: 'PersonEmail', label: 'Email' },
    ],
  },
  {
    id: 'address',
    title: 'Address information',
    fields: [{ key: 'BillingAddress', label: 'Indirizzo di fatturazione', kind: 'address' }],
  },
  {
    id: 'additional',
    title: 'Additional Information',
    fields: [{ key: 'Industry', label: 'Settore' }],
  },
];

const milano = { city: 'Milano', postalCode: '20121', country: 'Italia' };
const left = {
  Name: 'Maria Rossi',
  Phone: '1',
  PersonEmail: 'm@x.it',
  BillingAddress: milano,
  Industry: 'Retail',
};
const right = { ...left, Phone: '2', Industry: 'Food', BillingAddress: { ...milano, latitude: 45.4 } };

function Comparison({ id }: { id: string }) {
  return (
    <section aria-label={id}>
      <ComparisonView
        headings={['Versione al 01/03/2024', 'Versione al 31/03/2024']}
        left={JSON.stringify(left)}
        right={JSON.stringify(right)}
        // The address is named, but only its geolocation moved: it is not a shown difference.
        differences={['Phone', 'BillingAddress', 'Industry']}
        sections={sections}
      />
    </section>
  );
}

const shownFields = () => [
  ...new Set(
    [...document.querySelectorAll('[data-side="right"] [data-field]')].map((row) =>
      row.getAttribute('data-field'),
    ),
  ),
];
const sectionTitles = () =>
  screen.queryAllByRole('button', { name: /Details|Address|Additional/ }).map((b) => b.textContent);

describe("'Solo differenze'", () => {
  it('hides the fields whose values are equal, and the sections left without a change', async () => {
    render(<Comparison id="one" />);
    const user = userEvent.setup();
    const toggle = screen.getByRole('switch', { name: 'Solo differenze' });
    expect(toggle).not.toBeChecked();
    expect(shownFields()).toEqual(['Name', 'Phone', 'PersonEmail', 'BillingAddress', 'Industry']);
    expect(sectionTitles()).toEqual(['Details', 'Address information', 'Additional Information']);

    await user.click(screen.getByText('Solo differenze'));
    expect(toggle).toBeChecked();
    expect(shownFields()).toEqual(['Phone', 'Industry']);
    expect(sectionTitles()).toEqual(['Details', 'Additional Information']);
    expect(screen.getByTestId('changed-count')).toHaveTextContent('2 campi modificati');

    await user.click(toggle);
    expect(shownFields()).toEqual(['Name', 'Phone', 'PersonEmail', 'BillingAddress', 'Industry']);
  });

  it('is remembered on this browser, and every comparison on screen follows it', async () => {
    const first = render(<Comparison id="one" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Solo differenze' }));
    expect(window.localStorage.getItem(ONLY_DIFFERENCES_KEY)).toBe('true');
    first.unmount();

    render(
      <>
        <Comparison id="one" />
        <Comparison id="two" />
      </>,
    );
    const toggles = screen.getAllByRole('switch', { name: 'Solo differenze' });
    expect(toggles.map((toggle) => (toggle as HTMLInputElement).checked)).toEqual([true, true]);
    expect(shownFields()).toEqual(['Phone', 'Industry']);
    await user.click(toggles[1]!);
    expect(toggles.map((toggle) => (toggle as HTMLInputElement).checked)).toEqual([false, false]);
    expect(window.localStorage.getItem(ONLY_DIFFERENCES_KEY)).toBe('false');
  });
});
