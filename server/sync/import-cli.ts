import { existsSync } from 'node:fs';
import cliProgress from 'cli-progress';
import { withConfiguredDatabase } from '../db/database-cli';
import { importSnapshots } from './snapshot-import';

/** `npm run import -- FILE.ndjson`: stores the snapshots of an NDJSON backup in the configured database. */
async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || !existsSync(file)) {
    console.error(file ? `No such file: ${file}` : 'Usage: npm run import -- FILE.ndjson');
    return 2;
  }
  return withConfiguredDatabase({ name: 'npm run import' }, async (database) => {
    const bar = new cliProgress.SingleBar(
      { format: 'Import |{bar}| {percentage}% | {lines} lines | {stored} new revisions', hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    bar.start(1, 0, { lines: 0, stored: 0 });
    const report = await importSnapshots(database.db, file, {
      pool: database.pool,
      onProgress: (p) => {
        bar.setTotal(p.totalBytes);
        bar.update(p.bytesRead, { lines: p.lines, stored: p.stored });
      },
    });
    bar.stop();
    console.log(
      `${report.lines} lines read: ${report.stored} new revisions, ${report.unchanged} already stored, ` +
        `${report.users} agents, ${report.errors.length} bad lines.`,
    );
    if (report.stored > 0)
      console.log(
        'The next sync checks every record held as live against the CRM once (deleted, purged or converted since).',
      );
    for (const e of report.errors.slice(0, 100)) console.error(`line ${e.line}: ${e.message}`);
    if (report.errors.length > 100) console.error(`... and ${report.errors.length - 100} more bad lines`);
    return report.errors.length > 0 ? 1 : 0;
  });
}

process.exitCode = await main();
