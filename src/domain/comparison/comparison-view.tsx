import { ChevronDown } from 'lucide-react';
import { useId, useMemo, type ReactNode } from 'react';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { it } from '@/i18n/it';
import { CopyButton } from '@/components/copy-button';
import { cn } from '@/lib/cn';
import { useMediaQuery } from '@/lib/use-media-query';
import { ADDRESS_PARTS, asRecord, parseSnapshot, textOf, type Snapshot } from '@/domain/snapshot';
import { FieldValue } from './field-value';
import { useOnlyDifferences } from './use-only-differences';
import { fieldValue, keysOf, type FieldDef, type SectionDef } from '@/domain/kinds/fields';
import type { Sections } from '@/domain/kinds/kind-def';

export type ComparisonViewProps = {
  /**
   * The two column headings: the version's date, or the same-version note on the right
   * (docs/product.md#detail-screens).
   */
  headings: readonly [string, string];
  /** The snapshots' JSON text, left (the first version) and right (the second). */
  left: string;
  right: string;
  /** Top-level fields the differences endpoint names. */
  differences: readonly string[];
  sections: Sections;
  /** The detail screens fold each section; a search row's expansion shows its few fields plainly. */
  collapsible?: boolean;
  /**
   * Where `sections` show a few of the record's fields (a search row's expansion): the detail screen's, whose
   * changed fields not shown here are named under the count, so that no change goes unseen.
   */
  detailSections?: Sections;
};

type Side = 'left' | 'right';

function addressPartsDiffer(left: unknown, right: unknown): boolean {
  const a = asRecord(left) ?? {};
  const b = asRecord(right) ?? {};
  return ADDRESS_PARTS.some((part) => textOf(a[part]) !== textOf(b[part]));
}

/**
 * Whether the right column marks a field as changed. The differences endpoint names the top-level fields that
 * differ; an address is marked when any part shown differs (not its geolocation, which is never restored).
 */
export function isFieldChanged(
  field: FieldDef,
  differences: ReadonlySet<string>,
  left: Snapshot | null,
  right: Snapshot | null,
): boolean {
  const named = keysOf(field).some((key) => differences.has(key));
  if (!named || field.kind !== 'address' || !left || !right) return named;
  return addressPartsDiffer(fieldValue(left, field), fieldValue(right, field));
}

/** The red circle beside a field whose value differs from the left version. */
function DiffMarker() {
  return (
    <span
      role="img"
      aria-label={it.compare.changed}
      title={it.compare.changed}
      data-testid="diff-marker"
      className="inline-block size-3 shrink-0 rounded-full bg-destructive ring-2 ring-destructive/25"
    />
  );
}

/** Below 1024 px in portrait (a tablet held upright) each field shows its old value above its new one. */
const INTERLEAVED = '(max-width: 1023.98px) and (orientation: portrait)';

type SectionProps = {
  section: SectionDef;
  headings: readonly [string, string];
  snapshots: readonly [Snapshot | null, Snapshot | null];
  /** Keys of the section's fields that differ between the two versions. */
  changed: ReadonlySet<string>;
};

/** A changed row is tinted on both sides, so the eye finds it in either column. */
const changedTint = 'bg-destructive/10';

/** The attributes of one field's row: which field, and whether it changed (the tests and the tint read them). */
const rowMarks = (field: SectionDef['fields'][number], changed: ReadonlySet<string>) => ({
  'data-field': field.key,
  'data-changed': changed.has(field.key) || undefined,
});

function Column({
  side,
  heading,
  section,
  snapshot,
  changed,
}: {
  side: Side;
  heading: string;
  section: SectionDef;
  snapshot: Snapshot | null;
  changed: ReadonlySet<string>;
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
      {/* Stacked below 1024 px, each block says which version it is. Its text sits in a span: a list's bare text
          would break the dt/dd structure for assistive technology. */}
      <div className="pb-1 pt-3 text-sm font-semibold text-muted-foreground lg:hidden" aria-hidden="true">
        <span>{heading}</span>
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
          const isChanged = changed.has(field.key);
          return (
            <div
              key={field.key}
              {...rowMarks(field, changed)}
              className={cn(
                'grid grid-cols-[minmax(7rem,40%)_minmax(0,1fr)] items-start gap-3 border-b px-2 py-2 last:border-b-0',
                isChanged && changedTint,
              )}
            >
              <dt id={labelId} className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
                {/* After the label: the labels keep one left edge whether or not their field changed. */}
                <span>{field.label}</span>
                {isChanged && side === 'right' && <DiffMarker />}
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

function SideBySide({ section, headings, snapshots, changed }: SectionProps) {
  return (
    <div
      className="flex flex-col lg:grid lg:grid-cols-2 lg:gap-x-8"
      style={{ gridTemplateRows: `repeat(${section.fields.length + 1}, auto)` }}
    >
      {(['left', 'right'] as const).map((side, index) => (
        <Column
          key={side}
          side={side}
          heading={headings[index]!}
          section={section}
          snapshot={snapshots[index]!}
          changed={changed}
        />
      ))}
    </div>
  );
}

/** One field after the other, each with the old value above the new one. */
function Interleaved({ section, headings, snapshots, changed }: SectionProps) {
  const baseId = useId();
  if (snapshots[0] === null || snapshots[1] === null) {
    return (
      <div role="alert" className="py-2 text-sm font-medium text-destructive">
        {it.compare.invalidJson}
      </div>
    );
  }
  return (
    <dl data-layout="interleaved" className="flex flex-col">
      {section.fields.map((field, index) => {
        const labelId = `${baseId}-${index}`;
        const isChanged = changed.has(field.key);
        return (
          <div
            key={field.key}
            {...rowMarks(field, changed)}
            className="flex flex-col gap-1 border-b py-2 last:border-b-0"
          >
            <dt id={labelId} className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
              <span>{field.label}</span>
              {isChanged && <DiffMarker />}
            </dt>
            {(['left', 'right'] as const).map((side, sideIndex) => (
              <dd
                key={side}
                data-side={side}
                className={cn(
                  'grid grid-cols-[minmax(6rem,30%)_minmax(0,1fr)] gap-3 rounded px-2 py-1 text-sm',
                  isChanged && changedTint,
                )}
              >
                <span className="text-xs text-muted-foreground">
                  {side === 'left' ? it.compare.oldValue : it.compare.newValue}
                  <span className="sr-only">, {headings[sideIndex]}</span>
                </span>
                <span className="min-w-0">
                  <FieldValue
                    kind={field.kind}
                    value={fieldValue(snapshots[sideIndex]!, field)}
                    labelId={labelId}
                  />
                </span>
              </dd>
            ))}
          </div>
        );
      })}
    </dl>
  );
}

function SectionBody(props: SectionProps & { interleaved: boolean }) {
  return props.interleaved ? <Interleaved {...props} /> : <SideBySide {...props} />;
}

/** For each shown section, the keys of its fields that differ (the right column's markers). */
function changedFields(
  sections: readonly SectionDef[],
  differences: ReadonlySet<string>,
  snapshots: readonly [Snapshot | null, Snapshot | null],
): Map<string, Set<string>> {
  return new Map(
    sections.map((section) => [
      section.id,
      new Set(
        section.fields
          .filter((field) => isFieldChanged(field, differences, snapshots[0], snapshots[1]))
          .map((field) => field.key),
      ),
    ]),
  );
}

const resolve = (sections: Sections, snapshots: readonly [Snapshot | null, Snapshot | null]) =>
  typeof sections === 'function' ? sections(snapshots[0], snapshots[1]) : sections;

/** The labels of the fields of `all` that changed and are not among `shown`'s, each once. */
function changedElsewhere(
  all: readonly SectionDef[],
  shown: readonly SectionDef[],
  differences: ReadonlySet<string>,
  snapshots: readonly [Snapshot | null, Snapshot | null],
): string[] {
  const shownKeys = new Set(shown.flatMap((section) => section.fields.flatMap(keysOf)));
  const labels = all
    .flatMap((section) => section.fields)
    .filter((field) => !keysOf(field).some((key) => shownKeys.has(key)))
    .filter((field) => isFieldChanged(field, differences, snapshots[0], snapshots[1]))
    .map((field) => field.label);
  return [...new Set(labels)];
}

/** 'Solo differenze': each section with only its changed fields, and only the sections that have one. */
function onlyChanged(sections: readonly SectionDef[], changed: Map<string, Set<string>>): SectionDef[] {
  return sections.flatMap((section) => {
    const keys = changed.get(section.id);
    const fields = section.fields.filter((field) => keys?.has(field.key));
    return fields.length > 0 ? [{ ...section, fields }] : [];
  });
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
 * Two versions of a record side by side (from 1024 px; stacked below, interleaved field by field on a tablet in
 * portrait), with changed rows tinted on both sides and a red marker on the right, and the number of changed fields.
 */
export function ComparisonView({
  headings,
  left,
  right,
  differences,
  sections,
  collapsible = true,
  detailSections,
}: ComparisonViewProps) {
  const snapshots = useMemo(() => [parseSnapshot(left), parseSnapshot(right)] as const, [left, right]);
  const named = useMemo(() => new Set(differences), [differences]);
  const shown = resolve(sections, snapshots);
  const changed = useMemo(() => changedFields(shown, named, snapshots), [shown, named, snapshots]);
  const changedCount = [...changed.values()].reduce((sum, keys) => sum + keys.size, 0);
  const elsewhere = detailSections
    ? changedElsewhere(resolve(detailSections, snapshots), shown, named, snapshots)
    : [];
  const [onlyDifferences, setOnlyDifferences] = useOnlyDifferences();
  const visible = onlyDifferences ? onlyChanged(shown, changed) : shown;
  const switchId = useId();
  const interleaved = useMediaQuery(INTERLEAVED);
  const body = (section: SectionDef) => (
    <SectionBody
      section={section}
      headings={headings}
      snapshots={snapshots}
      changed={changed.get(section.id) ?? new Set()}
      interleaved={interleaved}
    />
  );
  return (
    <div className="flex flex-col gap-3" data-testid="comparison">
      <div className="flex flex-wrap items-center justify-between gap-x-4">
        <p className="flex items-center gap-2 text-sm font-medium" data-testid="changed-count">
          {changedCount > 0 && (
            <span
              aria-hidden="true"
              className="inline-block size-3 rounded-full bg-destructive ring-2 ring-destructive/25"
            />
          )}
          {elsewhere.length > 0 && changedCount === 0
            ? it.compare.noneOfTheShown
            : it.compare.changedCount(changedCount)}
        </p>
        <div className="flex items-center gap-1">
          <Switch
            id={switchId}
            checked={onlyDifferences}
            onChange={(event) => setOnlyDifferences(event.target.checked)}
          />
          {/* The label is part of the touch target: a tap on the words switches too. */}
          <Label htmlFor={switchId} className="flex min-h-11 items-center pr-2">
            {it.compare.onlyDifferences}
          </Label>
        </div>
      </div>
      {elsewhere.length > 0 && (
        <p className="text-sm text-muted-foreground" data-testid="changed-elsewhere">
          {it.compare.changedElsewhere(elsewhere.join(', '))}
        </p>
      )}
      <div className="grid grid-cols-2 gap-x-4 gap-y-2 lg:gap-x-8">
        {headings.map((heading, index) => (
          <div key={index} className="flex flex-wrap items-center justify-between gap-2">
            <h2
              className="text-base font-semibold lg:text-lg"
              data-testid={index === 0 ? 'left-heading' : 'right-heading'}
            >
              {heading}
            </h2>
            <CopyButton
              size="sm"
              value={index === 0 ? left : right}
              label={it.compare.copyJson}
              aria-label={it.compare.copyJsonOf(heading)}
              copiedMessage={it.compare.jsonCopied}
              data-testid={index === 0 ? 'copy-left-json' : 'copy-right-json'}
            />
          </div>
        ))}
      </div>
      {visible.map((section) =>
        collapsible ? (
          <Section key={section.id} title={section.title}>
            {body(section)}
          </Section>
        ) : (
          <div key={section.id} className="rounded-lg border bg-card px-4 pb-3">
            {body(section)}
          </div>
        ),
      )}
    </div>
  );
}
