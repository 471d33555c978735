import { toSfDateTime, type SfRecord } from '../salesforce-wire';
import {
  ACCOUNT_NOTES,
  CITIES,
  CLASSIFICATIONS,
  DESCRIPTION_SENTENCES,
  FEEDBACK_TOPICS,
  INDUSTRIES,
  INTERNAL_COMMENTS,
  PRIORITIES,
  PRODUCTS,
} from './demo-catalog';
import { Draw, isoDate, setBilling, setShipping } from './demo-draw';
import type { Faker } from '@faker-js/faker';

/** What users of the demo org change in a record, one realistic edit each. */
type Edit = (d: Draw, record: Record<string, unknown>, at: number) => void;

const ACCOUNT_EDITS: Edit[] = [
  (d, r) => (r.Phone = d.mobile()),
  (d, r) => (r.PersonEmail = d.email(String(r.FirstName), String(r.LastName))),
  (d, r) => {
    const city = d.pick(CITIES);
    setBilling(d, r, city);
    if (d.chance(0.7)) setShipping(r, city, String(r.BillingStreet));
    r.PersonHomePhone = d.landline(city);
  },
  // A move within the same city: only the street changes.
  (d, r) => (r.BillingStreet = d.street()),
  (d, r, at) => {
    r.Consent_Newsletter__pc = !r.Consent_Newsletter__pc;
    r.Last_Newsletter_Update__pc = isoDate(at);
  },
  (_d, r, at) => (r.Last_Marketing_Contact_Date__c = isoDate(at)),
  (d, r) => (r.Description = d.pick(ACCOUNT_NOTES)),
  (d, r) => {
    r.LastName = d.f.person.lastName();
    r.Name = `${String(r.FirstName)} ${String(r.LastName)}`;
  },
  (d, r) => (r.Industry = d.pick(INDUSTRIES)),
];

const NEXT_STATUS: Record<string, string> = {
  New: 'Working',
  Working: 'Closed',
  Escalated: 'Closed',
  Closed: 'Working',
};

const CASE_EDITS: Edit[] = [
  (d, r) =>
    (r.Status = r.Status === 'Working' && d.chance(0.2) ? 'Escalated' : NEXT_STATUS[String(r.Status)]),
  (d, r) => (r.Status = NEXT_STATUS[String(r.Status)]),
  (d, r) => (r.Priority = d.pick(PRIORITIES)),
  (d, r) => {
    const more = `${String(r.Internal_comments__c ?? '')} ${d.pick(INTERNAL_COMMENTS)}`.trim();
    r.Internal_comments__c = more.length > 400 ? d.pick(INTERNAL_COMMENTS) : more;
  },
  (d, r) => (r.Description = `${String(r.Description ?? '')} ${d.pick(DESCRIPTION_SENTENCES)}`.trim()),
  (d, r) => (r.Classify__c = d.pick(CLASSIFICATIONS)),
  (d, r) => {
    r.Feedback_Agent__c = d.pick(FEEDBACK_TOPICS);
    r.Secondary_Feedback_Agent__c = d.pick(FEEDBACK_TOPICS);
  },
  (d, r) => {
    const product = d.pick(PRODUCTS);
    r.SKU_Agent1__c = product.sku;
    r.SKU_Agent1_Name__c = product.name;
  },
  (d, r, at) => {
    r.Lot_Number_Agent__c = d.lot(at);
    r.Missed_lot__c = false;
  },
  (d, r) => {
    r.Total_Value__c = d.int(5, 30) / 2;
    r.Number_of_Pieces__c = d.int(1, 6);
  },
  (_d, r) => (r.Dont_notify__c = !r.Dont_notify__c),
  (d, r) => (r.Modifica_Caso_oltre_limite__c = d.chance(0.3)),
];

/**
 * A new version of `record` at time `at`, with one to three realistic edits, saved by its owner (or, for a
 * case in a queue, by one of `agents`).
 */
export function editRecord(
  faker: Faker,
  object: 'Account' | 'Case',
  record: SfRecord,
  at: number,
  agents: SfRecord[] = [],
): SfRecord {
  const d = new Draw(faker);
  const next: Record<string, unknown> = structuredClone(record);
  const edits = object === 'Account' ? ACCOUNT_EDITS : CASE_EDITS;
  for (let i = d.int(1, 3); i > 0; i--) d.pick(edits)(d, next, at);
  next.LastModifiedDate = next.SystemModstamp = toSfDateTime(at);
  const ownerIsUser = String(next.OwnerId).startsWith('005');
  next.LastModifiedById = ownerIsUser || agents.length === 0 ? next.OwnerId : d.pick(agents).Id;
  return next as SfRecord;
}
