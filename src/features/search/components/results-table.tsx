import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { ChevronDown } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { DataTable } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { it } from '@/i18n/it';
import { cn } from '@/lib/cn';
import type { RowSelection } from '../hooks/use-row-selection';

export type ResultsTableProps<T> = {
  caption: string;
  /** The feature's data columns; the select and expand columns are added around them. */
  columns: ColumnDef<T>[];
  rows: readonly T[] | undefined;
  loading: boolean;
  getRowId: (row: T) => string;
  /** How a row is named to assistive technology ('Seleziona Mario Rossi'). */
  rowName: (row: T) => string;
  selection: RowSelection<T>;
  expandedId: string | null;
  onToggleExpanded: (id: string) => void;
  renderExpanded: (row: T) => ReactNode;
};

/** Search results: a select checkbox first, an expand toggle last, the expanded row's versions under it. */
export function ResultsTable<T>({
  caption,
  columns,
  rows,
  loading,
  getRowId,
  rowName,
  selection,
  expandedId,
  onToggleExpanded,
  renderExpanded,
}: ResultsTableProps<T>) {
  const data = useMemo(() => (rows ? [...rows] : []), [rows]);
  const allColumns = useMemo<ColumnDef<T>[]>(
    () => [
      {
        id: 'select',
        meta: { className: 'w-14 px-1' },
        header: ({ table }) => {
          const pageRows = table.getRowModel().rows.map((r) => r.original);
          const chosen = pageRows.filter((row) => selection.isSelected(getRowId(row))).length;
          return (
            <Checkbox
              aria-label={it.search.selectPage}
              disabled={pageRows.length === 0}
              checked={chosen === 0 ? false : chosen === pageRows.length ? true : 'indeterminate'}
              onCheckedChange={(checked) => selection.setRows(pageRows, checked === true)}
            />
          );
        },
        cell: ({ row }) => (
          <Checkbox
            aria-label={it.search.selectRow(rowName(row.original))}
            checked={selection.isSelected(row.id)}
            onCheckedChange={(checked) => selection.toggle(row.original, checked === true)}
          />
        ),
      },
      ...columns,
      {
        id: 'expand',
        // Sticky: while a narrow screen scrolls the cells sideways the toggle stays at the right edge. Opaque, so
        // that no cell shows through it; in the header tinted as the header row is.
        meta: {
          className: 'sticky right-0 w-14 bg-background px-1',
          headerClassName: 'bg-linear-to-r from-muted/50 to-muted/50',
        },
        header: () => <span className="sr-only">{it.search.expandColumn}</span>,
        cell: ({ row }) => {
          const expanded = expandedId === row.id;
          const name = rowName(row.original);
          return (
            <Button
              variant="ghost"
              size="icon"
              aria-expanded={expanded}
              aria-controls={expanded ? `versions-${row.id}` : undefined}
              aria-label={expanded ? it.search.collapse(name) : it.search.expand(name)}
              onClick={() => onToggleExpanded(row.id)}
            >
              <ChevronDown
                className={cn('transition-transform', expanded && 'rotate-180')}
                aria-hidden="true"
              />
            </Button>
          );
        },
      },
    ],
    [columns, selection, expandedId, onToggleExpanded, getRowId, rowName],
  );

  const rowSelection = useMemo(
    () => Object.fromEntries([...selection.selected.keys()].map((id) => [id, true])),
    [selection.selected],
  );
  const expanded = useMemo(() => (expandedId ? { [expandedId]: true } : {}), [expandedId]);
  // TanStack Table hands back a stable instance whose methods read the latest options on each render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns: allColumns,
    getRowId,
    state: { rowSelection, expanded },
    getRowCanExpand: () => true,
    getCoreRowModel: getCoreRowModel(),
  });

  return (
    <DataTable
      table={table}
      loading={loading}
      aria-label={caption}
      renderSubRow={(row) => (
        // As wide as the table's frame and held at its left edge: while the row's cells scroll sideways the two
        // versions, 'Solo differenze' and 'Copia JSON' stay in view.
        <div id={`versions-${getRowId(row)}`} className="sticky left-3 w-[calc(100cqw-1.5rem)] py-1">
          {renderExpanded(row)}
        </div>
      )}
    />
  );
}
