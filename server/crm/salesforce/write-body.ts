import { WRITABLE_ADDRESS_PARTS, type AddressKey } from '../crm-fields';
import type { CrmRecord } from '../crm-connector';
import { parseSfDateTime } from '../salesforce-dates';
import type { FieldPlan } from './field-plan';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

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
