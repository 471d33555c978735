/**
 * Realistic revisions for the scale benchmark, written as the NDJSON of `npm run import`: about 200 agents, one
 * record per ten revisions (40% contacts, 60% cases), 40-field snapshots, two years of edits. Each edit changes a
 * few fields; now and then a record passes to another agent, so search by the owner of each revision matters.
 * Deterministic: the same count gives the same file.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export const SPAN_START = Date.UTC(2024, 10, 1);
export const SPAN_END = Date.UTC(2026, 10, 1);

export type ScaleShape = { revisions: number; agents: number; accounts: number; cases: number };

export function shapeOf(revisions: number): ScaleShape {
  const records = Math.max(10, Math.round(revisions / 10));
  const accounts = Math.round(records * 0.4);
  return { revisions, agents: 200, accounts, cases: records - accounts };
}

const sfId = (prefix: string, n: number) => `${prefix}SC${String(n).padStart(10, '0')}AAA`;
export const agentId = (n: number) => sfId('005', n);
export const accountId = (n: number) => sfId('001', n);
export const caseId = (n: number) => sfId('500', n);

/** A fixed-seed generator (mulberry32). */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, below: (n: number) => Math.floor(next() * n) };
}

const sfTime = (ms: number) => new Date(ms).toISOString().replace('Z', '+0000');
const FIRST = ['Maria', 'Giulia', 'Luca', 'Marco', 'Anna', 'Paolo', 'Chiara', 'Davide', 'Sara', 'Matteo'];
const LAST = ['Rossi', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti'];
const CITIES = ['Roma', 'Milano', 'Napoli', 'Torino', 'Verona', 'Bologna', 'Firenze', 'Bari'];
const PRODUCTS = ['Tortellini', 'Ravioli', 'Gnocchi', 'Lasagne', 'Tagliatelle', 'Sugo al pomodoro'];

/** The fields the CRM sets on every record: who created and last changed it, and when. */
const systemFields = (owner: number, created: number) => ({
  IsDeleted: false,
  CreatedById: agentId(owner),
  CreatedDate: sfTime(created),
  LastModifiedById: agentId(owner),
  LastModifiedDate: sfTime(created),
  SystemModstamp: sfTime(created),
});

function contact(n: number, owner: number, rnd: ReturnType<typeof random>, created: number) {
  const first = FIRST[n % FIRST.length]!;
  const last = LAST[(n >> 3) % LAST.length]!;
  const city = CITIES[n % CITIES.length]!;
  const address = {
    street: `Via Roma ${1 + (n % 200)}`,
    city,
    postalCode: '00100',
    state: 'RM',
    country: 'Italia',
  };
  return {
    Id: accountId(n),
    OwnerId: agentId(owner),
    OwnerName: `Agente ${owner}`,
    Name: `${first} ${last} ${n}`,
    FirstName: first,
    LastName: `${last} ${n}`,
    Salutation: n % 2 ? 'Sig.' : 'Sig.ra',
    Date_of_birth__c: `19${50 + (n % 50)}-0${1 + (n % 9)}-1${n % 9}`,
    Gender__c: n % 2 ? 'M' : 'F',
    ZIP_CODE__c: '00100',
    PV__pc: 'RM',
    PersonEmail: `${first}.${last}${n}@example.it`.toLowerCase(),
    Phone: `+39 06 ${1000000 + rnd.below(8999999)}`,
    PersonMobilePhone: `+39 3${rnd.below(99999999)}`,
    PersonHomePhone: null,
    Fax: null,
    Website: null,
    BillingAddress: address,
    ShippingAddress: address,
    Description: 'Cliente abituale, preferisce essere contattato la mattina.',
    Consent_Newsletter__pc: rnd.next() < 0.5,
    Consent_Profiling__pc: rnd.next() < 0.3,
    Last_Marketing_Contact_Date__c: null,
    Last_Newsletter_Update__pc: null,
    Loyalty_Points__c: rnd.below(5000),
    Preferred_Channel__c: 'Email',
    Customer_Segment__c: 'Retail',
    Language__c: 'it',
    Fiscal_Code__c: `RSSMRA${String(n).padStart(10, '0')}`,
    Type: null,
    Industry: null,
    AccountSource: 'Web',
    Rating: null,
    ...systemFields(owner, created),
  };
}

function supportCase(
  n: number,
  owner: number,
  rnd: ReturnType<typeof random>,
  created: number,
  accounts: number,
) {
  const product = PRODUCTS[n % PRODUCTS.length]!;
  return {
    Id: caseId(n),
    CaseNumber: String(n).padStart(8, '0'),
    OwnerId: agentId(owner),
    AccountId: accountId(1 + ((n * 13) % accounts)),
    ContactEmail: `cliente${n}@example.it`,
    CaseOwnerName__c: `Agente ${owner}`,
    Reason: n % 5 === 0 ? 'Feedback on Product' : 'Quality',
    Status: 'New',
    Priority: 'Medium',
    Origin: 'Web',
    Type: 'Problem',
    Subject: `Confezione di ${product} danneggiata`,
    Description: `Confezione danneggiata, lotto L${n}. Il prodotto era integro ma la confezione aperta.`,
    Product_Description__c: n % 5 === 0 ? `${product} 250 g, confezione famiglia` : null,
    Product__c: product,
    Brand__c: 'Rana',
    Lot_Number__c: `L${n}`,
    Best_Before__c: '2026-12-31',
    Classify__c: 'Packaging',
    Agent__c: `Agente ${owner}`,
    Feedback_Agent__c: null,
    Secondary_Feedback_Agent__c: null,
    Is_restaurant__c: false,
    Number_of_Pieces__c: 1,
    Refund_Amount__c: 0,
    Store_Name__c: `Supermercato ${CITIES[n % CITIES.length]}`,
    SuppliedEmail: `cliente${n}@example.it`,
    SuppliedPhone: `+39 3${rnd.below(99999999)}`,
    Internal_comments__c: null,
    IsEscalated: false,
    IsClosed: false,
    ClosedDate: null,
    ...systemFields(owner, created),
  };
}

type Snapshot = Record<string, unknown>;

/** One edit: a few fields change, and once in a while the owner. */
function edit(
  kind: 'Account' | 'Case',
  s: Snapshot,
  k: number,
  at: number,
  rnd: ReturnType<typeof random>,
  agents: number,
) {
  const next: Snapshot = { ...s, LastModifiedDate: sfTime(at), SystemModstamp: sfTime(at) };
  if (kind === 'Account') {
    next.Phone = `+39 06 ${1000000 + rnd.below(8999999)}`;
    next.Loyalty_Points__c = rnd.below(5000);
    if (k % 3 === 0) next.Description = `Nota ${k}: richiamare dopo le 15.`;
  } else {
    next.Status = ['Working', 'Escalated', 'Closed'][k % 3];
    next.Internal_comments__c = `Nota interna ${k}`;
    next.Number_of_Pieces__c = 1 + (k % 4);
  }
  if (rnd.next() < 0.03) {
    const owner = 1 + rnd.below(agents);
    next.OwnerId = agentId(owner);
    next.OwnerName = `Agente ${owner}`;
  }
  next.LastModifiedById = next.OwnerId;
  return next;
}

/** Writes the NDJSON file; answers how many revisions it holds. */
export async function writeScaleData(file: string, shape: ScaleShape): Promise<number> {
  const out = createWriteStream(file);
  const rnd = random(20261124);
  const perRecord = shape.revisions / (shape.accounts + shape.cases);
  let written = 0;
  let buffer = '';
  const write = async (line: string) => {
    buffer += line + '\n';
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  };
  for (let n = 1; n <= shape.agents; n++) {
    const record = {
      Id: agentId(n),
      Username: `agente${n}@storico-scale.it`,
      FirstName: 'Agente',
      LastName: String(n),
    };
    await write(
      JSON.stringify({
        type: 'User',
        record: { ...record, IsActive: true, SystemModstamp: sfTime(SPAN_START) },
      }),
    );
  }
  const records = shape.accounts + shape.cases;
  for (let i = 0; i < records && written < shape.revisions; i++) {
    const kind = i < shape.accounts ? 'Account' : 'Case';
    const n = kind === 'Account' ? i + 1 : i - shape.accounts + 1;
    const versions = Math.max(
      1,
      Math.min(shape.revisions - written, 1 + rnd.below(Math.round(perRecord * 2 - 1))),
    );
    const created = SPAN_START + rnd.next() * (SPAN_END - SPAN_START) * 0.9;
    const owner = 1 + ((n * 7) % shape.agents);
    let snapshot: Snapshot =
      kind === 'Account'
        ? contact(n, owner, rnd, created)
        : supportCase(n, owner, rnd, created, shape.accounts);
    const times = Array.from(
      { length: versions - 1 },
      () => created + rnd.next() * (SPAN_END - created),
    ).sort((a, b) => a - b);
    await write(JSON.stringify({ type: kind, record: snapshot }));
    for (const [k, at] of times.entries()) {
      snapshot = edit(kind, snapshot, k + 1, Math.round(at), rnd, shape.agents);
      await write(JSON.stringify({ type: kind, record: snapshot }));
    }
    written += versions;
  }
  out.write(buffer);
  out.end();
  await once(out, 'finish');
  return written;
}
