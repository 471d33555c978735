import type { CrmObject } from '../../../server/crm/crm-connector';
import { toSfDateTime } from '../../../server/crm/salesforce-dates';
import type { Db } from '../../../server/db/database';
import { storeSnapshots, type RevisionSource } from '../../../server/store/revision-store';
import { caseSnapshot, contactSnapshot } from '../../support/revision-fixtures';

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

/**
 * Changes by `agent` (as LastModifiedById) to records `prefix-{from}` .. `prefix-{from + count - 1}`, the i-th at
 * `start + i * stepMs`, stored in one batch as the sync (or an import, or the deletion capture) stores them.
 */
export async function storeChanges(
  db: Db,
  input: {
    object?: CrmObject;
    agent: string;
    prefix: string;
    count: number;
    from?: number;
    start: Date;
    stepMs: number;
    source?: RevisionSource;
    fields?: (i: number) => Record<string, unknown>;
  },
): Promise<void> {
  const object = input.object ?? 'Account';
  const make = object === 'Account' ? contactSnapshot : caseSnapshot;
  const snapshots = Array.from({ length: input.count }, (_, n) => {
    const i = (input.from ?? 0) + n;
    const at = toSfDateTime(new Date(input.start.getTime() + n * input.stepMs));
    return make(`${input.prefix}-${i}`, 'owner-1', {
      LastModifiedById: input.agent,
      LastModifiedDate: at,
      SystemModstamp: at,
      Phone: `+39 06 ${input.start.getTime() % 100000}${i}`,
      ...input.fields?.(i),
    });
  });
  await storeSnapshots(db, object, snapshots, input.source ?? 'sync');
}
