import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import { LIVE_RECORD, recordLifeSchema, type RecordLife } from '@contract/search';
import { it } from '@/i18n/it';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/dates';

/**
 * The life fields of a search row or a revision. A comparison saved on this device before deletions were tracked
 * lacks them: the contract's defaults read it as a live record.
 */
export function lifeOf(value: unknown): RecordLife {
  const parsed = recordLifeSchema.safeParse(value);
  return parsed.success ? parsed.data : LIVE_RECORD;
}

/** The CRM made the contact a business account: a restore onto it is refused until it is a contact again. */
export const isConverted = (value: unknown) => lifeOf(value).convertedAt !== null;

/** Whether there is anything to say: deleted, merged, re-created by a restore, or converted to a business account. */
export const hasLifeMarks = (life: RecordLife) =>
  life.deletedAt !== null ||
  life.recreatedAs !== null ||
  life.recreatedFrom !== null ||
  life.convertedAt !== null;

type Mark = { key: string; text: string; to?: string; deleted?: boolean };

/** How another record a mark links to is related: merged into, re-created as, or re-created from. */
export type OtherRecord = 'merged' | 'recreatedAs' | 'recreatedFrom';

/** A link to another record's detail screen. */
export type OtherRecordLink = (id: string, other: OtherRecord) => string;

/**
 * What to say about a record, in order: its deletion, its conversion to a business account, the record it was
 * merged into, its successor or predecessor.
 */
function marksOf(life: RecordLife, linkTo: OtherRecordLink | undefined): Mark[] {
  const t = it.recordLife;
  const deletion: Mark[] =
    life.deletedAt === null
      ? []
      : [
          {
            key: 'deleted',
            text: t.deletedOn(formatDay(life.deletedAt) || life.deletedAt),
            deleted: true,
          },
        ];
  const conversion: Mark[] =
    life.convertedAt === null
      ? []
      : [{ key: 'converted', text: t.convertedOn(formatDay(life.convertedAt) || life.convertedAt) }];
  // [key, the other record's id, its words, whether it has a detail screen to go to, its name when known]
  const others = [
    // Only a survivor Storico keeps revisions of has a detail screen, and a name to be called by.
    ['merged', life.mergedInto, t.mergedInto, life.mergedIntoKnown, life.mergedIntoLabel],
    ['recreatedAs', life.recreatedAs, t.recreatedAs, true, null],
    ['recreatedFrom', life.recreatedFrom, t.replaces, true, null],
  ] as const;
  return [
    ...deletion,
    ...conversion,
    ...others.flatMap(([key, id, text, linked, name]): Mark[] =>
      id === null ? [] : [{ key, text: text(name ?? id), to: linked ? linkTo?.(id, key) : undefined }],
    ),
  ];
}

/**
 * A deleted, merged, re-created or converted record's marks, in words (never a colour alone). `linkTo` makes
 * the other record's id a link to its detail screen; without it (the offline list) the marks are plain text.
 */
export function RecordLifeMarks({
  life,
  linkTo,
  className,
}: {
  life: RecordLife;
  linkTo?: OtherRecordLink;
  className?: string;
}) {
  const marks = marksOf(life, linkTo);
  if (marks.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1', className)}>
      {marks.map((mark) => (
        <li
          key={mark.key}
          data-mark={mark.key}
          className={cn(
            'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium',
            mark.deleted ? 'border-destructive/40 bg-destructive/10 text-destructive-strong' : 'bg-muted',
          )}
        >
          {mark.to ? (
            // The hit area reaches 48 px around the small text without making the row taller.
            <Link
              to={mark.to}
              className="relative underline underline-offset-2 after:absolute after:inset-x-0 after:-inset-y-4 hover:no-underline"
            >
              {mark.text}
            </Link>
          ) : (
            mark.text
          )}
        </li>
      ))}
    </ul>
  );
}

/** A search list's columns with the marks of each row under the record's name (`columnId`'s cell). */
export function withLifeMarks<T>(
  columns: readonly ColumnDef<T>[],
  columnId: string,
  linkTo: OtherRecordLink,
): ColumnDef<T>[] {
  return columns.map((column) =>
    column.id === columnId
      ? {
          ...column,
          // The kinds' cells are functions or plain values; TanStack's flexRender would bring its chunk here.
          cell: (context) => (
            <div className="flex flex-col items-start gap-1">
              {typeof column.cell === 'function' ? column.cell(context) : column.cell}
              <RecordLifeMarks life={lifeOf(context.row.original)} linkTo={linkTo} />
            </div>
          ),
        }
      : column,
  );
}
