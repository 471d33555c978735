/**
 * The schema of the sandbox org: its objects and fields as Salesforce's describe calls show them. Written from
 * Salesforce's Object Reference (Account, Case, Contact, User, Group) and the REST API Developer Guide, not from
 * Storico's own field catalogue, so that a connector asking for a field Salesforce does not have fails here too.
 *
 * - sObject Describe: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_sobject_describe.htm
 *   (fields[] with name, type, updateable, createable, calculated, nillable, defaultedOnCreate, referenceTo,
 *   relationshipName, compoundFieldName, externalId, unique, caseSensitive; length for text)
 * - Address Compound Fields: https://developer.salesforce.com/docs/platform/object-reference/guide/compound-fields-address.html
 *   (BillingAddress is read-only; it is written through BillingStreet, BillingCity, ... BillingGeocodeAccuracy)
 * - Person Accounts (Account object reference, "Person Account Fields"): IsPersonAccount, PersonContactId and the
 *   contact fields prefixed Person / suffixed __pc; Name is compound of FirstName and LastName.
 */

export type SandboxObject =
  'Account' | 'Case' | 'Contact' | 'User' | 'Group' | 'RecordType' | 'EmailMessage' | 'CaseComment';

/** A case's children that go to the recycle bin with it and come back with it (ParentId = the case). */
export const CASE_CHILDREN = ['EmailMessage', 'CaseComment'] as const;
export type CaseChild = (typeof CASE_CHILDREN)[number];
export const isCaseChild = (object: string): object is CaseChild =>
  (CASE_CHILDREN as readonly string[]).includes(object);

export type DescribeType =
  | 'id'
  | 'reference'
  | 'string'
  | 'textarea'
  | 'email'
  | 'phone'
  | 'url'
  | 'picklist'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'double'
  | 'percent'
  | 'currency'
  | 'multipicklist'
  | 'address';

export type SandboxField = {
  name: string;
  label: string;
  type: DescribeType;
  updateable: boolean;
  createable: boolean;
  calculated: boolean;
  nillable: boolean;
  /**
   * Given a value by the org when a create leaves it out (the Object Reference's "Defaulted on create"): an owner
   * is the running user, a checkbox is false. A create must name a field only when it is createable, not nillable
   * and not defaulted on create.
   */
  defaultedOnCreate: boolean;
  custom: boolean;
  referenceTo: string[];
  relationshipName: string | null;
  compoundFieldName: string | null;
  /** An External ID field: its value names a record in sObject Rows by External ID (upsert, GET). */
  externalId: boolean;
  /** No two records may hold the same value (DUPLICATE_VALUE). */
  unique: boolean;
  /** Values compare with regard to case (a text field's default, and an External ID's, is without). */
  caseSensitive: boolean;
  /** The most characters a text field holds. */
  length?: number;
  /** A text area's kind: `plaintextarea` or `richtextarea` (describe's extraTypeInfo). */
  extraTypeInfo?: string;
};

type Options = Partial<Omit<SandboxField, 'name' | 'type'>>;

const field = (name: string, type: DescribeType, options: Options = {}): SandboxField => ({
  name,
  label: options.label ?? name.replace(/__c$|__pc$/, '').replace(/_/g, ' '),
  type,
  updateable: options.updateable ?? true,
  createable: options.createable ?? options.updateable ?? true,
  calculated: options.calculated ?? false,
  nillable: options.nillable ?? type !== 'boolean',
  defaultedOnCreate: options.defaultedOnCreate ?? type === 'boolean',
  custom: name.endsWith('__c') || name.endsWith('__pc'),
  referenceTo: options.referenceTo ?? [],
  relationshipName: options.relationshipName ?? null,
  compoundFieldName: options.compoundFieldName ?? null,
  externalId: options.externalId ?? false,
  unique: options.unique ?? false,
  caseSensitive: options.caseSensitive ?? false,
  ...(options.length === undefined ? {} : { length: options.length }),
  ...(options.extraTypeInfo === undefined ? {} : { extraTypeInfo: options.extraTypeInfo }),
});

const readOnly = (name: string, type: DescribeType, options: Options = {}) =>
  field(name, type, { ...options, updateable: false, createable: false });
const formula = (name: string, type: DescribeType, label?: string) =>
  field(name, type, { updateable: false, createable: false, calculated: true, ...(label ? { label } : {}) });
/**
 * A Long Text Area: a text area of more than 255 characters. "If the SOQL statement selects two or more custom fields
 * of type long text, the batch size can't be greater than 200 records"
 * (https://developer.salesforce.com/docs/atlas.en-us.soql_sosl.meta/soql_sosl/sforce_api_calls_soql_changing_batch_size.htm).
 */
const longText = (name: string, label: string) =>
  field(name, 'textarea', { label, length: 32_768, extraTypeInfo: 'plaintextarea' });
/** A custom field an administrator of the demo org added, labelled in the org's language (Italian). */
const customField = (name: string, type: DescribeType, label: string) => field(name, type, { label });

/** Whether a field is a custom Long Text Area (longText). */
export const isLongCustomText = (f: SandboxField): boolean =>
  f.custom && f.type === 'textarea' && (f.length ?? 0) > 255;
const reference = (name: string, to: string[], relationshipName: string, options: Options = {}) =>
  field(name, 'reference', { ...options, referenceTo: to, relationshipName });

/**
 * The audit fields, "Defaulted on create" (System Fields:
 * https://developer.salesforce.com/docs/atlas.en-us.object_reference.meta/object_reference/system_fields.htm): a
 * create never has to name them.
 */
const audit = (): SandboxField[] => [
  readOnly('CreatedDate', 'datetime', { nillable: false, defaultedOnCreate: true }),
  reference('CreatedById', ['User'], 'CreatedBy', {
    updateable: false,
    createable: false,
    defaultedOnCreate: true,
  }),
  readOnly('LastModifiedDate', 'datetime', { nillable: false, defaultedOnCreate: true }),
  reference('LastModifiedById', ['User'], 'LastModifiedBy', {
    updateable: false,
    createable: false,
    defaultedOnCreate: true,
  }),
  readOnly('SystemModstamp', 'datetime', { nillable: false, defaultedOnCreate: true }),
];

/** The ten components of an address, as named after the prefix (BillingStreet, ..., BillingGeocodeAccuracy). */
export const ADDRESS_COMPONENTS = {
  street: 'Street',
  city: 'City',
  state: 'State',
  postalCode: 'PostalCode',
  country: 'Country',
  stateCode: 'StateCode',
  countryCode: 'CountryCode',
  latitude: 'Latitude',
  longitude: 'Longitude',
  geocodeAccuracy: 'GeocodeAccuracy',
} as const;

const address = (prefix: string): SandboxField[] => {
  const compound = `${prefix}Address`;
  const types: Record<string, DescribeType> = {
    street: 'textarea',
    stateCode: 'picklist',
    countryCode: 'picklist',
    latitude: 'double',
    longitude: 'double',
    geocodeAccuracy: 'picklist',
  };
  return [
    ...Object.entries(ADDRESS_COMPONENTS).map(([key, suffix]) =>
      field(`${prefix}${suffix}`, types[key] ?? 'string', { compoundFieldName: compound }),
    ),
    readOnly(compound, 'address'),
  ];
};

const SCHEMA: Record<SandboxObject, SandboxField[]> = {
  Account: [
    readOnly('Id', 'id', { nillable: false }),
    readOnly('IsDeleted', 'boolean'),
    reference('MasterRecordId', ['Account'], 'MasterRecord', { updateable: false, createable: false }),
    // In an org with person accounts, Name is compound: a person account's name is set through its parts.
    field('Name', 'string', { nillable: false }),
    field('LastName', 'string', { compoundFieldName: 'Name' }),
    field('FirstName', 'string', { compoundFieldName: 'Name' }),
    field('Salutation', 'picklist', { compoundFieldName: 'Name' }),
    field('Type', 'picklist'),
    reference('RecordTypeId', ['RecordType'], 'RecordType'),
    ...address('Billing'),
    ...address('Shipping'),
    field('Phone', 'phone'),
    field('Fax', 'phone'),
    field('Website', 'url'),
    field('Industry', 'picklist'),
    field('Description', 'textarea'),
    reference('OwnerId', ['User'], 'Owner', { nillable: false, defaultedOnCreate: true }),
    ...audit(),
    reference('PersonContactId', ['Contact'], 'PersonContact', { updateable: false, createable: false }),
    readOnly('IsPersonAccount', 'boolean'),
    field('PersonEmail', 'email'),
    field('PersonHomePhone', 'phone'),
    field('PersonMobilePhone', 'phone'),
    field('Date_of_birth__c', 'date'),
    field('Gender__c', 'picklist'),
    field('ZIP_CODE__c', 'string'),
    field('PV__pc', 'string'),
    field('Consent_Newsletter__pc', 'boolean'),
    field('Last_Marketing_Contact_Date__c', 'date'),
    field('Last_Newsletter_Update__pc', 'date'),
    // Custom fields beyond Storico's screens: every field of the org is kept, not only those the screens list.
    customField('Loyalty_Tier__c', 'picklist', 'Livello fedeltà'),
    customField('Allergens__pc', 'multipicklist', 'Allergeni'),
    longText('Customer_Notes__c', 'Note sul cliente'),
    formula('Loyalty_Score__c', 'double', 'Punteggio fedeltà'),
    customField('Last_Store_Visit__c', 'date', 'Ultima visita in negozio'),
    customField('Lifetime_Spend__c', 'currency', 'Spesa totale'),
  ],
  Case: [
    readOnly('Id', 'id', { nillable: false }),
    readOnly('IsDeleted', 'boolean'),
    reference('MasterRecordId', ['Case'], 'MasterRecord', { updateable: false, createable: false }),
    readOnly('CaseNumber', 'string', { nillable: false, label: 'Case Number' }),
    reference('ContactId', ['Contact'], 'Contact'),
    reference('AccountId', ['Account'], 'Account'),
    field('SuppliedName', 'string'),
    field('SuppliedEmail', 'email'),
    field('SuppliedPhone', 'string'),
    field('Type', 'picklist'),
    field('Status', 'picklist'),
    field('Reason', 'picklist'),
    field('Origin', 'picklist'),
    field('Subject', 'string'),
    field('Priority', 'picklist'),
    field('Description', 'textarea'),
    readOnly('IsClosed', 'boolean'),
    readOnly('ClosedDate', 'datetime'),
    // A case may belong to a queue: Owner is polymorphic (Group or User).
    reference('OwnerId', ['Group', 'User'], 'Owner', { nillable: false, defaultedOnCreate: true }),
    ...audit(),
    readOnly('ContactPhone', 'phone'),
    readOnly('ContactEmail', 'email'),
    formula('CaseOwnerName__c', 'string'),
    field('Agent__c', 'string'),
    field('Is_restaurant__c', 'boolean'),
    field('Brand__c', 'picklist'),
    field('Type_of_Complaint__c', 'picklist'),
    field('Related__c', 'picklist'),
    field('Photo_Link_1__c', 'url'),
    field('Email_From_Contact_Us__c', 'boolean'),
    field('Recall__c', 'boolean'),
    field('Web_Address__c', 'string'),
    field('Web_City__c', 'string'),
    field('Web_State__c', 'string'),
    field('Web_Zip_Code__c', 'string'),
    field('Web_Country__c', 'string'),
    field('Product__c', 'string'),
    field('Lot_Number__c', 'string'),
    field('Expiration_Date__c', 'date'),
    field('SKU_Webform__c', 'string'),
    field('Classify__c', 'picklist'),
    field('SKU_Agent1__c', 'string'),
    field('Missed_lot__c', 'boolean'),
    field('Lot_Number_Agent__c', 'string'),
    field('CS_Time_prod__c', 'string'),
    field('CS_Packaging_Machine__c', 'string'),
    field('SKU_Agent1_Name__c', 'string'),
    field('line__c', 'string'),
    field('Dont_notify__c', 'boolean'),
    field('Feedback_Agent__c', 'picklist'),
    field('Secondary_Feedback_Agent__c', 'picklist'),
    field('Modifica_Caso_oltre_limite__c', 'boolean'),
    field('Number_of_Pieces__c', 'double'),
    field('Total_Value__c', 'currency'),
    field('Product_Description__c', 'textarea'),
    field('Internal_comments__c', 'textarea'),
    customField('Refund_Amount__c', 'currency', 'Importo rimborsato'),
    longText('Resolution_Notes__c', 'Note di risoluzione'),
    customField('Store_Visit_Date__c', 'date', 'Data visita al punto vendita'),
    customField('Follow_Up_At__c', 'datetime', 'Da richiamare il'),
    customField('Satisfaction__c', 'percent', 'Soddisfazione'),
    formula('Refund_Share__c', 'percent', 'Quota rimborsata'),
  ],
  // A person account's contact: read through the account, never written on its own.
  Contact: [
    readOnly('Id', 'id', { nillable: false }),
    reference('AccountId', ['Account'], 'Account', { updateable: false }),
    readOnly('Name', 'string'),
    readOnly('FirstName', 'string'),
    readOnly('LastName', 'string'),
    readOnly('Email', 'email'),
    readOnly('Phone', 'phone'),
    readOnly('IsPersonAccount', 'boolean'),
    // In the recycle bin with its person account (queryAll sees it).
    readOnly('IsDeleted', 'boolean'),
    ...audit(),
  ],
  User: [
    readOnly('Id', 'id', { nillable: false }),
    field('Username', 'string', { nillable: false }),
    field('LastName', 'string', { nillable: false }),
    field('FirstName', 'string'),
    readOnly('Name', 'string'),
    field('Email', 'email', { nillable: false }),
    field('IsActive', 'boolean'),
    readOnly('UserType', 'picklist'),
    ...audit(),
  ],
  Group: [
    readOnly('Id', 'id', { nillable: false }),
    field('Name', 'string'),
    field('DeveloperName', 'string'),
    field('Type', 'picklist', { updateable: false }),
    ...audit(),
  ],
  RecordType: [
    readOnly('Id', 'id', { nillable: false }),
    field('Name', 'string'),
    field('DeveloperName', 'string'),
    field('SobjectType', 'picklist'),
    field('IsPersonType', 'boolean', { updateable: false }),
    ...audit(),
  ],
  // EmailMessage (Object Reference:
  // https://developer.salesforce.com/docs/atlas.en-us.202.0.object_reference.meta/object_reference/sforce_api_objects_emailmessage.htm):
  // ParentId the case; describe says Update for the addresses, bodies and dates, but "update() is supported only on
  // records whose Status is Draft. When a record's Status is not Draft, update() is supported only for the
  // IsExternallyVisible field and custom fields" (refused by SandboxRecords.patch). Status: 0 New, 1 Read,
  // 2 Replied, 3 Sent, 4 Forwarded, 5 Draft.
  EmailMessage: [
    readOnly('Id', 'id', { nillable: false }),
    readOnly('IsDeleted', 'boolean'),
    reference('ParentId', ['Case'], 'Parent', { updateable: false, createable: true }),
    field('FromAddress', 'email', { label: 'From Address' }),
    field('FromName', 'string', { label: 'From Name', length: 1000 }),
    field('ToAddress', 'string', { label: 'To Address', length: 4000 }),
    field('CcAddress', 'string', { label: 'CC Address', length: 4000 }),
    field('BccAddress', 'string', { label: 'BCC Address', length: 4000 }),
    field('Subject', 'string', { length: 3000 }),
    field('TextBody', 'textarea', { label: 'Text Body', length: 32_000 }),
    field('HtmlBody', 'textarea', { label: 'HTML Body', length: 32_000, extraTypeInfo: 'richtextarea' }),
    field('Incoming', 'boolean', { label: 'Is Incoming', updateable: false, createable: true }),
    readOnly('HasAttachment', 'boolean', { label: 'Has Attachment', defaultedOnCreate: true }),
    field('MessageDate', 'datetime', { label: 'Message Date' }),
    field('Status', 'picklist', { nillable: false, defaultedOnCreate: true }),
    field('IsExternallyVisible', 'boolean', { label: 'Is Externally Visible' }),
    ...audit(),
  ],
  // CaseComment (Object Reference:
  // https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_objects_casecomment.htm): CommentBody
  // (at most 4,000 bytes) and IsPublished can be created and updated; ParentId is set on create only.
  CaseComment: [
    readOnly('Id', 'id', { nillable: false }),
    readOnly('IsDeleted', 'boolean'),
    reference('ParentId', ['Case'], 'Parent', { updateable: false, createable: true, nillable: false }),
    field('CommentBody', 'textarea', { label: 'Body', length: 4000 }),
    field('IsPublished', 'boolean', { label: 'Published' }),
    ...audit(),
  ],
};

export const KEY_PREFIXES: Record<SandboxObject, string> = {
  Account: '001',
  Case: '500',
  Contact: '003',
  User: '005',
  Group: '00G',
  RecordType: '012',
  EmailMessage: '02s',
  CaseComment: '00a',
};

export const SANDBOX_OBJECTS = Object.keys(SCHEMA) as SandboxObject[];

export const isSandboxObject = (name: string): name is SandboxObject => name in SCHEMA;

/**
 * A custom field an administrator adds to Account and Case: Text(18), External ID and Unique (Setup, Object Manager,
 * New Field), the kind of field Storico's re-create key is (docs/salesforce-org.md).
 */
const externalIdField = (name: string) =>
  field(name, 'string', { externalId: true, unique: true, length: 18 });

/** What this org lets the integration user see and change (field-level security). */
export type FieldSecurity = {
  /** Fields the user cannot see: absent from describe, refused in queries. */
  hiddenFields?: Partial<Record<SandboxObject, string[]>>;
  /** Fields the user can read but not edit: describe says updateable false, writes are refused. */
  readOnlyFields?: Partial<Record<SandboxObject, string[]>>;
};

/** The org's schema as set up: field-level security, and a custom External ID field on Account and Case. */
export type SandboxSchemaOptions = FieldSecurity & {
  /** The API name (ending in __c) of a Text(18), External ID, Unique field this org has on Account and Case. */
  externalIdField?: string;
  /**
   * The integration user has "Set Audit Fields upon Record Creation": CreatedDate, CreatedById, LastModifiedDate
   * and LastModifiedById of Account and Case become createable, never updateable. "These fields can only be set on
   * INSERT — not on UPDATE or UPSERT" (https://help.salesforce.com/s/articleView?id=000176484&type=1): an upsert
   * naming them is refused whether it creates or updates (routes/external-id.ts).
   */
  auditFieldsOnCreate?: boolean;
  /**
   * Custom fields more on Account and Case (`Extra_001__c`, ...: text, every tenth a Long Text Area), as an org with
   * hundreds of fields has: what a select list too long for one query is read with.
   */
  generatedFields?: number;
};

/** The fields `generatedFields` adds. */
export const generatedFields = (count: number): SandboxField[] =>
  Array.from({ length: count }, (_, n) => {
    const name = `Extra_${String(n + 1).padStart(3, '0')}__c`;
    const label = `Campo aggiuntivo ${n + 1}`;
    return n % 10 === 9 ? longText(name, label) : field(name, 'string', { label, length: 255 });
  });

/** The audit fields a create may set with "Set Audit Fields upon Record Creation" (SystemModstamp never). */
export const SETTABLE_AUDIT_FIELDS: ReadonlySet<string> = new Set([
  'CreatedDate',
  'CreatedById',
  'LastModifiedDate',
  'LastModifiedById',
]);

/** The objects Storico keeps: those an administrator adds the External ID field to, and whose audit fields a create may set. */
const STORICO_OBJECTS: readonly SandboxObject[] = ['Account', 'Case'];

/** An object's fields as the integration user's describe shows them. */
export class SandboxSchema {
  private readonly byObject = new Map<SandboxObject, Map<string, SandboxField>>();

  constructor(options: SandboxSchemaOptions = {}) {
    const added = options.externalIdField;
    for (const object of SANDBOX_OBJECTS) {
      const hidden = new Set((options.hiddenFields?.[object] ?? []).map((f) => f.toLowerCase()));
      const readOnlyNames = new Set((options.readOnlyFields?.[object] ?? []).map((f) => f.toLowerCase()));
      const fields = new Map<string, SandboxField>();
      const own = SCHEMA[object];
      const custom =
        added &&
        STORICO_OBJECTS.includes(object) &&
        !own.some((f) => f.name.toLowerCase() === added.toLowerCase())
          ? [externalIdField(added)]
          : [];
      const generated = STORICO_OBJECTS.includes(object) ? generatedFields(options.generatedFields ?? 0) : [];
      for (const f of [...own, ...custom, ...generated]) {
        if (hidden.has(f.name.toLowerCase())) continue;
        const locked = readOnlyNames.has(f.name.toLowerCase());
        const audit =
          options.auditFieldsOnCreate &&
          STORICO_OBJECTS.includes(object) &&
          SETTABLE_AUDIT_FIELDS.has(f.name);
        fields.set(
          f.name.toLowerCase(),
          locked ? { ...f, updateable: false, createable: false } : audit ? { ...f, createable: true } : f,
        );
      }
      this.byObject.set(object, fields);
    }
  }

  /** A field an administrator adds while the org runs (Setup, Object Manager, New Field): describe lists it at once. */
  addField(object: SandboxObject, name: string, type: DescribeType, label: string): SandboxField {
    const added = field(name, type, { label });
    this.byObject.get(object)!.set(name.toLowerCase(), added);
    return added;
  }

  fields(object: SandboxObject): SandboxField[] {
    return [...this.byObject.get(object)!.values()];
  }

  /** A field by name, matched without regard to case as SOQL does; undefined when hidden or unknown. */
  field(object: SandboxObject, name: string): SandboxField | undefined {
    return this.byObject.get(object)!.get(name.toLowerCase());
  }

  /** The field whose relationship is `name` (Owner -> OwnerId), matched without regard to case. */
  relationship(object: SandboxObject, name: string): SandboxField | undefined {
    const wanted = name.toLowerCase();
    return this.fields(object).find((f) => f.relationshipName?.toLowerCase() === wanted);
  }
}
