import { ChevronDown } from 'lucide-react';
import { useId, useMemo, type ReactNode } from 'react';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { it } from '@/i18n/it';
import { cn } from '@/lib/cn';
import { parseSnapshot, type Snapshot } from '@/lib/snapshot';
import { DiffMarker } from './diff-marker';
import { FieldValue } from './field-value';
import { fieldValue, isFieldChanged, type SectionDef } from '../kinds/fields';
import type { Sections } from '../kinds/kind-def';

export type ComparisonViewProps = {
  /** The two column headings: 'Versione al DD/MM/YYYY', or 'Le versioni sono le medesime' on the right. */
  headings: readonly [string, string];
  /** The snapshots' JSON text, left (the first version) and right (the second). */
  left: string;
  right: string;
  /** Top-level fields the differences endpoint names. */
  differences: readonly string[];
  sections: Sections;
  /** The detail screens fold each section; a search row's expansion shows its few fields plainly. */
  collapsible?: boolean;
};

type Side = 'left' | 'right';

function Column({
  side,
  heading,
  section,
  snapshot,
  other,
  differences,
}: {
  side: Side;
  heading: string;
  section: SectionDef;
  snapshot: Snapshot | null;
  other: Snapshot | null;
  differences: ReadonlySet<string>;
}) {
  const baseId = useId();
  const rows = section.fields.length + 1;
  return (
    <dl
      aria-label={heading}
      data-side={side}
      className="flex min-w-0 flex-col lg:grid lg:grid-rows-subgrid"
      style={{ gridRow: `span ${rows}` }}
    >
      {/* Stacked below 1024 px, each block says which version it is. */}
      <div className="pb-1 pt-3 text-sm font-semibold text-muted-foreground lg:hidden" aria-hidden="true">
        {heading}
      </div>
      {snapshot === null ? (
        <div
          role="alert"
          className="py-2 text-sm font-medium text-destructive"
          style={{ gridRow: `span ${rows - 1}` }}
        >
          {it.compare.invalidJson}
        </div>
      ) : (
        section.fields.map((field, index) => {
          const labelId = `${baseId}-${index}`;
          const changed = side === 'right' && isFieldChanged(field, differences, other, snapshot);
          return (
            <div
              key={field.key}
              data-field={field.key}
              data-changed={changed || undefined}
              className="grid grid-cols-[minmax(7rem,40%)_minmax(0,1fr)] items-start gap-3 border-b py-2 last:border-b-0"
            >
              <dt id={labelId} className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
                {changed && <DiffMarker />}
                <span>{field.label}</span>
              </dt>
              <dd className="min-w-0 text-sm">
                <FieldValue kind={field.kind} value={fieldValue(snapshot, field)} labelId={labelId} />
              </dd>
            </div>
          );
        })
      )}
    </dl>
  );
}

function SectionBody({
  section,
  headings,
  snapshots,
  differences,
}: {
  section: SectionDef;
  headings: readonly [string, string];
  snapshots: readonly [Snapshot | null, Snapshot | null];
  differences: ReadonlySet<string>;
}) {
  return (
    <div
      className="flex flex-col lg:grid lg:grid-cols-2 lg:gap-x-8"
      style={{ gridTemplateRows: `repeat(${section.fields.length + 1}, auto)` }}
    >
      <Column
        side="left"
        heading={headings[0]}
        section={section}
        snapshot={snapshots[0]}
        other={snapshots[1]}
        differences={differences}
      />
      <Column
        side="right"
        heading={headings[1]}
        section={section}
        snapshot={snapshots[1]}
        other={snapshots[0]}
        differences={differences}
      />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Collapsible defaultOpen className="rounded-lg border bg-card" data-section={title}>
      <h3>
        <CollapsibleTrigger className="group flex min-h-11 w-full items-center justify-between gap-2 rounded-lg px-4 py-2 text-left font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          {title}
          <ChevronDown
            aria-hidden="true"
            className="size-4 shrink-0 transition-transform group-data-[state=closed]:-rotate-90"
          />
        </CollapsibleTrigger>
      </h3>
      <CollapsibleContent className="px-4 pb-3">{children}</CollapsibleContent>
    </Collapsible>
  );
}

/**
 * Two versions of a record side by side (from 1024 px; stacked below), field by field, with a red marker on
 * every field of the right column that differs.
 */
export function ComparisonView({
  headings,
  left,
  right,
  differences,
  sections,
  collapsible = true,
}: ComparisonViewProps) {
  const snapshots = useMemo(() => [parseSnapshot(left), parseSnapshot(right)] as const, [left, right]);
  const changed = useMemo(() => new Set(differences), [differences]);
  const shown = typeof sections === 'function' ? sections(snapshots[0], snapshots[1]) : sections;
  return (
    <div className="flex flex-col gap-3" data-testid="comparison">
      <div className="hidden gap-x-8 lg:grid lg:grid-cols-2">
        {headings.map((heading, index) => (
          <h2
            key={index}
            className="text-lg font-semibold"
            data-testid={index === 0 ? 'left-heading' : 'right-heading'}
          >
            {heading}
          </h2>
        ))}
      </div>
      {shown.map((section) =>
        collapsible ? (
          <Section key={section.id} title={section.title}>
            <SectionBody section={section} headings={headings} snapshots={snapshots} differences={changed} />
          </Section>
        ) : (
          <div key={section.id} className={cn('rounded-lg border bg-card px-4 pb-3')}>
            <SectionBody section={section} headings={headings} snapshots={snapshots} differences={changed} />
          </div>
        ),
      )}
    </div>
  );
}
