import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * Where a table's row actions go: in a last column while the whole row fits its frame, otherwise on a line of their
 * own under the row's cells (a tablet, a narrow window, a long username), so that they are always in view, keep
 * their text labels and cover no cell. A column pinned over the table's right edge hid the cells beneath it.
 *
 * The table is laid out with the actions in their column first (before paint): if it is wider than its frame the
 * actions move below, and the width it needed is kept, so they come back once the frame is that wide again.
 * `rowsKey` names the rows shown (their ids): new rows are measured afresh.
 */
export function useActionsBelow(
  tableRef: RefObject<HTMLTableElement | null>,
  rowsKey: string,
  enabled: boolean,
): boolean {
  const [placement, setPlacement] = useState({ rowsKey: '', below: false });
  const below = enabled && placement.rowsKey === rowsKey && placement.below;
  const inlineWidth = useRef(0);
  useLayoutEffect(() => {
    const table = tableRef.current;
    const frame = table?.parentElement;
    if (!enabled || !table || !frame || typeof ResizeObserver === 'undefined') return;
    const place = () => {
      if (!below) {
        if (frame.scrollWidth <= frame.clientWidth) return;
        inlineWidth.current = frame.scrollWidth;
        setPlacement({ rowsKey, below: true });
      } else if (frame.clientWidth >= inlineWidth.current) setPlacement({ rowsKey, below: false });
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(frame);
    observer.observe(table);
    return () => observer.disconnect();
  }, [tableRef, rowsKey, enabled, below]);
  return below;
}
