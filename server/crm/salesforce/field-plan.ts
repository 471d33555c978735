import { CATALOGUE, normaliseAddress, WRITABLE_ADDRESS_PARTS, type AddressKey } from '../crm-fields';
import { CrmError, type CrmFieldInfo, type CrmRecord, type SyncedObject } from '../crm-connector';
import { recreateKeyOf } from './recreate-key';

/**
 * The objects Storico's lookups name whose deleted records wait in the recycle bin, queried with IsDeleted: a lookup
 * to one of those is refused (ENTITY_IS_DELETED). Users and queues are deactivated or removed, never binned, and
 * have no IsDeleted to ask for.
 */
const RECYCLED = new Set(['Account', 'Contact', 'Case']);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A field of an sObject as its describe shows it (the part the connector reads). */
export type DescribeField = {
  name: string;
  type: string;
  updateable: boolean;
  createable: boolean;
  calculated: boolean;
  relationshipName?: string | null;
  compoundFieldName?: string | null;
  referenceTo?: string[];
  /** An External ID field: a value of it names a record (sObject Rows by External ID). */
  externalId?: boolean;
  /** The most characters a text field holds. */
  length?: number;
  /** Whether the field may be empty; a checkbox never may (describe's `nillable`). Absent: as if true. */
  nillable?: boolean;
  /** The field's label in the org's language. */
  label?: string;
};

type AddressParts = Partial<Record<AddressKey, string>>;

type PlannedField =
  | {
      name: string;
      kind: 'value';
      orgName: string;
      writable: boolean;
      creatable: boolean;
      /** False for a field that cannot be empty: an empty value is left out of a write, never sent as null. */
      nillable: boolean;
      /** A lookup's objects that keep a recycle bin (RECYCLED), whose records it may name while deleted. */
      lookupTo: string[];
    }
  | { name: string; kind: 'relation'; relationship: string; field: string }
  | { name: string; kind: 'address'; orgName: string; parts: AddressParts; createParts: AddressParts };

/** What the connector reads and writes of one object in this org, from its describe. */
export type FieldPlan = {
  object: SyncedObject;
  fields: PlannedField[];
  /** Catalogue fields the org lacks or hides from the integration user. */
  missing: string[];
  /** Readable fields left out of every snapshot because they hold binary data (base64). */
  binary: string[];
  /** Every kept field outside the catalogue, in describe's order. */
  others: CrmFieldInfo[];
  /** The org's name of IsPersonAccount, when the org has person accounts. */
  personAccountField: string | undefined;
  /** The org's name of MasterRecordId (the survivor of the merge that deleted a record), when describe lists it. */
  mergeField: string | undefined;
  /** The org's name of the re-create key field, when it has one a re-create can upsert by (recreate-key.ts). */
  recreateKey: string | undefined;
};

/**
 * Matches the catalogue with the org's describe: names without regard to case (the org's casing is kept), relationship
 * fields through their relationshipName, compound fields written through their components. A field is writable by
 * an update when describe says updateable, and by a create when it says createable ("Indicates whether the field
 * can be created"), in both cases not calculated and not itself compound (a person account's Name). The two differ:
 * a create sending a field that is not createable is refused with INVALID_FIELD_FOR_INSERT_UPDATE.
 * sObject Describe: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_sobject_describe.htm
 */
export function planFields(
  object: SyncedObject,
  describe: DescribeField[],
  recreateKeyField?: string,
): FieldPlan {
  const byName = new Map(describe.map((f) => [f.name.toLowerCase(), f]));
  const compoundParents = new Set(
    describe.map((f) => f.compoundFieldName?.toLowerCase()).filter((n): n is string => Boolean(n)),
  );
  // Storico's accounts are person accounts, whose Name is "the concatenation of the FirstName, MiddleName, LastName,
  // and Suffix of the associated person contact" (Object Reference, Account: Name): it is written through those,
  // even by an org whose describe does not name Name as their compound field.
  if (object === 'Account' && byName.has('ispersonaccount')) compoundParents.add('name');
  const fields: PlannedField[] = [];
  const missing: string[] = [];
  const planned = new Set<string>();
  const plan = (found: DescribeField) => {
    planned.add(found.name.toLowerCase());
    fields.push(plannedField(found, byName, compoundParents));
  };
  for (const entry of CATALOGUE[object]) {
    if (typeof entry !== 'string') {
      const rel = describe.find(
        (f) => f.relationshipName?.toLowerCase() === entry.from.relationship.toLowerCase(),
      );
      if (rel?.relationshipName) {
        fields.push({
          name: entry.name,
          kind: 'relation',
          relationship: rel.relationshipName,
          field: entry.from.field,
        });
      } else missing.push(entry.name);
      continue;
    }
    const found = byName.get(entry.toLowerCase());
    if (found) plan(found);
    else missing.push(entry);
  }
  const binary: string[] = [];
  const others: CrmFieldInfo[] = [];
  // The re-create key is Storico's own: the Id a re-created record had (recreate-key.ts), never a value to restore.
  const recreateKey = recreateKeyOf(describe, recreateKeyField);
  if (recreateKeyField) planned.add(recreateKeyField.toLowerCase());
  for (const found of describe) {
    if (planned.has(found.name.toLowerCase()) || !keptBeyondCatalogue(found, byName)) continue;
    if (found.type === 'base64') {
      binary.push(found.name);
      continue;
    }
    plan(found);
    const added = fields.at(-1)!;
    others.push({
      name: found.name,
      label: found.label ?? found.name,
      type: found.type,
      calculated: found.calculated,
      writable: written(added),
    });
  }
  return {
    object,
    fields,
    missing,
    binary,
    others,
    personAccountField: byName.get('ispersonaccount')?.name,
    mergeField: byName.get('masterrecordid')?.name,
    recreateKey,
  };
}

/**
 * Fields describe lists that are no part of a record's content: IsDeleted (Storico keeps deletions as revisions of
 * their own), and the times a user last viewed or referenced the record, which change when someone only looks at it
 * (Object Reference, Account: LastViewedDate, LastReferencedDate).
 */
const NOT_CONTENT = new Set(['isdeleted', 'lastvieweddate', 'lastreferenceddate']);

/** Compound fields read whole, whose components are not read again (Address and Geolocation Compound Fields). */
const COMPOUND_TYPES = new Set(['address', 'location']);

/** Whether a field outside the catalogue is kept: any content field that is not a component of a compound one. */
function keptBeyondCatalogue(field: DescribeField, byName: ReadonlyMap<string, DescribeField>): boolean {
  if (NOT_CONTENT.has(field.name.toLowerCase())) return false;
  const parent = field.compoundFieldName ? byName.get(field.compoundFieldName.toLowerCase()) : undefined;
  return !parent || !COMPOUND_TYPES.has(parent.type);
}

/**
 * How a described field is read and written: an address through its components; a geolocation read whole and never
 * written (its components are the geocoder's or a user's, not the compound's); any other field as it is. Encrypted
 * text is read masked without "View Encrypted Data" (Classic Encryption for Custom Fields), so it is never written back.
 */
function plannedField(
  found: DescribeField,
  byName: ReadonlyMap<string, DescribeField>,
  compoundParents: ReadonlySet<string>,
): PlannedField {
  if (found.type === 'address') {
    const parts: AddressParts = {};
    const createParts: AddressParts = {};
    const prefix = found.name.replace(/Address$/i, '');
    for (const [key, suffix] of Object.entries(WRITABLE_ADDRESS_PARTS)) {
      const part = byName.get(`${prefix}${suffix}`.toLowerCase());
      if (!part || part.calculated) continue;
      if (part.updateable) parts[key as AddressKey] = part.name;
      if (part.createable) createParts[key as AddressKey] = part.name;
    }
    return { name: found.name, kind: 'address', orgName: found.name, parts, createParts };
  }
  const settable =
    !found.calculated &&
    !compoundParents.has(found.name.toLowerCase()) &&
    found.type !== 'location' &&
    found.type !== 'encryptedstring';
  const writable = settable && found.updateable;
  const creatable = settable && found.createable;
  // Only a lookup a write sends can be refused for naming a deleted record (PersonContactId is never sent).
  const sent = found.type === 'reference' && (writable || creatable);
  return {
    name: found.name,
    kind: 'value',
    orgName: found.name,
    writable,
    creatable,
    nillable: found.nillable ?? true,
    lookupTo: sent ? (found.referenceTo ?? []).filter((o) => RECYCLED.has(o)) : [],
  };
}

/** A lookup's value in `fields` (keyed by snapshot name), with the binned objects it may name. */
export type LookupValue = { field: string; id: string; objects: string[] };

/** The lookups among `fields` that name a record of an object with a recycle bin. */
export function lookupValues(plan: FieldPlan, fields: Record<string, unknown>): LookupValue[] {
  const byName = new Map(Object.entries(fields).map(([name, value]) => [name.toLowerCase(), value]));
  return plan.fields.flatMap((f) => {
    const id = byName.get(f.name.toLowerCase());
    if (f.kind !== 'value' || f.lookupTo.length === 0 || typeof id !== 'string' || id === '') return [];
    return [{ field: f.name, id, objects: f.lookupTo }];
  });
}

/** The SOQL select list of a plan. */
export const selectList = (plan: FieldPlan): string[] =>
  plan.fields.map((f) => (f.kind === 'relation' ? `${f.relationship}.${f.field}` : f.orgName));

/** A record as a query answered it, turned into the snapshot Storico keeps. */
export function toSnapshot(plan: FieldPlan, record: Record<string, unknown>): CrmRecord {
  const out: Record<string, unknown> = {};
  for (const f of plan.fields) {
    if (f.kind === 'relation') {
      const related = record[f.relationship];
      out[f.name] = isObject(related) ? (related[f.field] ?? null) : null;
    } else if (f.kind === 'address') out[f.name] = normaliseAddress(record[f.orgName]);
    else out[f.name] = record[f.orgName] ?? null;
  }
  return out as CrmRecord;
}

/** Only person accounts are Storico's contacts: business accounts never enter it. The conditions that say so. */
export function personScope(plan: FieldPlan): string[] {
  if (plan.object !== 'Account') return [];
  if (!plan.personAccountField) {
    throw new CrmError('Person accounts are not enabled in this org (Account has no IsPersonAccount field)', [
      { errorCode: 'INVALID_FIELD', message: 'No IsPersonAccount field on Account' },
    ]);
  }
  return [`${plan.personAccountField} = true`];
}

/** Whether a restore can write a planned field (an address when one component can be written). */
const written = (f: PlannedField): boolean =>
  f.kind === 'value' ? f.writable : f.kind === 'address' && Object.keys(f.parts).length > 0;

/** The snapshot names a restore can write in this org. */
export const writableFields = (plan: FieldPlan): string[] => plan.fields.filter(written).map((f) => f.name);

/** The snapshot names of writable fields that cannot be empty (describe's `nillable` false). */
export const neverEmptyFields = (plan: FieldPlan): string[] =>
  plan.fields.filter((f) => f.kind === 'value' && f.writable && !f.nillable).map((f) => f.name);
