import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from '@/components/data-table';

type Row = { id: number; name: string };
const columns: ColumnDef<Row>[] = [
  { id: 'id', header: 'ID', cell: ({ row }) => row.original.id },
  { id: 'name', header: 'Nome', cell: ({ row }) => row.original.name },
];

function Requests({ rows }: { rows: Row[] }) {
  // eslint-disable-next-line react-hooks/incompatible-library -- as the screens use TanStack Table
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
  });
  return (
    <DataTable
      table={table}
      aria-label="Richieste"
      rowTestId={(row) => `row-${row.id}`}
      rowActions={{
        header: 'Azioni',
        label: (row) => `Azioni per ${row.name}`,
        render: (row) => <button type="button">Approva {row.name}</button>,
      }}
    />
  );
}

/**
 * jsdom lays nothing out: the frame is as wide as `frame`, the table as wide as `table` while the actions have
 * their column and `tableBelow` once they are under the rows; `resize()` reports a change of size.
 */
function laidOut(size: { frame: number; table: number; tableBelow: number }) {
  const observers: Array<() => void> = [];
  // Three headers: the actions have their column.
  const tableWidth = () => (document.querySelectorAll('thead th').length > 2 ? size.table : size.tableBelow);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() =>
    Math.max(size.frame, tableWidth()),
  );
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => size.frame);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(report: () => void) {
        observers.push(report);
      }
      observe() {}
      disconnect() {}
    },
  );
  return {
    resize: (frame: number) =>
      act(() => {
        size.frame = frame;
        for (const report of observers) report();
      }),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const rows = [
  { id: 1, name: 'Anna' },
  { id: 2, name: 'Bruno' },
];
const groupOf = (name: string) => screen.getByRole('group', { name: `Azioni per ${name}` });

describe("a table's row actions", () => {
  it('have a last column of their own while the table fits its frame', () => {
    laidOut({ frame: 1000, table: 900, tableBelow: 700 });
    render(<Requests rows={rows} />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['ID', 'Nome', 'Azioni']);
    const group = groupOf('Anna');
    expect(group.closest('tr')).toHaveTextContent('1Anna');
    expect(within(screen.getByTestId('row-1')).getAllByRole('row')).toHaveLength(1);
  });

  it('go on a line of their own under the row, covering no cell, when the table is wider than its frame', async () => {
    const { resize } = laidOut({ frame: 760, table: 900, tableBelow: 700 });
    render(<Requests rows={rows} />);
    const item = screen.getByTestId('row-1');
    const [cells, actions] = within(item).getAllByRole('row');
    expect(cells).toHaveTextContent('1Anna');
    expect(within(cells!).queryByRole('button')).toBeNull();
    expect(actions).toContainElement(groupOf('Anna'));
    expect(within(actions!).getByRole('button', { name: 'Approva Anna' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['ID', 'Nome']);

    // A wider window: the table fits with the actions beside the cells again.
    await resize(1000);
    expect(within(screen.getByTestId('row-1')).getAllByRole('row')).toHaveLength(1);
    expect(groupOf('Anna').closest('tr')).toHaveTextContent('1Anna');
  });

  it('hand focus to the table when the row whose button has it goes away (a request approved)', async () => {
    laidOut({ frame: 1000, table: 900, tableBelow: 700 });
    const { rerender } = render(<Requests rows={rows} />);
    screen.getByRole('button', { name: 'Approva Anna' }).focus();
    rerender(<Requests rows={rows.slice(1)} />);
    await act(async () => undefined);
    expect(document.activeElement).toBe(screen.getByRole('table', { name: 'Richieste' }));

    // A row going away while focus is elsewhere takes nothing from it.
    screen.getByRole('button', { name: 'Approva Bruno' }).focus();
    rerender(<Requests rows={[{ id: 3, name: 'Carla' }, ...rows.slice(1)]} />);
    await act(async () => undefined);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Approva Bruno' }));
  });
});
