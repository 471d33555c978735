import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';

/** A read that failed: what went wrong and 'Ritenta'. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 p-4"
    >
      <span className="text-sm text-destructive">{message}</span>
      <Button variant="outline" onClick={onRetry}>
        {it.compare.retry}
      </Button>
    </div>
  );
}
