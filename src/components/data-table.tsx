import { flexRender, type RowData, type Table as TableInstance } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { it } from '@/i18n/it';
import { cn } from '@/lib/cn';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's header and cells (widths, alignment). */
    className?: string;
    /** Marker so the meta type uses both parameters, as the library's declaration requires. */
    readonly _types?: [TData, TValue];
  }
}

/**
 * Renders a TanStack table instance: header, rows, a skeleton while `loading`, and `emptyMessage` ('Nessun
 * risultato trovato' by default) when there is no row. Paging, selection and expansion stay with the caller.
 */
export function DataTable<T>({
  table,
  loading = false,
  emptyMessage = it.common.emptyTable,
  skeletonRows = 5,
  renderSubRow,
  className,
  'aria-label': ariaLabel,
}: {
  table: TableInstance<T>;
  loading?: boolean;
  emptyMessage?: ReactNode;
  skeletonRows?: number;
  /** Content of a full-width row under an expanded row. */
  renderSubRow?: (row: T) => ReactNode;
  className?: string;
  'aria-label'?: string;
}) {
  const columns = table.getVisibleLeafColumns();
  const rows = table.getRowModel().rows;
  return (
    <Table className={className} aria-label={ariaLabel} aria-busy={loading || undefined}>
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id} className="hover:bg-transparent">
            {group.headers.map((header) => (
              <TableHead key={header.id} className={header.column.columnDef.meta?.className}>
                {header.isPlaceholder
                  ? null
                  : flexRender(header.column.columnDef.header, header.getContext())}
              </TableHead>
            ))}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody>
        {loading ? (
          Array.from({ length: skeletonRows }, (_, i) => (
            <TableRow key={`skeleton-${i}`} className="hover:bg-transparent">
              {columns.map((column) => (
                <TableCell key={column.id}>
                  <Skeleton className="h-5 w-full" />
                </TableCell>
              ))}
            </TableRow>
          ))
        ) : rows.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columns.length} className="h-24 text-center text-muted-foreground">
              {emptyMessage}
            </TableCell>
          </TableRow>
        ) : (
          rows.map((row) => [
            <TableRow key={row.id} data-state={row.getIsSelected() ? 'selected' : undefined}>
              {row.getVisibleCells().map((cell) => (
                <TableCell key={cell.id} className={cn(cell.column.columnDef.meta?.className)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </TableCell>
              ))}
            </TableRow>,
            renderSubRow && row.getIsExpanded() ? (
              <TableRow key={`${row.id}-expanded`} className="hover:bg-transparent">
                <TableCell colSpan={columns.length}>{renderSubRow(row.original)}</TableCell>
              </TableRow>
            ) : null,
          ])
        )}
      </TableBody>
    </Table>
  );
}
