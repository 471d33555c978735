import { open, rename } from 'node:fs/promises';
import { toSnapshot, type DemoData } from './demo-data';

/**
 * Writes what an older backup of the demo CRM would hold: every agent, and every earlier version of each
 * Account and Case as a snapshot, one `{"type", "record"}` a line (the `npm run import` format). The
 * current versions are left to the first sync, which reads them from the sandbox.
 */
export async function writeDemoHistory(data: DemoData, file: string): Promise<{ lines: number }> {
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
    for (const user of data.users) await write('User', toSnapshot('User', user));
    for (const [object, histories] of [
      ['Account', data.accounts],
      ['Case', data.cases],
    ] as const) {
      for (const versions of histories) {
        for (const version of versions.slice(0, -1)) await write(object, toSnapshot(object, version));
      }
    }
    if (chunk.length > 0) await handle.write(`${chunk.join('\n')}\n`);
  } finally {
    await handle.close();
  }
  await rename(partial, file);
  return { lines };
}
