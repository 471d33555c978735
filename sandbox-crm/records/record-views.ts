import type { SfRecord } from '../salesforce-wire';
import type { SelectItem } from '../soql';
import { FORMER_PERSON } from './person-accounts';
import type { RecordStore } from './record-store';
import { isDeleted, joinName, recordUrl, text } from './record-values';
import { ADDRESS_COMPONENTS, isCaseChild, type SandboxField, type SandboxObject } from '../sandbox-schema';

/**
 * Every field of the record as the org serves it: stored fields plus compound addresses, the person account's
 * compound Name, formula fields and fields read from related records.
 */
export function viewOf(records: RecordStore, object: SandboxObject, record: SfRecord): SfRecord {
  const out: Record<string, unknown> = { ...record };
  delete out[FORMER_PERSON];
  if (object === 'Account' || object === 'Case') {
    out.IsDeleted = isDeleted(record);
    out.MasterRecordId = record.MasterRecordId ?? null;
  }
  if (isCaseChild(object)) out.IsDeleted = isDeleted(record);
  if (object === 'Account') {
    if (record.IsPersonAccount === true) out.Name = joinName(record);
    out.Loyalty_Score__c = loyaltyScore(record);
    for (const prefix of ['Billing', 'Shipping']) {
      // Address Compound Fields: the compound always carries all ten components, null when empty.
      const parts = Object.entries(ADDRESS_COMPONENTS).map(([key, suffix]) => [
        key,
        record[`${prefix}${suffix}`] ?? null,
      ]);
      out[`${prefix}Address`] = parts.every(([, v]) => v === null) ? null : Object.fromEntries(parts);
    }
  }
  if (object === 'Case') {
    const contact = text(record.ContactId) ? records.get('Contact', String(record.ContactId)) : undefined;
    out.ContactEmail = contact?.Email ?? null;
    out.ContactPhone = contact?.Phone ?? null;
    out.CaseOwnerName__c = ownerName(records, record.OwnerId);
    out.IsClosed = record.Status === 'Closed';
    out.Refund_Share__c = refundShare(record);
  }
  if (object === 'User') out.Name = joinName(record);
  return out as SfRecord;
}

const TIER_POINTS: Record<string, number> = { Bronzo: 10, Argento: 25, Oro: 50, Platino: 100 };

/** The formula of Loyalty_Score__c: the tier's points and one more for every 100 spent. */
function loyaltyScore(record: SfRecord): number | null {
  const points = TIER_POINTS[String(record.Loyalty_Tier__c)];
  if (points === undefined) return null;
  const spend = typeof record.Lifetime_Spend__c === 'number' ? record.Lifetime_Spend__c : 0;
  return points + Math.floor(spend / 100);
}

/** The formula of Refund_Share__c: the refund as a percentage of the case's value, two decimals. */
function refundShare(record: SfRecord): number | null {
  const refund = record.Refund_Amount__c;
  const total = record.Total_Value__c;
  if (typeof refund !== 'number' || typeof total !== 'number' || total === 0) return null;
  return Math.round((refund / total) * 10_000) / 100;
}

/**
 * A record as a query or GET answers it: `attributes`, the selected fields in the org's casing, and each
 * relationship path as a nested record with its own `attributes` (null when the reference is empty).
 */
export function answerOf(
  records: RecordStore,
  version: string,
  object: SandboxObject,
  view: SfRecord,
  select: SelectItem[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    attributes: { type: object, url: recordUrl(version, object, view.Id) },
  };
  for (const item of select) {
    if (!('relationship' in item)) {
      out[item.field.name] = view[item.field.name] ?? null;
      continue;
    }
    const name = item.relationship.relationshipName!;
    const related = relatedOf(records, item.relationship, view);
    if (!related) {
      out[name] = null;
      continue;
    }
    // A polymorphic relationship (a case's Owner: User or Group) answers with the type "Name"
    // (SOQL and SOSL Reference, "Understanding Polymorphic Keys and Relationships").
    const type = item.relationship.referenceTo.length > 1 ? 'Name' : related.object;
    const existing = out[name] as Record<string, unknown> | null | undefined;
    out[name] = {
      ...(existing ?? { attributes: { type, url: recordUrl(version, related.object, related.record.Id) } }),
      [item.field]: related.record[item.field] ?? null,
    };
  }
  return out;
}

/** The record a relationship points at, and its object, or undefined when the reference is empty. */
export function relatedOf(
  records: RecordStore,
  relationship: SandboxField,
  record: SfRecord,
): { object: SandboxObject; record: SfRecord } | undefined {
  const id = text(record[relationship.name]);
  if (!id) return undefined;
  for (const target of relationship.referenceTo) {
    const found = records.get(target as SandboxObject, id);
    if (found)
      return { object: target as SandboxObject, record: viewOf(records, target as SandboxObject, found) };
  }
  return undefined;
}

function ownerName(records: RecordStore, ownerId: unknown): string | null {
  const id = text(ownerId);
  if (!id) return null;
  const user = records.get('User', id);
  if (user) return joinName(user);
  return text(records.get('Group', id)?.Name);
}
