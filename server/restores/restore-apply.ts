import { CrmError, type CrmConnector, type CrmObject, type CrmRecord } from '../crm/crm-connector';
import { ADDRESS_FIELDS, ADDRESS_PARTS, SOBJECT_FIELDS } from '../crm/crm-fields';
import { sameJson } from '../revisions/snapshot-diff';

export type CrmRestore = {
  /** The record as the CRM held it before the restore. */
  live: CrmRecord;
  /** The record read back after the write (the live one when nothing needed writing). */
  readBack: CrmRecord;
  /** The snapshot fields written, each now holding the target's value. */
  written: string[];
};

/** The restore did not happen as asked; `seen` holds what was read from the CRM meanwhile, oldest first. */
export class RestoreFailure extends Error {
  constructor(
    message: string,
    readonly seen: CrmRecord[],
  ) {
    super(message);
    this.name = 'RestoreFailure';
  }
}

const isAddress = (field: string): field is keyof typeof ADDRESS_FIELDS => field in ADDRESS_FIELDS;

/**
 * Fields a restore writes: those of the snapshot the CRM reads back (so the result can be checked), that are
 * writable there; compound addresses count, since the connector writes them through their parts.
 */
function restorable(object: CrmObject, field: string): boolean {
  const def = SOBJECT_FIELDS[object][field];
  return Boolean(def?.snapshot) && (isAddress(field) || !def?.readOnly);
}

/** A field's value as a restore can set it: of an address only the parts the connector writes. */
function writableValue(field: string, record: CrmRecord): unknown {
  const value = record[field] ?? null;
  if (!isAddress(field)) return value;
  const address = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(Object.keys(ADDRESS_PARTS).map((part) => [part, address[part] ?? null]));
}

/** The writable fields of `target` whose values differ from `live`, in the target's order. */
export function fieldsToRestore(object: CrmObject, target: CrmRecord, live: CrmRecord): string[] {
  return Object.keys(target).filter(
    (field) =>
      restorable(object, field) && !sameJson(writableValue(field, target), writableValue(field, live)),
  );
}

const failure = (error: unknown, seen: CrmRecord[], context = '') => {
  if (!(error instanceof CrmError)) return error;
  return new RestoreFailure(`${context}${error.message}`, seen);
};

/**
 * Writes `target` back to the CRM: reads the live record, writes the target's writable fields that differ from
 * it, reads the record back and checks that every written field holds the target's value. Throws a
 * RestoreFailure when the CRM refuses, cannot be reached, or does not keep a value; other errors as they are.
 */
export async function restoreInCrm(
  crm: CrmConnector,
  object: CrmObject,
  target: CrmRecord,
): Promise<CrmRestore> {
  let live: CrmRecord;
  try {
    live = await crm.readRecord(object, target.Id);
  } catch (error) {
    throw failure(error, []);
  }
  const written = fieldsToRestore(object, target, live);
  if (written.length === 0) return { live, readBack: live, written };

  try {
    await crm.updateRecord(object, target.Id, Object.fromEntries(written.map((f) => [f, target[f] ?? null])));
  } catch (error) {
    throw failure(error, [live]);
  }
  let readBack: CrmRecord;
  try {
    readBack = await crm.readRecord(object, target.Id);
  } catch (error) {
    throw failure(error, [live], 'The CRM took the restore but it could not be read back to check it: ');
  }
  const notKept = written.filter((f) => !sameJson(writableValue(f, target), writableValue(f, readBack)));
  if (notKept.length > 0) {
    throw new RestoreFailure(
      `The CRM did not keep the restored value of ${notKept.join(', ')}: it holds another value after the write`,
      [live, readBack],
    );
  }
  return { live, readBack, written };
}
