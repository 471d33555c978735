import type { CrmObject, SyncedObject } from './crm-connector';

/** A snapshot field read from a related record: OwnerName is Owner.Name. */
export type FromRelationship = { relationship: string; field: string };
export type CatalogueEntry = string | { name: string; from: FromRelationship };

const system = ['LastModifiedById', 'CreatedDate', 'LastModifiedDate', 'SystemModstamp'];

/**
 * The fields of each object Storico keeps, in snapshot order (docs/product.md#snapshot-fields). Which of them
 * are queried and written is decided by the org's describe (see planFields, salesforce/field-plan.ts): a field the
 * org lacks or hides is left out.
 */
export const CATALOGUE: Record<SyncedObject, CatalogueEntry[]> = {
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
  // A case's e-mails and comments: every other readable field of describe follows (planFields).
  EmailMessage: ['Id', 'ParentId', ...system],
  CaseComment: ['Id', 'ParentId', ...system],
};

const entryName = (e: CatalogueEntry) => (typeof e === 'string' ? e : e.name);

/** The fields of a snapshot, in order: what a stored revision holds when the org has every catalogued field. */
export const snapshotFields = (object: CrmObject): string[] => CATALOGUE[object].map(entryName);

/** `fields` in snapshot order: the catalogued ones in the catalogue's order, then the org's others as they come. */
export function inSnapshotOrder(object: CrmObject, fields: Iterable<string>): string[] {
  const given = new Set(fields);
  const catalogued = snapshotFields(object);
  const known = new Set(catalogued);
  return [...catalogued.filter((f) => given.has(f)), ...[...given].filter((f) => !known.has(f))];
}

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
