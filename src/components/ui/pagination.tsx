import { ChevronLeft, ChevronRight, MoreHorizontal } from 'lucide-react';
import type { ComponentProps } from 'react';
import { it } from '@/i18n/it';
import { cn } from '@/lib/cn';
import { Button } from './button';

export type PaginationItem = number | 'start-ellipsis' | 'end-ellipsis';

/** Pages shown at once before the middle collapses into ellipses (docs/product.md#limits-and-constants). */
export const MAX_VISIBLE_PAGES = 7;

/**
 * The buttons of a pagination control for 1-based `page` of `totalPages`: every page up to 7, otherwise always
 * seven items: first and last page, the current one with its neighbours, and an ellipsis for each gap.
 */
export function paginationRange(page: number, totalPages: number): PaginationItem[] {
  const total = Math.max(0, Math.trunc(totalPages));
  if (total <= MAX_VISIBLE_PAGES) return Array.from({ length: total }, (_, i) => i + 1);
  const current = Math.min(Math.max(1, Math.trunc(page)), total);
  const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  // 1, 2, 3, 4, 5, …, N  /  1, …, N-4 … N  /  1, …, c-1, c, c+1, …, N
  if (current <= 4) return [...span(1, 5), 'end-ellipsis', total];
  if (current >= total - 3) return [1, 'start-ellipsis', ...span(total - 4, total)];
  return [1, 'start-ellipsis', current - 1, current, current + 1, 'end-ellipsis', total];
}

export function PaginationRoot({ className, ...props }: ComponentProps<'nav'>) {
  return (
    <nav
      aria-label={it.pagination.label}
      data-slot="pagination"
      className={cn('flex w-full justify-center', className)}
      {...props}
    />
  );
}

export function PaginationContent({ className, ...props }: ComponentProps<'ul'>) {
  return (
    <ul
      data-slot="pagination-content"
      className={cn('flex flex-wrap items-center gap-1', className)}
      {...props}
    />
  );
}

export function PaginationEllipsis({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      aria-hidden="true"
      data-slot="pagination-ellipsis"
      className={cn('flex size-11 items-center justify-center', className)}
      {...props}
    >
      <MoreHorizontal className="size-4" />
      <span className="sr-only">{it.pagination.more}</span>
    </span>
  );
}

/**
 * Page buttons for a list whose page lives in the URL (`usePageParam`): `page` is 1-based. Shows nothing when
 * there is at most one page.
 */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  className,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  className?: string;
}) {
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  return (
    <PaginationRoot className={className}>
      <PaginationContent>
        <li>
          <Button variant="ghost" onClick={() => onPageChange(current - 1)} disabled={current <= 1}>
            <ChevronLeft aria-hidden="true" />
            <span className="max-sm:sr-only">{it.pagination.previous}</span>
          </Button>
        </li>
        {paginationRange(current, totalPages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Button
                variant={item === current ? 'outline' : 'ghost'}
                size="icon"
                aria-label={it.pagination.page(item)}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => item !== current && onPageChange(item)}
              >
                {item}
              </Button>
            </li>
          ) : (
            <li key={item}>
              <PaginationEllipsis />
            </li>
          ),
        )}
        <li>
          <Button variant="ghost" onClick={() => onPageChange(current + 1)} disabled={current >= totalPages}>
            <span className="max-sm:sr-only">{it.pagination.next}</span>
            <ChevronRight aria-hidden="true" />
          </Button>
        </li>
      </PaginationContent>
    </PaginationRoot>
  );
}
