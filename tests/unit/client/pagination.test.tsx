import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Pagination, paginationRange } from '@/components/ui/pagination';

describe('paginationRange', () => {
  it.each([0, 1, 2, 5, 7])('lists every page when there are %i', (total) => {
    for (let page = 1; page <= Math.max(1, total); page++)
      expect(paginationRange(page, total)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
  });

  it('collapses the middle beyond 7 pages, keeping first, last and the current page with its neighbours', () => {
    expect(paginationRange(1, 20)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 20]);
    expect(paginationRange(4, 20)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 20]);
    expect(paginationRange(5, 20)).toEqual([1, 'start-ellipsis', 4, 5, 6, 'end-ellipsis', 20]);
    expect(paginationRange(16, 20)).toEqual([1, 'start-ellipsis', 15, 16, 17, 'end-ellipsis', 20]);
    expect(paginationRange(17, 20)).toEqual([1, 'start-ellipsis', 16, 17, 18, 19, 20]);
    expect(paginationRange(20, 20)).toEqual([1, 'start-ellipsis', 16, 17, 18, 19, 20]);
    expect(paginationRange(4, 8)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 8]);
  });

  it('always shows seven items, the current page among them, in increasing order', () => {
    for (let total = 8; total <= 40; total++)
      for (let page = 1; page <= total; page++) {
        const items = paginationRange(page, total);
        expect(items).toHaveLength(7);
        expect(items).toContain(page);
        const numbers = items.filter((item): item is number => typeof item === 'number');
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(total);
      }
  });

  it('clamps a page outside the range', () => {
    expect(paginationRange(99, 10)).toEqual([1, 'start-ellipsis', 6, 7, 8, 9, 10]);
    expect(paginationRange(0, 10)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 10]);
  });
});

function Controlled({ total, start = 1 }: { total: number; start?: number }) {
  const [page, setPage] = useState(start);
  return <Pagination page={page} totalPages={total} onPageChange={setPage} />;
}

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Paginazione' }))
    .getAllByRole('button', { name: /^Pagina / })
    .map((button) => button.textContent);

describe('the Pagination control', () => {
  it('shows nothing for a single page', () => {
    render(<Controlled total={1} />);
    expect(screen.queryByRole('navigation', { name: 'Paginazione' })).toBeNull();
  });

  it('shows all pages up to 7 and marks the current one', async () => {
    render(<Controlled total={7} />);
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(screen.getByRole('button', { name: 'Pagina 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Precedente' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Pagina 6' }));
    expect(screen.getByRole('button', { name: 'Pagina 6' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows ellipses beyond 7 pages and moves with Precedente and Successiva', async () => {
    const user = userEvent.setup();
    render(<Controlled total={12} start={6} />);
    expect(pageButtons()).toEqual(['1', '5', '6', '7', '12']);
    expect(screen.getAllByText('Altre pagine')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Successiva' }));
    expect(pageButtons()).toEqual(['1', '6', '7', '8', '12']);
    await user.click(screen.getByRole('button', { name: 'Pagina 12' }));
    expect(pageButtons()).toEqual(['1', '8', '9', '10', '11', '12']);
    expect(screen.getByRole('button', { name: 'Successiva' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Precedente' }));
    expect(screen.getByRole('button', { name: 'Pagina 11' })).toHaveAttribute('aria-current', 'page');
  });

  it('is usable with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Controlled total={3} />);
    await user.tab();
    // 'Precedente' is disabled on the first page, so the first stop is page 1.
    expect(screen.getByRole('button', { name: 'Pagina 1' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Pagina 2' })).toHaveAttribute('aria-current', 'page');
  });
});
