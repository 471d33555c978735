import { ArchiveX } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import type { Revision } from '@contract/revisions';
import { NeverReadOffline } from '@/components/data-freshness';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { it } from '@/i18n/it';
import { orderedPair } from '@/domain/comparison/use-record-comparison';
import { formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/error-message';
import { useOnline } from '@/lib/online-status';
import { cn } from '@/lib/cn';
import { LoadFailed } from '@/domain/comparison/load-failed';
import type { RevisionPair } from '@/domain/revision-pair';

/** A revision saved when the CRM deleted the record: its json is the last known snapshot. */
export const DELETE_SOURCE = 'delete';
/** A revision saved when the CRM made the contact a business account: Storico reads no more changes of it. */
export const CONVERT_SOURCE = 'convert';

/** 'sync', 'import', 'restore:12', 'rollback:3', 'delete', 'convert' in words. */
export function revisionSourceLabel(source: string): string {
  const t = it.compare.timeline.sources;
  const [kind, id] = source.split(':');
  if (id !== undefined && (kind === 'restore' || kind === 'rollback')) return t[kind](id);
  const named: Record<string, string> = {
    sync: t.sync,
    import: t.import,
    [DELETE_SOURCE]: it.recordLife.deleted,
    [CONVERT_SOURCE]: it.recordLife.converted,
  };
  return named[source] ?? source;
}

/** What the timeline shows and what it reports. */
export type RevisionTimelineData = {
  /** Every revision of the record loaded so far, newest first. */
  revisions: readonly Revision[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** The two revisions on screen. */
  shown: RevisionPair | undefined;
  /** Whether the screen shows revisions picked here rather than the versions at the search dates. */
  picked: boolean;
  onCompare: (pair: RevisionPair) => void;
  onReset: () => void;
};

/**
 * The timeline's content: the revisions to pick from and the buttons. It loads when the timeline is first opened
 * (decision 023); what is picked stays with the timeline (`chosen`) while it is closed.
 */
export function RevisionTimelineList({
  introId,
  chosen,
  setChosen,
  revisions,
  loading,
  error,
  onRetry,
  hasMore,
  loadingMore,
  onLoadMore,
  shown,
  picked,
  onCompare,
  onReset,
}: RevisionTimelineData & {
  introId: string;
  chosen: number[];
  setChosen: Dispatch<SetStateAction<number[]>>;
}) {
  const t = it.compare.timeline;
  const online = useOnline();
  const byId = new Map((revisions ?? []).map((r) => [r.id, r]));
  const choice = chosen.map((id) => byId.get(id)).filter((r): r is Revision => r !== undefined);

  const toggle = (id: number, checked: boolean) =>
    // A third choice replaces the older of the two.
    setChosen((current) =>
      checked ? [...current.filter((c) => c !== id), id].slice(-2) : current.filter((c) => c !== id),
    );

  return (
    <>
      <p id={introId} className="text-sm text-muted-foreground">
        {t.intro}
      </p>
      {!online && revisions === undefined ? (
        // Not an error to retry: the history was never read here, and the network is gone.
        <NeverReadOffline message={t.offline} />
      ) : error ? (
        <LoadFailed message={`${t.loadFailed}: ${errorMessage(error)}`} onRetry={onRetry} />
      ) : loading ? (
        <div className="flex flex-col gap-2" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-11 w-full" />
          ))}
        </div>
      ) : revisions && revisions.length === 0 ? (
        <p className="text-sm">{t.empty}</p>
      ) : (
        <ol aria-describedby={introId} className="flex max-h-96 flex-col overflow-y-auto rounded-md border">
          {(revisions ?? []).map((revision) => {
            const label = t.choose(formatDateTime(revision.savedAt), revisionSourceLabel(revision.source));
            const side =
              shown?.first.id === revision.id ? t.left : shown?.second.id === revision.id ? t.right : null;
            const both = shown && shown.first.id === revision.id && shown.second.id === revision.id;
            const deletion = revision.source === DELETE_SOURCE;
            return (
              <li
                key={revision.id}
                className={cn(
                  'flex items-center gap-2 border-b pr-3 last:border-b-0',
                  deletion && 'bg-destructive/5',
                )}
                data-revision-id={revision.id}
                data-deletion={deletion || undefined}
              >
                <Checkbox
                  id={`${introId}-${revision.id}`}
                  checked={chosen.includes(revision.id)}
                  onCheckedChange={(checked) => toggle(revision.id, checked === true)}
                />
                <label
                  htmlFor={`${introId}-${revision.id}`}
                  className="flex min-h-11 flex-1 items-center text-sm"
                >
                  {label}
                </label>
                {deletion && (
                  <Badge variant="outline" className="border-destructive/40 text-destructive-strong">
                    <ArchiveX className="size-3.5" aria-hidden="true" />
                    {it.recordLife.deleted}
                  </Badge>
                )}
                {side && (
                  <Badge variant="secondary">{both ? `${t.left}, ${t.right.toLowerCase()}` : side}</Badge>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {hasMore && (
          <Button variant="outline" onClick={onLoadMore} disabled={loadingMore}>
            {t.loadMore}
          </Button>
        )}
        <span className="text-sm text-muted-foreground" role="status">
          {t.chosen(choice.length)}
        </span>
        <Button
          disabled={choice.length !== 2}
          onClick={() => {
            const [a, b] = choice;
            if (a && b) onCompare(orderedPair(a, b));
          }}
        >
          {t.compare}
        </Button>
        {picked && (
          <Button
            variant="outline"
            onClick={() => {
              setChosen([]);
              onReset();
            }}
          >
            {t.reset}
          </Button>
        )}
      </div>
    </>
  );
}
