import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateField } from '@/components/date-field';
import { dayToText, parseTypedDay } from '@/lib/day-input';

describe('a typed date', () => {
  it.each([
    ['05/03/2024', '2024-03-05'],
    ['5/3/2024', '2024-03-05'],
    [' 29/02/2024 ', '2024-02-29'],
    ['01/01/2000', '2000-01-01'],
    ['31/12/2030', '2030-12-31'],
    ['31-12-2030', '2030-12-31'],
  ])('reads %j as %s', (typed, day) => {
    expect(parseTypedDay(typed)).toEqual({ ok: true, day });
  });

  it.each([
    '2024-03-05',
    '05/03/24',
    '05032024',
    '32/01/2024',
    '29/02/2023',
    '00/01/2024',
    '15/13/2024',
    'oggi',
  ])('refuses %j as not DD/MM/YYYY', (typed) => {
    expect(parseTypedDay(typed)).toEqual({ ok: false, reason: 'format' });
  });

  it.each(['31/12/1999', '01/01/2031', '15/06/1990', '01/01/2100'])(
    'refuses %j outside 2000-2030',
    (typed) => {
      expect(parseTypedDay(typed)).toEqual({ ok: false, reason: 'range' });
    },
  );

  it('says an empty field is empty', () => {
    expect(parseTypedDay('  ')).toEqual({ ok: false, reason: 'empty' });
  });

  it('writes a day back as DD/MM/YYYY', () => {
    expect(dayToText('2024-03-05')).toBe('05/03/2024');
  });
});

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <DateField id="da" label="Da" value={value} onChange={setValue} />;
}

describe('the date field', () => {
  it('is labelled and completes a short typed date when left', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const input = screen.getByLabelText('Da');
    await user.type(input, '5/3/2024');
    await user.tab();
    expect(input).toHaveValue('05/03/2024');
  });

  it('opens a calendar at the typed month and puts the picked day in the field', async () => {
    const user = userEvent.setup();
    render(<Field initial="05/03/2024" />);
    await user.click(screen.getByRole('button', { name: "Scegli la data 'Da' dal calendario" }));
    const grid = await screen.findByRole('grid');
    expect(within(grid).getByRole('button', { name: /20 marzo 2024/i })).toBeInTheDocument();
    await user.click(within(grid).getByRole('button', { name: /20 marzo 2024/i }));
    expect(screen.getByLabelText('Da')).toHaveValue('20/03/2024');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('keeps the calendar between January 2000 and December 2030', async () => {
    const user = userEvent.setup();
    render(<Field initial="01/01/2000" />);
    await user.click(screen.getByRole('button', { name: /dal calendario/ }));
    await screen.findByRole('grid');
    expect(screen.getByRole('button', { name: 'Vai al mese precedente' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    const years = within(screen.getByRole('combobox', { name: "Scegli l'anno" }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(years[0]).toBe('2000');
    expect(years.at(-1)).toBe('2030');
    expect(years).toHaveLength(31);
  });

  it('cannot go past December 2030', async () => {
    const user = userEvent.setup();
    render(<Field initial="31/12/2030" />);
    await user.click(screen.getByRole('button', { name: /dal calendario/ }));
    await screen.findByRole('grid');
    expect(screen.getByRole('button', { name: 'Vai al mese successivo' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
