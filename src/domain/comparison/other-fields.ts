import { queryOptions } from '@tanstack/react-query';
import { crmFieldsSchema, type CrmField } from '@contract/crm-fields';
import { apiData } from '@/lib/api-client';
import { it } from '@/i18n/it';
import { recordKindTable, type RecordKind } from '@contract/record-kinds';
import { fieldLabel, SHOWN_BY } from '@/domain/field-labels';
import type { Snapshot } from '@/domain/snapshot';
import { keysOf, type FieldDef, type FieldKind, type SectionDef } from '@/domain/kinds/fields';
import type { Sections } from '@/domain/kinds/kind-def';

/**
 * `GET /revision-account/fields` or `/revision-case/fields`: the org's fields kept beyond the screens' sections,
 * labelled in the org's language. Kept for offline use: a saved comparison reopens with its labels.
 */
export const otherFieldsOptions = (kind: RecordKind) =>
  queryOptions({
    queryKey: [recordKindTable[kind].api.revisions, 'fields'] as const,
    queryFn: ({ signal }) =>
      apiData(`${recordKindTable[kind].api.revisions}/fields`, { schema: crmFieldsSchema, signal }),
    staleTime: 60 * 60 * 1000,
    meta: { persist: true },
  });

/**
 * Fields no section shows that are not the record's content as a user sees it: its Id, the CRM's own record of
 * each save (when and by whom: the version's heading and timeline tell), and its life in the CRM (deleted, merged
 * into), which the screen's banner tells.
 */
const NOT_SHOWN: ReadonlySet<string> = new Set([
  'Id',
  'attributes',
  'CreatedDate',
  'CreatedById',
  'LastModifiedDate',
  'LastModifiedById',
  'SystemModstamp',
  'IsDeleted',
  'MasterRecordId',
]);

/** How a value of describe's `type` is shown. */
const KIND_OF_TYPE: Readonly<Record<string, FieldKind>> = {
  textarea: 'longText',
  date: 'date',
  datetime: 'dateTime',
  boolean: 'boolean',
  double: 'number',
  int: 'number',
  long: 'number',
  currency: 'amount',
  percent: 'percent',
  multipicklist: 'list',
  address: 'address',
};

/**
 * The kind's sections and, after them, 'Altri campi': every field of the two versions that no section shows,
 * the screens' known fields first (by their Italian labels), then the org's others labelled and ordered as its
 * describe shows them (`fields`; by name while they are not loaded), any field no longer described last.
 */
export function withOtherFields(
  kind: RecordKind,
  sections: Sections,
  fields: readonly CrmField[] = [],
): Sections {
  const described = new Map(fields.map((field, index) => [field.name, { field, index }]));
  return (left, right) => {
    const shown = typeof sections === 'function' ? sections(left, right) : sections;
    const shownKeys = new Set(shown.flatMap((section) => section.fields.flatMap(keysOf)));
    const keys = new Set([...Object.keys(left ?? {}), ...Object.keys(right ?? {})]);
    const isShown = (key: string) => shownKeys.has(key) || shownKeys.has(SHOWN_BY[key] ?? key);
    const unshown = [...keys].filter((key) => !isShown(key) && !NOT_SHOWN.has(key));
    if (unshown.length === 0) return shown;
    const rank = (key: string) => described.get(key)?.index ?? -1;
    const ordered = [
      ...unshown.filter((key) => rank(key) < 0 && fieldLabel(kind, key) !== key),
      ...unshown.filter((key) => rank(key) >= 0).sort((a, b) => rank(a) - rank(b)),
      ...unshown.filter((key) => rank(key) < 0 && fieldLabel(kind, key) === key).sort(),
    ];
    const other: SectionDef = {
      id: 'other-fields',
      title: it.compare.otherFields,
      fields: ordered.map((key) => otherField(kind, key, described.get(key)?.field, left, right)),
    };
    return [...shown, other];
  };
}

function otherField(
  kind: RecordKind,
  key: string,
  described: CrmField | undefined,
  left: Snapshot | null,
  right: Snapshot | null,
): FieldDef {
  const label = described?.label ?? fieldLabel(kind, key);
  const describedKind = described ? KIND_OF_TYPE[described.type] : undefined;
  const sample = right?.[key] ?? left?.[key];
  const kindOfValue: FieldKind | undefined =
    typeof sample === 'boolean' ? 'boolean' : typeof sample === 'number' ? 'number' : undefined;
  return { key, label, kind: describedKind ?? kindOfValue ?? 'text' };
}
