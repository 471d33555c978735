import { flexRender, type RowData, type Table as TableInstance } from '@tanstack/react-table';
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useActionsBelow } from '@/components/row-actions';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { it } from '@/i18n/it';
import { cn } from '@/lib/cn';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's header and cells (widths, alignment). */
    className?: string;
    /** Classes for the header alone (a tint of the header row). */
    headerClassName?: string;
    /** Classes for the cells alone (cells on one line under a header that may wrap). */
    cellClassName?: string;
    /** Marker so the meta type uses both parameters, as the library's declaration requires. */
    readonly _types?: [TData, TValue];
  }
}

/** The buttons of each row, kept apart from the columns: they go in a last column or under the row (row-actions.ts). */
export type RowActions<T> = {
  /** The actions column's header, for screen readers. */
  header: string;
  /** Names the group of one row's buttons ('Azioni per la richiesta 5'). */
  label: (row: T) => string;
  render: (row: T) => ReactNode;
};

/**
 * Renders a TanStack table instance: header, rows, a skeleton while `loading`, and `emptyMessage` ('Nessun
 * risultato trovato' by default) when there is no row. Paging, selection and expansion stay with the caller.
 * With `rowActions` each row is a group of its own (a `tbody`, `rowTestId` naming it) holding its cells and its
 * buttons, in a last column when the table fits its frame and under the cells when it does not.
 */
export function DataTable<T>({
  table,
  loading = false,
  emptyMessage = it.common.emptyTable,
  skeletonRows = 5,
  renderSubRow,
  rowActions,
  rowTestId,
  className,
  'aria-label': ariaLabel,
}: {
  table: TableInstance<T>;
  loading?: boolean;
  emptyMessage?: ReactNode;
  skeletonRows?: number;
  /** Content of a full-width row under an expanded row. */
  renderSubRow?: (row: T) => ReactNode;
  rowActions?: RowActions<T>;
  rowTestId?: (row: T) => string;
  className?: string;
  'aria-label'?: string;
}) {
  const tableRef = useRef<HTMLTableElement>(null);
  const rows = table.getRowModel().rows;
  const showRows = !loading && rows.length > 0;
  const actionsBelow = useActionsBelow(
    tableRef,
    rows.map((row) => row.id).join(' '),
    Boolean(rowActions) && showRows,
  );
  const actionsColumn = rowActions !== undefined && !actionsBelow;
  const columnCount = table.getVisibleLeafColumns().length + (actionsColumn ? 1 : 0);
  return (
    <Table
      ref={tableRef}
      tabIndex={-1}
      className={className}
      aria-label={ariaLabel}
      aria-busy={loading || undefined}
    >
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id} className="hover:bg-transparent">
            {group.headers.map((header) => (
              <TableHead
                key={header.id}
                className={cn(
                  header.column.columnDef.meta?.className,
                  header.column.columnDef.meta?.headerClassName,
                )}
              >
                {header.isPlaceholder
                  ? null
                  : flexRender(header.column.columnDef.header, header.getContext())}
              </TableHead>
            ))}
            {actionsColumn && (
              <TableHead className="w-px">
                <span className="sr-only">{rowActions.header}</span>
              </TableHead>
            )}
          </TableRow>
        ))}
      </TableHeader>
      {rowActions && showRows ? (
        rows.map((row) => (
          <tbody
            key={row.id}
            data-testid={rowTestId?.(row.original)}
            className="border-b transition-colors last:border-b-0 hover:bg-muted/50"
          >
            <TableRow className="border-b-0 hover:bg-transparent">
              {row.getVisibleCells().map((cell) => (
                <TableCell
                  key={cell.id}
                  className={cn(
                    cell.column.columnDef.meta?.className,
                    cell.column.columnDef.meta?.cellClassName,
                  )}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </TableCell>
              ))}
              {actionsColumn && (
                <TableCell className="w-px">
                  <RowActionGroup
                    actions={rowActions}
                    row={row.original}
                    table={tableRef}
                    className="flex justify-end gap-2"
                  />
                </TableCell>
              )}
            </TableRow>
            {!actionsColumn && (
              <TableRow className="border-b-0 hover:bg-transparent">
                <TableCell colSpan={columnCount} className="pt-0 pb-3">
                  {/* Sticky: while the cells above scroll sideways the buttons stay at the left edge. */}
                  <RowActionGroup
                    actions={rowActions}
                    row={row.original}
                    table={tableRef}
                    className="sticky left-3 flex w-fit flex-wrap gap-2"
                  />
                </TableCell>
              </TableRow>
            )}
          </tbody>
        ))
      ) : (
        <TableBody>
          {loading ? (
            Array.from({ length: skeletonRows }, (_, i) => (
              <TableRow key={`skeleton-${i}`} className="hover:bg-transparent">
                {Array.from({ length: columnCount }, (_, column) => (
                  <TableCell key={column}>
                    <Skeleton className="h-5 w-full" />
                  </TableCell>
                ))}
              </TableRow>
            ))
          ) : rows.length === 0 ? (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={columnCount} className="h-24 text-center text-muted-foreground">
                {emptyMessage}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => [
              <TableRow key={row.id} data-state={row.getIsSelected() ? 'selected' : undefined}>
                {row.getVisibleCells().map((cell) => (
                  <TableCell
                    key={cell.id}
                    className={cn(
                      cell.column.columnDef.meta?.className,
                      cell.column.columnDef.meta?.cellClassName,
                    )}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </TableCell>
                ))}
              </TableRow>,
              renderSubRow && row.getIsExpanded() ? (
                <TableRow key={`${row.id}-expanded`} className="hover:bg-transparent">
                  <TableCell colSpan={columnCount} className="px-3">
                    {renderSubRow(row.original)}
                  </TableCell>
                </TableRow>
              ) : null,
            ])
          )}
        </TableBody>
      )}
    </Table>
  );
}

/**
 * One row's buttons, named for screen readers after their row. A row that goes away while one of its buttons has
 * focus (a request approved leaves its tab) hands focus to its table instead of letting it drop to the page: the
 * cleanup of a layout effect runs before React takes the row out of the document.
 */
function RowActionGroup<T>({
  actions,
  row,
  className,
  table,
}: {
  actions: RowActions<T>;
  row: T;
  className: string;
  table: RefObject<HTMLTableElement | null>;
}) {
  const group = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = group.current;
    return () => {
      if (element?.contains(document.activeElement)) queueMicrotask(() => focusIfDropped(table));
    };
  }, [table]);
  return (
    <div ref={group} role="group" aria-label={actions.label(row)} className={className}>
      {actions.render(row)}
    </div>
  );
}

/** Focuses the table (which outlives its rows) when focus fell to the page. */
function focusIfDropped(table: RefObject<HTMLTableElement | null>) {
  const now = document.activeElement;
  if (now === document.body || !now?.isConnected) table.current?.focus();
}
