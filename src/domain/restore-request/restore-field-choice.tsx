import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { itRestoreFields } from '@/i18n/it-restore-fields';
import { formatDateTime } from '@/lib/dates';
import { TruncatedText } from '@/components/truncated-text';
import type { RestoreFieldsState } from './use-restore-fields';

const t = itRestoreFields;

/** A long value is cut shorter here than on the detail screen: the list scrolls in a box of its own. */
const CHOICE_CUT_AT = 160;

/**
 * The fields a restore of one record writes, each with its latest stored value and the value the restore writes,
 * ticked by default; an unticked field is left as the CRM holds it. An address is one row.
 */
export function RestoreFieldChoice({
  state,
  unticked,
  onToggle,
}: {
  state: RestoreFieldsState;
  unticked: ReadonlySet<string>;
  onToggle: (field: string, ticked: boolean) => void;
}) {
  const id = useId();
  if (state.status === 'loading')
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t.loading}
      </p>
    );
  if (state.status === 'failed') return <p className="text-sm text-muted-foreground">{t.failed}</p>;
  const deleted = state.deleted && (
    <p className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm">{t.deleted}</p>
  );
  if (state.fields.length === 0)
    return (
      <>
        {deleted}
        <p className="text-sm text-muted-foreground">{t.none}</p>
      </>
    );

  const chosen = state.fields.filter((f) => !unticked.has(f.field)).length;
  return (
    <section aria-labelledby={`${id}-caption`} className="flex flex-col gap-2">
      <h3 id={`${id}-caption`} className="font-semibold">
        {t.caption}
      </h3>
      {deleted}
      <p className="text-sm text-muted-foreground">{t.intro}</p>
      <p className="text-sm text-muted-foreground">{t.savedAt(formatDateTime(state.savedAt))}</p>
      <div className="max-h-72 overflow-y-auto">
        <Table aria-labelledby={`${id}-caption`}>
          {/* The header stays in view while the fields scroll under it. */}
          <TableHeader className="sticky top-0 z-10 bg-background">
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-11">
                <span className="sr-only">{t.column}</span>
              </TableHead>
              <TableHead>{t.field}</TableHead>
              <TableHead>{t.current}</TableHead>
              <TableHead>{t.target}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {state.fields.map(({ field, label, current, target }) => (
              <TableRow key={field} data-field={field}>
                <TableCell className="py-0">
                  <Checkbox
                    checked={!unticked.has(field)}
                    onCheckedChange={(checked) => onToggle(field, checked === true)}
                    aria-label={t.choose(label)}
                  />
                </TableCell>
                <TableCell className="font-medium">{label}</TableCell>
                <TableCell className="whitespace-pre-wrap break-words">
                  <TruncatedText text={current ?? ''} limit={CHOICE_CUT_AT} />
                </TableCell>
                <TableCell className="whitespace-pre-wrap break-words">
                  <TruncatedText text={target} limit={CHOICE_CUT_AT} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <p aria-live="polite" className="text-sm">
        {t.chosen(chosen, state.fields.length)}
      </p>
    </section>
  );
}
