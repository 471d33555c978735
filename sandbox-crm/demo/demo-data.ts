import { toSfDateTime, type SfRecord } from '../salesforce-wire';
import {
  ACCOUNT_NOTES,
  ACCOUNT_TYPES,
  CASE_REASONS,
  CITIES,
  CLASSIFICATIONS,
  COMPLAINT_TYPES,
  DESCRIPTION_SENTENCES,
  FEEDBACK_TOPICS,
  INDUSTRIES,
  INTERNAL_COMMENTS,
  ISSUES,
  ORIGINS,
  PRIORITIES,
  PRODUCTS,
  RELATED_TO,
  STORES,
  SUBJECT_BY_REASON,
  type City,
  type Product,
} from './demo-catalog';
import { salesforceId } from '../salesforce-id';
import { DAY, demoFaker, Draw, isoDate, setAddress, setBilling, setShipping, slug } from './demo-draw';
import { addCustomFields } from './demo-custom-fields';
import { editRecord } from './demo-edits';
import { relatedRecordsOf } from './demo-related';

export type DemoCounts = { users: number; accounts: number; cases: number };
export const DEFAULT_DEMO_COUNTS: DemoCounts = { users: 24, accounts: 2000, cases: 5000 };
export const DEFAULT_DEMO_SEED = 20240101;

export const HISTORY_START = Date.UTC(2024, 0, 1);
export const HISTORY_END = Date.UTC(2026, 9, 31, 23, 59, 59);

/** Every version of one record, oldest first: the last is what the CRM holds now. */
export type RecordHistory = SfRecord[];
export type DemoData = {
  users: SfRecord[];
  /** Person accounts, each with its history. */
  accounts: RecordHistory[];
  cases: RecordHistory[];
  /** Companies the org also keeps; Storico never shows them. */
  businessAccounts: SfRecord[];
  queues: SfRecord[];
  recordTypes: SfRecord[];
  /** The cases' e-mails (EmailMessage) and comments (CaseComment), each with its history. */
  emails: RecordHistory[];
  comments: RecordHistory[];
};

const fullName = (user: SfRecord) => `${String(user.FirstName)} ${String(user.LastName)}`;

/** Person Accounts need their own record type (Account object reference, IsPersonAccount / RecordTypeId). */
export const PERSON_RECORD_TYPE_ID = salesforceId('012', 7_001);
export const BUSINESS_RECORD_TYPE_ID = salesforceId('012', 7_002);
export const CASE_QUEUE_ID = salesforceId('00G', 9_001);

const ORG_CREATED = toSfDateTime(Date.UTC(2023, 0, 2, 8));

function setupRecords(): { queues: SfRecord[]; recordTypes: SfRecord[] } {
  const audit = { CreatedDate: ORG_CREATED, LastModifiedDate: ORG_CREATED, SystemModstamp: ORG_CREATED };
  return {
    queues: [
      {
        Id: CASE_QUEUE_ID,
        Name: 'Coda Assistenza Clienti',
        DeveloperName: 'Coda_Assistenza_Clienti',
        Type: 'Queue',
        ...audit,
      },
    ],
    recordTypes: [
      {
        Id: PERSON_RECORD_TYPE_ID,
        Name: 'Cliente privato',
        DeveloperName: 'PersonAccount',
        SobjectType: 'Account',
        IsPersonType: true,
        ...audit,
      },
      {
        Id: BUSINESS_RECORD_TYPE_ID,
        Name: 'Azienda',
        DeveloperName: 'Business_Account',
        SobjectType: 'Account',
        IsPersonType: false,
        ...audit,
      },
    ],
  };
}

function makeUser(d: Draw, n: number): SfRecord {
  const sex = d.pick(['female', 'male'] as const);
  const first = d.f.person.firstName(sex);
  const last = d.f.person.lastName();
  const created = toSfDateTime(d.time(Date.UTC(2023, 0, 9), Date.UTC(2023, 11, 15)));
  const id = salesforceId('005', 3_100_000 + n * 613);
  return {
    Id: id,
    Username: `${slug(first)}.${slug(last)}@storico-demo.it`,
    FirstName: first,
    LastName: last,
    Email: `${slug(first)}.${slug(last)}@storico-demo.it`,
    IsActive: n % 12 !== 11,
    UserType: 'Standard',
    CreatedDate: created,
    CreatedById: id,
    LastModifiedDate: created,
    LastModifiedById: id,
    SystemModstamp: created,
  };
}

function makeAccount(d: Draw, n: number, owner: SfRecord, createdAt: number): SfRecord {
  const sex = d.pick(['female', 'male'] as const);
  const first = d.f.person.firstName(sex);
  const last = d.f.person.lastName();
  const home = d.pick(CITIES);
  const type = d.weighted(ACCOUNT_TYPES);
  const stamp = toSfDateTime(createdAt);
  const record: Record<string, unknown> = {
    Id: salesforceId('001', 41_000_000 + n * 977),
    OwnerId: owner.Id,
    Name: `${first} ${last}`,
    RecordTypeId: PERSON_RECORD_TYPE_ID,
    FirstName: first,
    LastName: last,
    Date_of_birth__c: isoDate(d.time(Date.UTC(1940, 0, 1), Date.UTC(2006, 11, 31))),
    Gender__c: sex === 'female' ? 'Femmina' : 'Maschio',
    PersonEmail: d.email(first, last),
    Phone: d.mobile(),
    PersonHomePhone: d.landline(home),
    Fax: d.landline(home),
    Website: `https://www.${slug(last)}${slug(first)}.it`,
    Description: d.pick(ACCOUNT_NOTES),
    Consent_Newsletter__pc: d.chance(0.6),
    Last_Marketing_Contact_Date__c: isoDate(d.time(createdAt - 400 * DAY, createdAt)),
    Last_Newsletter_Update__pc: isoDate(d.time(createdAt - 400 * DAY, createdAt)),
    Type: type,
    Industry: type === 'Consumatore' ? d.pick(INDUSTRIES) : type === 'Ristorante' ? 'Hospitality' : 'Retail',
    IsPersonAccount: true,
    PersonContactId: salesforceId('003', 41_000_000 + n * 977),
    CreatedDate: stamp,
    CreatedById: owner.Id,
    LastModifiedDate: stamp,
    LastModifiedById: owner.Id,
    SystemModstamp: stamp,
  };
  setBilling(d, record, home);
  const elsewhere = d.chance(0.2);
  setShipping(
    record,
    elsewhere ? d.pick(CITIES) : home,
    elsewhere ? d.street() : String(record.BillingStreet),
  );
  return record as SfRecord;
}

/** A company account: the org has them, Storico keeps only person accounts. */
function makeBusinessAccount(d: Draw, n: number, owner: SfRecord): SfRecord {
  const city = d.pick(CITIES);
  const stamp = toSfDateTime(d.time(HISTORY_START, HISTORY_END));
  const record: Record<string, unknown> = {
    Id: salesforceId('001', 52_000_000 + n * 977),
    OwnerId: owner.Id,
    Name: `${d.f.company.name()} S.r.l.`,
    RecordTypeId: BUSINESS_RECORD_TYPE_ID,
    IsPersonAccount: false,
    PersonContactId: null,
    Type: 'Distributore',
    Industry: 'Retail',
    Phone: d.landline(city),
    CreatedDate: stamp,
    CreatedById: owner.Id,
    LastModifiedDate: stamp,
    LastModifiedById: owner.Id,
    SystemModstamp: stamp,
  };
  setAddress(record, 'Billing', city, d.street());
  return record as SfRecord;
}

function caseDescription(d: Draw, product: Product, city: City, at: number, long: boolean): string {
  const opening = `Il cliente segnala che la confezione di ${product.name} acquistata presso ${d.pick(STORES)} di ${city.city} presentava ${d.pick(ISSUES)}.`;
  const sentences = [opening];
  const count = long ? d.int(6, 9) : d.int(1, 2);
  for (let i = 0; i < count; i++) sentences.push(d.pick(DESCRIPTION_SENTENCES));
  if (long)
    sentences.push(
      `La data di scadenza riportata sulla confezione è il ${isoDate(at + 20 * DAY)
        .split('-')
        .reverse()
        .join('/')}.`,
    );
  return sentences.join(' ');
}

function makeCase(
  d: Draw,
  n: number,
  account: SfRecord,
  owner: SfRecord,
  agents: SfRecord[],
  createdAt: number,
): SfRecord {
  const reason = d.weighted(CASE_REASONS);
  const product = d.pick(PRODUCTS);
  const agentProduct = d.chance(0.85) ? product : d.pick(PRODUCTS);
  const city = CITIES.find((c) => c.cap === account.BillingPostalCode) ?? d.pick(CITIES);
  // A few cases wait in the queue the assignment rule fills.
  const ownerId = d.chance(0.03) ? CASE_QUEUE_ID : owner.Id;
  const lot = d.lot(createdAt);
  const caseNumber = String(10_000 + n).padStart(8, '0');
  const stamp = toSfDateTime(createdAt);
  const feedback = reason === 'Feedback on Product';
  return {
    Id: salesforceId('500', 77_000_000 + n * 1_187),
    CaseNumber: caseNumber,
    OwnerId: ownerId,
    AccountId: account.Id,
    ContactId: account.PersonContactId,
    CreatedDate: stamp,
    CreatedById: owner.Id,
    LastModifiedDate: stamp,
    LastModifiedById: owner.Id,
    SystemModstamp: stamp,
    Reason: reason,
    Status: 'New',
    Agent__c: fullName(d.pick(agents)),
    Is_restaurant__c: account.Type === 'Ristorante',
    Brand__c: product.brand,
    Type_of_Complaint__c: reason === 'Complaint' || feedback ? d.pick(COMPLAINT_TYPES) : 'Nessuno',
    Related__c: d.pick(RELATED_TO),
    Photo_Link_1__c: `https://foto.storico-demo.it/casi/${caseNumber}/1.jpg`,
    Email_From_Contact_Us__c: d.chance(0.5),
    Recall__c: d.chance(0.03),
    Subject: `${SUBJECT_BY_REASON[reason] ?? 'Richiesta'}: ${product.name}`,
    SuppliedName: account.Name,
    SuppliedEmail: account.PersonEmail,
    SuppliedPhone: account.Phone,
    Web_Address__c: d.street(),
    Web_City__c: city.city,
    Web_State__c: city.province,
    Web_Zip_Code__c: city.cap,
    Web_Country__c: 'Italia',
    Origin: d.pick(ORIGINS),
    Description: caseDescription(d, product, city, createdAt, d.chance(0.15)),
    Priority: d.pick(PRIORITIES),
    Product__c: product.name,
    Lot_Number__c: lot,
    Expiration_Date__c: isoDate(createdAt + d.int(5, 40) * DAY),
    SKU_Webform__c: product.sku,
    Classify__c: d.pick(CLASSIFICATIONS),
    SKU_Agent1__c: agentProduct.sku,
    Missed_lot__c: d.chance(0.1),
    Lot_Number_Agent__c: d.chance(0.9) ? lot : d.lot(createdAt),
    CS_Time_prod__c: `${String(d.int(5, 22)).padStart(2, '0')}:${String(d.int(0, 59)).padStart(2, '0')}`,
    CS_Packaging_Machine__c: `CONF-${String(d.int(1, 12)).padStart(2, '0')}`,
    SKU_Agent1_Name__c: agentProduct.name,
    line__c: `Linea ${d.int(1, 8)}`,
    Dont_notify__c: d.chance(0.1),
    Feedback_Agent__c: d.pick(FEEDBACK_TOPICS),
    Secondary_Feedback_Agent__c: d.pick(FEEDBACK_TOPICS),
    Modifica_Caso_oltre_limite__c: d.chance(0.05),
    Number_of_Pieces__c: d.int(1, 6),
    Total_Value__c: d.int(5, 30) / 2,
    Product_Description__c: product.description,
    Internal_comments__c: d.pick(INTERNAL_COMMENTS),
  } as SfRecord;
}

const ACCOUNT_EDIT_COUNTS = [15, 25, 25, 15, 10, 6, 4].map((weight, value) => ({ value, weight }));
const CASE_EDIT_COUNTS = [10, 20, 30, 20, 12, 8].map((weight, value) => ({ value, weight }));

function history(
  d: Draw,
  agents: SfRecord[],
  object: 'Account' | 'Case',
  first: SfRecord,
  edits: number,
  from: number,
  to: number,
): RecordHistory {
  const versions = [first];
  for (const at of d.editTimes(edits, from, to))
    versions.push(editRecord(d.f, object, versions.at(-1)!, at, agents));
  return versions;
}

/** The version of a history in effect at `at` (its first when it did not exist yet). */
function versionAt(versions: RecordHistory, at: number): SfRecord {
  let current = versions[0]!;
  for (const v of versions) if (Date.parse(String(v.SystemModstamp)) <= at) current = v;
  return current;
}

/**
 * Deterministic demo data: agents, person accounts and cases, each with its history of edits between
 * 2024-01-01 and 2026-10-31. Same seed and counts, same data.
 */
export function generateDemoData(options: { seed?: number; counts?: Partial<DemoCounts> } = {}): DemoData {
  const counts = { ...DEFAULT_DEMO_COUNTS, ...options.counts };
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const d = new Draw(demoFaker(seed));
  const users = Array.from({ length: counts.users }, (_, n) => makeUser(d, n));
  const owners = users.filter((u) => u.IsActive);
  const accounts: RecordHistory[] = [];
  for (let n = 0; n < counts.accounts; n++) {
    const created = d.time(HISTORY_START, HISTORY_END - 30 * DAY);
    const first = makeAccount(d, n, d.pick(owners), created);
    accounts.push(
      history(d, owners, 'Account', first, d.weighted(ACCOUNT_EDIT_COUNTS), created, HISTORY_END),
    );
  }
  const cases: RecordHistory[] = [];
  for (let n = 0; n < counts.cases && accounts.length > 0; n++) {
    const accountVersions = d.pick(accounts);
    const accountCreated = Date.parse(String(accountVersions[0]!.CreatedDate));
    const created = d.time(Math.min(accountCreated + DAY, HISTORY_END - DAY), HISTORY_END - DAY);
    const account = versionAt(accountVersions, created);
    const owner = users.find((u) => u.Id === account.OwnerId)!;
    const first = makeCase(d, n, account, owner, owners, created);
    const until = Math.min(HISTORY_END, created + 180 * DAY);
    cases.push(history(d, owners, 'Case', first, d.weighted(CASE_EDIT_COUNTS), created, until));
  }
  const businessAccounts = Array.from({ length: Math.ceil(counts.accounts / 100) }, (_, n) =>
    makeBusinessAccount(d, n, d.pick(owners)),
  );
  addCustomFields({ accounts, cases }, seed);
  const related = relatedRecordsOf(cases, owners, seed, HISTORY_END);
  return { users, accounts, cases, businessAccounts, ...related, ...setupRecords() };
}
