import { recreateKeyOf } from './recreate-key';
import { parseSfDateTime } from './salesforce-dates';
import type { CrmObject, CrmRecord } from './crm-connector';

/** The REST API version spoken by the connector. */
export const SALESFORCE_API_VERSION = '62.0';

export type SObjectName = CrmObject | 'User';

/** A snapshot field read from a related record: OwnerName is Owner.Name. */
type FromRelationship = { relationship: string; field: string };
type CatalogueEntry = string | { name: string; from: FromRelationship };

const system = ['LastModifiedById', 'CreatedDate', 'LastModifiedDate', 'SystemModstamp'];

/**
 * The fields of each object Storico keeps, in snapshot order (docs/product.md#snapshot-fields). Which of them
 * are queried and written is decided by the org's describe (see planFields): a field the org lacks or hides
 * is left out.
 */
const CATALOGUE: Record<CrmObject, CatalogueEntry[]> = {
  Account: [
    'Id',
    'OwnerId',
    { name: 'OwnerName', from: { relationship: 'Owner', field: 'Name' } },
    'Name',
    'FirstName',
    'LastName',
    'RecordTypeId',
    'Date_of_birth__c',
    'Gender__c',
    'ZIP_CODE__c',
    'PV__pc',
    'PersonEmail',
    'Phone',
    'PersonHomePhone',
    'Fax',
    'Website',
    'BillingAddress',
    'ShippingAddress',
    'Description',
    'Consent_Newsletter__pc',
    'Last_Marketing_Contact_Date__c',
    'Last_Newsletter_Update__pc',
    'Type',
    'Industry',
    ...system,
  ],
  Case: [
    'Id',
    'CaseNumber',
    'OwnerId',
    'AccountId',
    'ContactId',
    ...system,
    'CaseOwnerName__c',
    'Reason',
    'Status',
    'Agent__c',
    'Is_restaurant__c',
    'Brand__c',
    'Type_of_Complaint__c',
    'Related__c',
    'Photo_Link_1__c',
    'Email_From_Contact_Us__c',
    'Recall__c',
    'Subject',
    'SuppliedName',
    'SuppliedEmail',
    'SuppliedPhone',
    'Web_Address__c',
    'Web_City__c',
    'Web_State__c',
    'Web_Zip_Code__c',
    'Web_Country__c',
    'ContactEmail',
    'ContactPhone',
    'Origin',
    { name: 'ContactName', from: { relationship: 'Contact', field: 'Name' } },
    'Description',
    'Priority',
    'Product__c',
    'Lot_Number__c',
    'Expiration_Date__c',
    'SKU_Webform__c',
    'Classify__c',
    'SKU_Agent1__c',
    'Missed_lot__c',
    'Lot_Number_Agent__c',
    'CS_Time_prod__c',
    'CS_Packaging_Machine__c',
    'SKU_Agent1_Name__c',
    'line__c',
    'Dont_notify__c',
    'Feedback_Agent__c',
    'Secondary_Feedback_Agent__c',
    'Modifica_Caso_oltre_limite__c',
    'Number_of_Pieces__c',
    'Total_Value__c',
    'Product_Description__c',
    'Internal_comments__c',
  ],
};

const entryName = (e: CatalogueEntry) => (typeof e === 'string' ? e : e.name);

/**
 * The objects Storico's lookups name whose deleted records wait in the recycle bin, queried with IsDeleted: a lookup
 * to one of those is refused (ENTITY_IS_DELETED). Users and queues are deactivated or removed, never binned, and
 * have no IsDeleted to ask for.
 */
const RECYCLED = new Set(['Account', 'Contact', 'Case']);

/** The fields of a snapshot, in order: what a stored revision holds when the org has every catalogued field. */
export const snapshotFields = (object: CrmObject): string[] => CATALOGUE[object].map(entryName);

/**
 * The ten keys of an Address compound field, in the order Salesforce answers them
 * (Address Compound Fields: https://developer.salesforce.com/docs/platform/object-reference/guide/compound-fields-address.html).
 */
export const ADDRESS_KEYS = [
  'city',
  'country',
  'countryCode',
  'geocodeAccuracy',
  'latitude',
  'longitude',
  'postalCode',
  'state',
  'stateCode',
  'street',
] as const;

/**
 * The components a restore writes, by key: the compound field itself is read-only ("Compound fields are
 * read-only. To update field values, modify the individual field components"). Geolocation is the geocoder's.
 */
export const WRITABLE_ADDRESS_PARTS = {
  street: 'Street',
  city: 'City',
  state: 'State',
  postalCode: 'PostalCode',
  country: 'Country',
  stateCode: 'StateCode',
  countryCode: 'CountryCode',
} as const;

export type AddressKey = (typeof ADDRESS_KEYS)[number];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An address with all ten keys (absent ones null), or null when it holds nothing: an address stored earlier with
 * three keys equals the same address answered with ten.
 */
export function normaliseAddress(value: unknown): Record<AddressKey, unknown> | null {
  if (!isObject(value)) return null;
  // A loop: Object.fromEntries over the keys took four times as long, and every contact stored passes here twice.
  const out = {} as Record<AddressKey, unknown>;
  let empty = true;
  for (const key of ADDRESS_KEYS) {
    const part = value[key] ?? null;
    out[key] = part;
    if (part !== null) empty = false;
  }
  return empty ? null : out;
}

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
};

/**
 * How a field can be written: by an update (PATCH), by a create (POST), or by an upsert, which creates or updates
 * as the key finds no record or one. Describe's properties are the Object Reference's "Create: Value for the field
 * can be specified during create using the API" and "Update: Can be updated using the API"
 * (https://developer.salesforce.com/docs/platform/object-reference/guide/access-for-fields.html); an upsert's body
 * goes to whichever the key decides, so it holds only fields both allow.
 */
export type WriteMode = 'update' | 'create' | 'upsert';

/** Whether `mode` may write a field describe says is (or is not) createable and updateable. */
const writes = (mode: WriteMode, creatable: boolean, writable: boolean) =>
  (mode === 'update' || creatable) && (mode === 'create' || writable);

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
  object: CrmObject;
  fields: PlannedField[];
  /** Catalogue fields the org lacks or hides from the integration user. */
  missing: string[];
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
  object: CrmObject,
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
    if (!found) {
      missing.push(entry);
      continue;
    }
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
      fields.push({ name: found.name, kind: 'address', orgName: found.name, parts, createParts });
      continue;
    }
    const settable = !found.calculated && !compoundParents.has(found.name.toLowerCase());
    fields.push({
      name: found.name,
      kind: 'value',
      orgName: found.name,
      writable: settable && found.updateable,
      creatable: settable && found.createable,
      nillable: found.nillable ?? true,
      lookupTo: found.type === 'reference' ? (found.referenceTo ?? []).filter((o) => RECYCLED.has(o)) : [],
    });
  }
  return {
    object,
    fields,
    missing,
    personAccountField: byName.get('ispersonaccount')?.name,
    mergeField: byName.get('masterrecordid')?.name,
    recreateKey: recreateKeyOf(describe, recreateKeyField),
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

/** The snapshot names a restore can write in this org (addresses count when one component can be written). */
export const writableFields = (plan: FieldPlan): string[] =>
  plan.fields
    .filter((f) =>
      f.kind === 'value' ? f.writable : f.kind === 'address' && Object.keys(f.parts).length > 0,
    )
    .map((f) => f.name);

/** The snapshot names of writable fields that cannot be empty (describe's `nillable` false). */
export const neverEmptyFields = (plan: FieldPlan): string[] =>
  plan.fields.filter((f) => f.kind === 'value' && f.writable && !f.nillable).map((f) => f.name);

/**
 * The PATCH (update), POST (create) or upsert body for `fields` (keyed by snapshot name, matched without regard to
 * case): the fields describe lets that call write (WriteMode), under the org's names, addresses through their
 * components. An address
 * key the snapshot does not hold (one stored before Storico kept all ten) is left as the CRM has it; an empty
 * address empties every component.
 */
export function toWriteBody(
  plan: FieldPlan,
  fields: Record<string, unknown>,
  mode: WriteMode = 'update',
): Record<string, unknown> {
  const byName = new Map(plan.fields.map((f) => [f.name.toLowerCase(), f]));
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const f = byName.get(name.toLowerCase());
    if (!f || f.kind === 'relation') continue;
    if (f.kind === 'value') {
      const allowed = writes(mode, f.creatable, f.writable);
      // A snapshot of a business account holds null in the person fields, a checkbox's among them: Salesforce
      // refuses a null for a field describe says is not nillable (a checkbox: JSON_PARSER_ERROR "Cannot deserialize
      // instance of boolean from VALUE_NULL"), so such a value is left as the record has it.
      const empty = value === null || value === undefined;
      if (allowed && f.orgName !== 'Id' && !(empty && !f.nillable)) body[f.orgName] = value;
      continue;
    }
    for (const key of Object.keys(WRITABLE_ADDRESS_PARTS) as AddressKey[]) {
      const orgName = f.parts[key] ?? f.createParts[key];
      if (!orgName || !writes(mode, key in f.createParts, key in f.parts)) continue;
      if (!isObject(value)) body[orgName] = null;
      else if (key in value) body[orgName] = value[key] ?? null;
    }
  }
  return body;
}

/** Two values of one field alike: the same, or two date-times of the same instant however written. */
function sameValue(a: unknown, b: unknown): boolean {
  if ((a ?? null) === (b ?? null)) return true;
  const at = parseSfDateTime(a);
  return at !== undefined && at === parseSfDateTime(b);
}

/**
 * Whether a record read back (as a snapshot) holds every value of a create's body: the record such a create made,
 * found by its values. Both sides go through the same create body, so addresses compare by their components.
 */
export const holdsCreate = (plan: FieldPlan, sent: Record<string, unknown>, found: CrmRecord): boolean => {
  const held = toWriteBody(plan, found, 'create');
  return Object.entries(sent).every(([name, value]) => sameValue(value, held[name]));
};
