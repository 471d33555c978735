import { cn } from '@/lib/cn';

/**
 * A value that is never broken inside (a phone number, an e-mail address): on one line. With `cutAt` (a maximum
 * width class) a longer value is cut with '…', is a Tab stop, and shows whole over the cells before it on hover
 * and on focus (a tap on a touch screen); screen readers always read it whole.
 */
export function OneLineValue({ value, cutAt }: { value: string | null; cutAt?: string }) {
  if (!value) return null;
  if (!cutAt) return <span className="whitespace-nowrap">{value}</span>;
  return (
    <span
      tabIndex={0}
      className={cn(
        'group relative block whitespace-nowrap rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        cutAt,
      )}
    >
      <span className="block truncate">{value}</span>
      <span
        aria-hidden="true"
        data-testid="whole-value"
        className="absolute bottom-full right-0 z-10 mb-1 hidden rounded-md border bg-popover px-2 py-1 text-popover-foreground shadow-md group-hover:block group-focus:block"
      >
        {value}
      </span>
    </span>
  );
}
