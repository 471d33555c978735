import { useCallback, useMemo, useState } from 'react';

export type RowSelection<T> = {
  /** The selected rows by id, across pages. */
  selected: ReadonlyMap<string, T>;
  isSelected: (id: string) => boolean;
  toggle: (row: T, checked: boolean) => void;
  /** Selects or clears every row of the page. */
  setRows: (rows: readonly T[], checked: boolean) => void;
  clear: () => void;
};

/**
 * Which result rows are selected. Rows stay selected while the user pages, so the restore buttons act on every
 * selected row; a new search starts over.
 */
export function useRowSelection<T>(getId: (row: T) => string): RowSelection<T> {
  const [selected, setSelected] = useState<ReadonlyMap<string, T>>(() => new Map());
  const toggle = useCallback(
    (row: T, checked: boolean) =>
      setSelected((current) => {
        const next = new Map(current);
        if (checked) next.set(getId(row), row);
        else next.delete(getId(row));
        return next;
      }),
    [getId],
  );
  const setRows = useCallback(
    (rows: readonly T[], checked: boolean) =>
      setSelected((current) => {
        const next = new Map(current);
        for (const row of rows) {
          if (checked) next.set(getId(row), row);
          else next.delete(getId(row));
        }
        return next;
      }),
    [getId],
  );
  const clear = useCallback(() => setSelected(new Map()), []);
  return useMemo(
    () => ({ selected, isSelected: (id: string) => selected.has(id), toggle, setRows, clear }),
    [selected, toggle, setRows, clear],
  );
}
