import type { CrmObject } from './crm-connector';

/** The REST API version spoken by the connector and the sandbox CRM. */
export const SALESFORCE_API_VERSION = '62.0';

export type FieldType = 'id' | 'string' | 'boolean' | 'date' | 'datetime' | 'number' | 'address';

export type FieldDef = {
  type: FieldType;
  /** System, formula and compound fields: the CRM computes them and refuses writes. */
  readOnly?: true;
  /** Part of the snapshot Storico stores (and so of every query and read). */
  snapshot?: true;
};

export type SObjectName = CrmObject | 'User';

const ro = (type: FieldType, snapshot = true): FieldDef =>
  snapshot ? { type, readOnly: true, snapshot: true } : { type, readOnly: true };
const rw = (type: FieldType, snapshot = true): FieldDef => (snapshot ? { type, snapshot: true } : { type });

const system = {
  CreatedDate: ro('datetime'),
  LastModifiedDate: ro('datetime'),
  SystemModstamp: ro('datetime'),
};

/** Compound address fields are read as one object but written through their parts. */
export const ADDRESS_PARTS = { city: 'City', postalCode: 'PostalCode', country: 'Country' } as const;
export const ADDRESS_FIELDS = { BillingAddress: 'Billing', ShippingAddress: 'Shipping' } as const;

/**
 * The fields of each object Storico reads and writes, in snapshot order (SPEC.md section 3).
 * The sandbox CRM serves exactly these; the Salesforce connector queries the `snapshot` ones.
 */
export const SOBJECT_FIELDS: Record<SObjectName, Record<string, FieldDef>> = {
  User: {
    Id: ro('id'),
    Username: rw('string'),
    FirstName: rw('string'),
    LastName: rw('string'),
    Email: rw('string'),
    IsActive: rw('boolean'),
    UserType: ro('string'),
    ...system,
  },
  Account: {
    Id: ro('id'),
    OwnerId: rw('id'),
    OwnerName: ro('string'),
    // A person account's Name is compound: it is written through FirstName and LastName.
    Name: ro('string'),
    FirstName: rw('string'),
    LastName: rw('string'),
    Date_of_birth__c: rw('date'),
    Gender__c: rw('string'),
    ZIP_CODE__c: rw('string'),
    PV__pc: rw('string'),
    PersonEmail: rw('string'),
    Phone: rw('string'),
    PersonHomePhone: rw('string'),
    Fax: rw('string'),
    Website: rw('string'),
    BillingAddress: ro('address'),
    ShippingAddress: ro('address'),
    BillingCity: rw('string', false),
    BillingPostalCode: rw('string', false),
    BillingCountry: rw('string', false),
    ShippingCity: rw('string', false),
    ShippingPostalCode: rw('string', false),
    ShippingCountry: rw('string', false),
    Description: rw('string'),
    Consent_Newsletter__pc: rw('boolean'),
    Last_Marketing_Contact_Date__c: rw('date'),
    Last_Newsletter_Update__pc: rw('date'),
    Type: rw('string'),
    Industry: rw('string'),
    IsPersonAccount: ro('boolean', false),
    PersonContactId: ro('id', false),
    ...system,
  },
  Case: {
    Id: ro('id'),
    CaseNumber: ro('string'),
    OwnerId: rw('id'),
    AccountId: rw('id'),
    ...system,
    CaseOwnerName__c: ro('string'),
    Reason: rw('string'),
    Status: rw('string'),
    Agent__c: rw('string'),
    Is_restaurant__c: rw('boolean'),
    Brand__c: rw('string'),
    Type_of_Complaint__c: rw('string'),
    Related__c: rw('string'),
    Photo_Link_1__c: rw('string'),
    Email_From_Contact_Us__c: rw('boolean'),
    Recall__c: rw('boolean'),
    Subject: rw('string'),
    SuppliedName: rw('string'),
    SuppliedEmail: rw('string'),
    SuppliedPhone: rw('string'),
    Web_Address__c: rw('string'),
    Web_City__c: rw('string'),
    Web_State__c: rw('string'),
    Web_Zip_Code__c: rw('string'),
    Web_Country__c: rw('string'),
    // Read from the case's contact: Salesforce does not let them be written on the case.
    ContactEmail: ro('string'),
    ContactPhone: ro('string'),
    Origin: rw('string'),
    ContactName: ro('string'),
    Description: rw('string'),
    Priority: rw('string'),
    Product__c: rw('string'),
    Lot_Number__c: rw('string'),
    Expiration_Date__c: rw('date'),
    SKU_Webform__c: rw('string'),
    Classify__c: rw('string'),
    SKU_Agent1__c: rw('string'),
    Missed_lot__c: rw('boolean'),
    Lot_Number_Agent__c: rw('string'),
    CS_Time_prod__c: rw('string'),
    CS_Packaging_Machine__c: rw('string'),
    SKU_Agent1_Name__c: rw('string'),
    line__c: rw('string'),
    Dont_notify__c: rw('boolean'),
    Feedback_Agent__c: rw('string'),
    Secondary_Feedback_Agent__c: rw('string'),
    Modifica_Caso_oltre_limite__c: rw('boolean'),
    Number_of_Pieces__c: rw('number'),
    Total_Value__c: rw('number'),
    Product_Description__c: rw('string'),
    Internal_comments__c: rw('string'),
  },
};

/** The fields of a snapshot, in order: what is queried and what a stored revision holds. */
export const snapshotFields = (object: SObjectName): string[] =>
  Object.entries(SOBJECT_FIELDS[object])
    .filter(([, def]) => def.snapshot)
    .map(([name]) => name);

/**
 * The part of a snapshot that can be written back: read-only and system fields left out, compound
 * addresses turned into their parts. Fields this catalogue does not know are passed on, so the CRM decides.
 */
export function toWritableFields(
  object: CrmObject,
  snapshot: Record<string, unknown>,
): Record<string, unknown> {
  const defs = SOBJECT_FIELDS[object];
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(snapshot)) {
    if (name === 'attributes' || name === 'Id') continue;
    const prefix = ADDRESS_FIELDS[name as keyof typeof ADDRESS_FIELDS];
    if (prefix && defs[name]) {
      const address = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
      for (const [key, suffix] of Object.entries(ADDRESS_PARTS))
        out[`${prefix}${suffix}`] = address[key] ?? null;
      continue;
    }
    if (defs[name]?.readOnly) continue;
    out[name] = value;
  }
  return out;
}
