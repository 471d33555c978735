import { useRef, type ComponentProps } from 'react';
import { it } from '@/i18n/it';
import { cn } from '@/lib/cn';
import { useScrollsAcross } from '@/lib/use-scrolls-across';

/**
 * A plain table in a horizontally scrolling frame, so wide tables stay usable on a tablet. While the table is wider
 * than its frame, the frame is a named region in the tab order, so that it scrolls from the keyboard too (a table
 * of text alone has nothing else to focus), and a shade on the edge where columns are out of view says there is
 * more to scroll to (a touch screen shows no scroll bar until it is touched).
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  const frame = useRef<HTMLDivElement>(null);
  const { scrolls, hiddenLeft, hiddenRight } = useScrollsAcross(frame);
  const shade = 'pointer-events-none absolute inset-y-px w-8 from-foreground/15 to-transparent';
  return (
    <div className="relative w-full">
      <div
        ref={frame}
        data-slot="table-container"
        className="@container relative w-full overflow-x-auto rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        {...(scrolls
          ? {
              tabIndex: 0,
              role: 'region',
              'aria-label': props['aria-label'] && it.common.scrollingTable(props['aria-label']),
            }
          : {})}
      >
        <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
      </div>
      {hiddenLeft && (
        <div data-slot="table-more-left" className={cn(shade, 'left-px rounded-l-md bg-linear-to-r')} />
      )}
      {hiddenRight && (
        <div data-slot="table-more-right" className={cn(shade, 'right-px rounded-r-md bg-linear-to-l')} />
      )}
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead data-slot="table-header" className={cn('bg-muted/50 [&_tr]:border-b', className)} {...props} />
  );
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableFooter({ className, ...props }: ComponentProps<'tfoot'>) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn('border-t bg-muted/50 font-medium [&>tr]:last:border-b-0', className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn('border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted', className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        'h-11 whitespace-nowrap px-2 text-left align-middle font-medium text-muted-foreground lg:px-3',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td data-slot="table-cell" className={cn('px-2 py-2 align-middle lg:px-3', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return (
    <caption
      data-slot="table-caption"
      className={cn('mt-4 text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
