import { it } from '@/i18n/it-first-load';
import { cn } from '@/lib/cn';

/** What a part loaded on use (calendar, agent list, table) shows for the moment its code is on its way. */
export function PartLoading({ className }: { className?: string }) {
  return (
    <p role="status" className={cn('p-3 text-sm text-muted-foreground', className)}>
      {it.app.loading}
    </p>
  );
}
