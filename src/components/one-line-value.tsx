import { cn } from '@/lib/cn';

/**
 * A value that is never broken inside (a phone number, an e-mail address): on one line. With `cutAt` (a maximum
 * width class) a longer value is cut with '…', is a Tab stop, and shows whole over the cells before it on hover
 * and on focus (a tap on a touch screen), drawn by CSS so that the text of the cell stays the value once;
 * screen readers always read it whole.
 */
export function OneLineValue({ value, cutAt }: { value: string | null; cutAt?: string }) {
  if (!value) return null;
  if (!cutAt) return <span className="whitespace-nowrap">{value}</span>;
  return (
    <span
      tabIndex={0}
      data-value={value}
      data-testid="cut-value"
      className={cn(
        'relative block whitespace-nowrap rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        'after:absolute after:bottom-full after:right-0 after:z-10 after:mb-1 after:hidden after:rounded-md after:border after:bg-popover after:px-2 after:py-1 after:text-popover-foreground after:shadow-md after:content-[attr(data-value)] hover:after:block focus:after:block',
        cutAt,
      )}
    >
      <span className="block truncate">{value}</span>
    </span>
  );
}
