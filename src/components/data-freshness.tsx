import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';

/** When a list's data was read from the server, and 'Aggiorna' to read it again now. */
export function DataFreshness({
  readAt,
  refreshing,
  onRefresh,
  online,
}: {
  /** Milliseconds since the epoch (a query's `dataUpdatedAt`); 0 while nothing was read. */
  readAt: number;
  refreshing: boolean;
  onRefresh: () => void;
  /** Offline the data shown is the saved copy: it says so, and 'Aggiorna' waits for the network. */
  online: boolean;
}) {
  return (
    <div className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="data-freshness">
      {readAt > 0 && (
        <span data-testid="read-at">
          {(online ? it.freshness.readAt : it.offline.savedAt)(formatDateTime(readAt))}
        </span>
      )}
      <Button variant="outline" onClick={onRefresh} disabled={!online || refreshing} aria-busy={refreshing}>
        <RefreshCw aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
        {it.freshness.refresh}
      </Button>
    </div>
  );
}

/** Offline, a list never read on this device says so instead of showing loading bars that never end. */
export function NeverReadOffline({ message = it.offline.neverSeen }: { message?: string }) {
  return (
    <p
      role="status"
      className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900"
      data-testid="never-read"
    >
      {message}
    </p>
  );
}
