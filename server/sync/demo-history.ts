import { open, rename } from 'node:fs/promises';
import type { CrmRecord, SyncedObject } from '../crm/crm-connector';
import { planFields, selectList, toSnapshot } from '../crm/salesforce/field-plan';
import { compileSoql, currentState, SandboxRecords, type DemoData } from '../../sandbox-crm';

/**
 * Each earlier version of `object` as the connector would have stored it: answered by the sandbox's own query
 * engine, then turned into a snapshot by the connector's field plan for this org's describe.
 */
function snapshotsOf(records: SandboxRecords, object: SyncedObject) {
  const plan = planFields(object, records.schema.fields(object));
  const { select } = compileSoql(`SELECT ${selectList(plan).join(', ')} FROM ${object}`, records.schema);
  return (version: CrmRecord) =>
    toSnapshot(plan, records.answer('62.0', object, records.view(object, version), select));
}

/** A function giving any version of a demo record as the connector would store it. */
export function demoSnapshots(data: DemoData): (object: SyncedObject, version: CrmRecord) => CrmRecord {
  const records = new SandboxRecords(currentState(data));
  const by = {
    Account: snapshotsOf(records, 'Account'),
    Case: snapshotsOf(records, 'Case'),
    EmailMessage: snapshotsOf(records, 'EmailMessage'),
    CaseComment: snapshotsOf(records, 'CaseComment'),
  };
  return (object, version) => by[object](version);
}

/**
 * Writes what a backup of the demo CRM taken just before Storico's first start would hold: every agent, and every
 * version of each Account and Case, and of the cases' e-mails and comments, up to the current one as a snapshot, one `{"type", "record"}` a line (the `npm
 * run import` format). The first sync reads the current versions again and stores each once; what changed since
 * (the demo's life events, a SANDBOX_CRM_BURST) is then a change from a stored version, so a rollback of the burst
 * goes back to the values the agent overwrote and no record edited by it looks created in its window.
 */
export async function writeDemoHistory(data: DemoData, file: string): Promise<{ lines: number }> {
  const snapshot = demoSnapshots(data);
  const partial = `${file}.partial`;
  const handle = await open(partial, 'w');
  let lines = 0;
  let chunk: string[] = [];
  const write = async (type: string, record: object) => {
    chunk.push(JSON.stringify({ type, record }));
    lines++;
    if (chunk.length >= 1000) {
      await handle.write(`${chunk.join('\n')}\n`);
      chunk = [];
    }
  };
  try {
    for (const user of data.users) await write('User', user);
    for (const [object, histories] of [
      ['Account', data.accounts],
      ['Case', data.cases],
      ['EmailMessage', data.emails],
      ['CaseComment', data.comments],
    ] as const) {
      for (const versions of histories) {
        for (const version of versions) await write(object, snapshot(object, version));
      }
    }
    if (chunk.length > 0) await handle.write(`${chunk.join('\n')}\n`);
  } finally {
    await handle.close();
  }
  await rename(partial, file);
  return { lines };
}
