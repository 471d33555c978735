import { useQueryClient } from '@tanstack/react-query';
import { ArchiveX, ChevronDown, CirclePlus, Mail, MessageSquare } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { agentLabel, type Agent } from '@contract/agents';
import type { RelatedChange, RelatedRecord } from '@contract/case-related';
import { Badge } from '@/components/ui/badge';
import { itCaseRelated as t } from '@/i18n/it-case-related';
import { cn } from '@/lib/cn';
import { formatDateTime, formatDay } from '@/lib/dates';
import { AGENTS_KEY } from '@/domain/kinds/query-keys';
import { relatedLine, type RelatedLine } from './related-line';

/** The CRM users' names this device has read (the agents list), by id: a comment's author is named by them. */
function useUserNames(): ReadonlyMap<string, string> {
  const agents = useQueryClient().getQueryData<Agent[]>(AGENTS_KEY);
  return useMemo(() => new Map((agents ?? []).map((agent) => [agent.id, agentLabel(agent)])), [agents]);
}

/**
 * What happened to a line within the dates, in the detail's marks: a change is the red circle of a changed field,
 * a deletion the bin of a record deleted in the CRM; each says it in words too.
 */
function ChangeMark({ change, deletedAt }: { change: RelatedChange; deletedAt: string | null }) {
  if (change === null) return null;
  const text =
    change === 'deleted' && deletedAt ? t.deletedOn(formatDay(deletedAt) || deletedAt) : t.changes[change];
  return (
    <span
      data-testid="related-change"
      data-change={change}
      className={cn(
        'inline-flex items-center gap-1 text-xs font-semibold',
        change === 'added' ? 'text-emerald-800' : 'text-destructive-strong',
      )}
    >
      {change === 'changed' && (
        <span
          aria-hidden="true"
          className="inline-block size-3 shrink-0 rounded-full bg-destructive ring-2 ring-destructive/25"
        />
      )}
      {change === 'deleted' && <ArchiveX className="size-4" aria-hidden="true" />}
      {change === 'added' && <CirclePlus className="size-4" aria-hidden="true" />}
      {text}
    </span>
  );
}

function Summary({ line, names }: { line: RelatedLine; names: ReadonlyMap<string, string> }) {
  const email = line.object === 'EmailMessage';
  const Icon = email ? Mail : MessageSquare;
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-1">
      <span data-testid="related-head" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-1 font-medium">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          {email ? t.email : t.comment}
        </span>
        <span className="tabular-nums">{formatDateTime(line.date) || line.date}</span>
        <Badge variant="outline">
          {email ? (line.incoming ? t.incoming : t.outgoing) : line.published ? t.published : t.internal}
        </Badge>
        <ChangeMark change={line.change} deletedAt={line.deletedAt} />
      </span>
      {email ? (
        <>
          <span className="break-words text-sm font-medium">{line.subject || t.noSubject}</span>
          <span className="flex flex-wrap gap-x-4 text-xs text-muted-foreground">
            <span className="break-all">
              {t.from}: {line.from || '—'}
            </span>
            <span className="break-all">
              {t.to}: {line.to || '—'}
            </span>
          </span>
        </>
      ) : (
        <span className="text-xs text-muted-foreground">
          {t.author}: {names.get(line.authorId) ?? (line.authorId || '—')}
        </span>
      )}
    </span>
  );
}

function LineText({ line }: { line: RelatedLine }) {
  const text = useMemo(() => line.text(), [line]);
  return text || t.noText;
}

/** One e-mail or comment: its line, a button that shows its text beneath (as text: an HTML e-mail is never rendered). */
function RelatedItem({ line, names }: { line: RelatedLine; names: ReadonlyMap<string, string> }) {
  const [open, setOpen] = useState(false);
  const textId = useId();
  return (
    <li
      data-testid="related-line"
      data-object={line.object}
      data-change={line.change ?? undefined}
      className={cn(
        'rounded-md border',
        // Tinted as a changed field's row is; an addition in green.
        line.change === 'added' ? 'bg-emerald-50' : line.change && 'bg-destructive/10',
      )}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={textId}
        onClick={() => setOpen(!open)}
        className="flex min-h-11 w-full items-start gap-2 rounded-md px-3 py-2 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ChevronDown
          aria-hidden="true"
          className={cn('mt-0.5 size-4 shrink-0 transition-transform', !open && '-rotate-90')}
        />
        <Summary line={line} names={names} />
      </button>
      <div
        id={textId}
        hidden={!open}
        data-testid="related-text"
        className="whitespace-pre-wrap break-words border-t px-3 py-2 text-sm"
      >
        {open && <LineText line={line} />}
      </div>
    </li>
  );
}

/** The lines of 'E-mail e commenti', in the server's order (newest first). */
export function RelatedLines({ records }: { records: readonly RelatedRecord[] }) {
  const names = useUserNames();
  const lines = useMemo(() => records.map(relatedLine), [records]);
  return (
    <ul className="flex flex-col gap-2" data-testid="related-lines">
      {lines.map((line) => (
        <RelatedItem key={`${line.object}:${line.id}`} line={line} names={names} />
      ))}
    </ul>
  );
}
