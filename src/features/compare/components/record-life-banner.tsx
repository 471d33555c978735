import { ArchiveX } from 'lucide-react';
import type { RecordLife } from '@contract/search';
import { it } from '@/i18n/it';
import { hasLifeMarks, RecordLifeMarks, type OtherRecordLink } from '@/domain/comparison/record-life';

/**
 * The detail screens' notice about a record deleted in the CRM: when, into what it was merged, what replaced it. A
 * record Storico re-created in its place says which one it replaces; a contact the CRM made a business account says
 * when, in the neutral style of a record that still exists.
 */
export function RecordLifeBanner({ life, linkTo }: { life: RecordLife; linkTo: OtherRecordLink }) {
  if (!hasLifeMarks(life)) return null;
  const marks = <RecordLifeMarks life={life} linkTo={linkTo} />;
  if (life.deletedAt === null)
    return (
      <div data-testid="record-life-banner" className="rounded-lg border bg-muted/50 p-3">
        {marks}
      </div>
    );
  return (
    <section
      aria-label={it.recordLife.bannerTitle}
      data-testid="record-life-banner"
      className="flex flex-col gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4"
    >
      <h2 className="flex items-center gap-2 font-semibold">
        <ArchiveX className="size-4 text-destructive" aria-hidden="true" />
        {it.recordLife.bannerTitle}
      </h2>
      {marks}
    </section>
  );
}
