/**
 * How a table row's actions stay in view on a tablet: their cell is pinned to the table's right edge while the rest
 * scrolls sideways, and below 1280 px each button shows only its icon, its name kept for screen readers and as the
 * tooltip.
 */
export const pinnedActionsCell =
  'sticky right-0 w-px bg-background text-right shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.2)] [thead_&]:bg-muted';
export const compactButton = 'max-xl:w-11 max-xl:px-0';
export const compactLabel = 'max-xl:sr-only';
