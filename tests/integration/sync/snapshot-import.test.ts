import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateDemoData } from '../../../sandbox-crm/demo/demo-data';
import { demoSnapshots, writeDemoHistory } from '../../../server/sync/demo-history';
import type { SyncedObject } from '../../../server/crm/crm-connector';
import { normaliseSnapshot, snapshotHash } from '../../../server/store/snapshot-fields';
import { storeSnapshots } from '../../../server/store/revision-store';
import type { CrmRecord } from '../../../server/crm/crm-connector';
import { currentState, startSandboxCrm } from '../../../sandbox-crm/sandbox-crm';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../../server/db/database';
import { runSync } from '../../../server/sync/crm-sync';
import { importSnapshots } from '../../../server/sync/snapshot-import';
import { runTool } from '../../support/run-tool';
import { createTestDatabase, testDbKinds, type TestDbKind } from '../../support/test-database';
import { sandboxConnector } from '../../support/sandbox-connector';
import { storedState } from './sync-fixture';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'storico-import-'));

const user = {
  Id: '0055g000000D0S0AAK',
  Username: 'giulia.romano@storico-demo.it',
  FirstName: 'Giulia',
  LastName: 'Romano',
  Email: 'giulia.romano@storico-demo.it',
  IsActive: true,
  SystemModstamp: '2023-12-01T08:00:00.000+0000',
};
const account = (day: number, phone: string) => ({
  Id: '0015g000002m1yKAAQ',
  OwnerId: user.Id,
  Name: 'Ave Marziali',
  PersonEmail: 'ave.marziali@alice.it',
  Phone: phone,
  CreatedDate: '2025-05-01T09:00:00.000+0000',
  SystemModstamp: `2025-05-${day}T09:00:00.000+0000`,
});
const theCase = {
  Id: '5005g000005D5DUAA0',
  OwnerId: user.Id,
  AccountId: account(10, '').Id,
  CaseNumber: '00010000',
  Reason: 'Feedback on Product',
  SystemModstamp: '2025-05-20T09:00:00.000+0000',
};
const line = (type: string, record: object) => JSON.stringify({ type, record });

/** Ten lines: six good (one a repeat), one blank, four bad. */
const mixed = [
  line('User', user),
  line('Account', account(10, '+39 347 111 2222')),
  '{"type": "Account", "record": {',
  line('Account', account(12, '+39 347 333 4444')),
  '',
  line('Lead', { Id: '00Q5g000000AAAAAAA', SystemModstamp: '2025-05-12T09:00:00.000+0000' }),
  line('Account', { ...account(13, 'x'), SystemModstamp: undefined }),
  line('Case', { ...theCase, Id: '0015g000000AAAAAAA' }),
  line('Case', theCase),
  line('Account', account(12, '+39 347 333 4444')),
].join('\n');

/** A database the import CLI opens through the configuration, as `npm run import` would. */
type CliDatabase = { env: Record<string, string>; open(): Promise<DatabaseHandle>; drop(): Promise<void> };

async function cliDatabase(kind: TestDbKind): Promise<CliDatabase> {
  if (kind === 'pglite') {
    const dataDir = tmp();
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }),
      drop: async () => undefined,
    };
  }
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `storico_import_${randomBytes(5).toString('hex')}`;
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const sql = async (text: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await sql(`create database ${name}`);
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: tmp() },
    open: () => openDatabase({ kind: 'postgres', url: url.toString() }),
    drop: () => sql(`drop database if exists ${name} with (force)`),
  };
}

const runCli = (file: string, env: Record<string, string>) =>
  runTool('server/sync/import-cli.ts', [file], {
    LOG_LEVEL: 'silent',
    JWT_SECRET: undefined,
    SECRETS_KEY: undefined,
    ...env,
  });

describe.each(testDbKinds())('snapshot import on %s', (kind) => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(() => database.close());

  it('stores the good lines, names every bad one, and stores nothing twice', async () => {
    const file = path.join(tmp(), 'backup.ndjson');
    writeFileSync(file, mixed);
    const report = await importSnapshots(database.db, file, { batchSize: 3, pool: database.pool });
    expect(report).toMatchObject({ lines: 10, stored: 3, unchanged: 1, users: 1 });
    expect(report.errors).toEqual([
      { line: 3, message: expect.stringMatching(/^not valid JSON/) },
      { line: 6, message: expect.stringMatching(/^type: /) },
      { line: 7, message: expect.stringMatching(/^record\.SystemModstamp: /) },
      { line: 8, message: 'record.Id: the Id does not belong to an object of this type' },
    ]);
    const phones = await database.db
      .selectFrom('revision_accounts')
      .select(['json', 'source'])
      .orderBy('saved_at')
      .execute();
    expect(phones.map((r) => [(r.json as { Phone: string }).Phone, r.source])).toEqual([
      ['+39 347 111 2222', 'import'],
      ['+39 347 333 4444', 'import'],
    ]);
    const agent = await database.db.selectFrom('sf_users').selectAll().executeTakeFirstOrThrow();
    expect(agent).toMatchObject({ id: user.Id, username: user.Username, first_name: 'Giulia', active: true });

    const again = await importSnapshots(database.db, file, { pool: database.pool });
    expect(again).toMatchObject({ stored: 0, unchanged: 4 });
  });

  it('compares newer versions with the newest stored one: an unchanged one is not stored again', async () => {
    const dir = tmp();
    const first = path.join(dir, 'first.ndjson');
    const later = path.join(dir, 'later.ndjson');
    const other = { ...account(10, '+39 347 000 0001'), Id: '0015g000002m1yLAAQ' };
    writeFileSync(first, [line('User', user), line('Account', account(10, '+39 347 111 2222'))].join('\n'));
    writeFileSync(
      later,
      [
        line('User', user),
        // The same content a day later, then a change, then the change again: one new revision.
        line('Account', account(11, '+39 347 111 2222')),
        line('Account', account(12, '+39 347 333 4444')),
        line('Account', account(13, '+39 347 333 4444')),
        line('Account', other),
      ].join('\n'),
    );
    await importSnapshots(database.db, first, { pool: database.pool });
    const report = await importSnapshots(database.db, later, { pool: database.pool });
    expect(report).toMatchObject({ stored: 2, unchanged: 2 });
    const stored = await database.db
      .selectFrom('revision_accounts')
      .select(['account_id', 'saved_at'])
      .orderBy('account_id')
      .orderBy('saved_at')
      .execute();
    expect(stored.map((r) => [r.account_id, new Date(r.saved_at).getUTCDate()])).toEqual([
      [account(10, '').Id, 10],
      [account(10, '').Id, 12],
      [other.Id, 10],
    ]);
    const row = await database.db
      .selectFrom('sf_accounts')
      .select(['phone', 'latest_saved_at'])
      .where('id', '=', account(10, '').Id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ phone: '+39 347 333 4444', latest_saved_at: new Date('2025-05-12T09:00:00.000Z') });
  });

  it('stores a record as its line writes it, in any layout, the same content the sync would store', async () => {
    const written = {
      ...account(10, '+39 347 111 2222'),
      BillingAddress: { city: 'Roma', street: 'Via "Po" 1' },
    };
    // Tabs between tokens and escapes in strings: the record's text goes to COPY as it is, escaped.
    const text = JSON.stringify(written, null, '\t').replaceAll('\n', '').replace('Ave', 'Ave \\\\ \\n');
    const spaced = { ...account(11, '+39 347 333 4444'), Id: '0015g000002m1yLAAQ' };
    const trailing = { ...account(12, '+39 347 555 6666'), Id: '0015g000002m1yMAAQ' };
    const file = path.join(tmp(), 'layouts.ndjson');
    writeFileSync(
      file,
      [
        `{"type":"Account","record":${text}}`,
        `{ "record": ${JSON.stringify(spaced)}, "type": "Account" }`,
        `{"type":"Account","record":${JSON.stringify(trailing)},"note":"x"}`,
      ].join('\n'),
    );
    const report = await importSnapshots(database.db, file, { pool: database.pool });
    expect(report).toMatchObject({ errors: [], stored: 3 });
    const rows = await database.db
      .selectFrom('revision_accounts')
      .select(['json', 'hash'])
      .orderBy('saved_at')
      .execute();
    const expected = [JSON.parse(text) as CrmRecord, spaced, trailing];
    expect(rows.map((r) => normaliseSnapshot(r.json as CrmRecord))).toEqual(expected.map(normaliseSnapshot));
    expect(rows[0]!.json).toMatchObject({ Name: 'Ave \\ \n Marziali' });
    // PostgreSQL's COPY stores the text as written (two address keys); PGlite's inserts store the ten-key form.
    const { BillingAddress } = rows[0]!.json as { BillingAddress: object };
    expect(Object.keys(BillingAddress)).toHaveLength(database.pool ? 2 : 10);
    expect(rows.map((r) => r.hash)).toEqual(expected.map(snapshotHash));
    // The ten-key address the sync stores is the same revision.
    const same = await storeSnapshots(database.db, 'Account', [normaliseSnapshot(expected[0]!)], 'sync');
    expect(same[0]!.stored).toBe(false);
  });

  it('stores the rest of a batch when the database refuses one line of it', async () => {
    const file = path.join(tmp(), 'nul.ndjson');
    const refused = { ...account(11, 'x'), Description: 'a\u0000b' };
    writeFileSync(
      file,
      [line('Account', account(10, 'a')), line('Account', refused), line('Account', account(12, 'c'))].join(
        '\n',
      ),
    );
    const report = await importSnapshots(database.db, file, { pool: database.pool });
    expect(report.stored).toBe(2);
    expect(report.errors).toEqual([{ line: 2, message: expect.stringMatching(/^not stored: /) }]);
  });

  it('stores every version once when a batch mixes records with and without stored revisions', async () => {
    const data = generateDemoData({ seed: 5, counts: { users: 3, accounts: 12, cases: 20 } });
    const dir = tmp();
    const full = path.join(dir, 'full.ndjson');
    await writeDemoHistory(data, full);
    // The first part holds some versions of some records; the whole file then brings records with stored
    // revisions (older and newer versions than those stored, and repeats) together with records never seen.
    const lines = readFileSync(full, 'utf8').split('\n').filter(Boolean);
    const part = path.join(dir, 'part.ndjson');
    writeFileSync(part, lines.filter((_, i) => i % 3 === 0 && i < lines.length * 0.6).join('\n'));
    expect((await importSnapshots(database.db, part, { pool: database.pool })).errors).toEqual([]);
    const report = await importSnapshots(database.db, full, { pool: database.pool });
    expect(report.errors).toEqual([]);

    // The same as the whole file imported at once, row by row (the revision store) or streamed with COPY.
    for (const pool of [undefined, database.pool]) {
      const once = await createTestDatabase(kind);
      try {
        await importSnapshots(once.db, full, { pool: pool && once.pool });
        expect(await storedState(database.db)).toEqual(await storedState(once.db));
      } finally {
        await once.close();
      }
    }
    // Each record points at its newest revision, which search and the lives read.
    const stale = await sql<{ n: number }>`
      select count(*) as n from sf_accounts a where a.latest_revision_id is distinct from (
        select r.id from revision_accounts r where r.account_id = a.id order by r.saved_at desc, r.id desc limit 1)
        or a.latest_saved_at is distinct from (select max(saved_at) from revision_accounts r where r.account_id = a.id)`.execute(
      database.db,
    );
    expect(stale.rows).toEqual([{ n: 0 }]);
    const again = await importSnapshots(database.db, full, { pool: database.pool });
    expect(again.stored).toBe(0);
  });

  it('brings the demo history and the sandbox CRM together: every version stored once', async () => {
    const data = generateDemoData({ seed: 11, counts: { users: 3, accounts: 15, cases: 25 } });
    const file = path.join(tmp(), 'demo-history.ndjson');
    const { lines } = await writeDemoHistory(data, file);
    const report = await importSnapshots(database.db, file, { pool: database.pool });
    expect(report.errors).toEqual([]);
    expect(report.lines).toBe(lines);
    const sandbox = await startSandboxCrm({ port: 0, state: currentState(data) });
    try {
      await runSync(database.db, sandboxConnector(sandbox));
    } finally {
      await sandbox.close();
    }
    const toSnapshot = demoSnapshots(data);
    const distinctVersions = (object: SyncedObject, histories: typeof data.accounts) =>
      histories.reduce((sum, versions) => {
        const hashes = versions.map((v) => snapshotHash(toSnapshot(object, v)));
        return sum + hashes.filter((h, i) => i === 0 || h !== hashes[i - 1]).length;
      }, 0);
    const state = await storedState(database.db);
    // Every revision the import and the sync stored has its record's row (no foreign key says so: migration 0015).
    const orphans = await sql<{ n: number }>`select
      (select count(*) from revision_accounts r where not exists (select 1 from sf_accounts a where a.id = r.account_id))
      + (select count(*) from revision_cases r where not exists (select 1 from sf_cases c where c.id = r.case_id))
      as n`.execute(database.db);
    expect(orphans.rows).toEqual([{ n: 0 }]);
    expect(state.accountRevisions).toBe(distinctVersions('Account', data.accounts));
    expect(state.caseRevisions).toBe(distinctVersions('Case', data.cases));
    expect(state.accountRevisions).toBeGreaterThan(15);
    // The cases' e-mails and comments too, each version once, their history before the sync's current ones.
    const related = await database.db
      .selectFrom('revision_related')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const relatedVersions =
      distinctVersions('EmailMessage', data.emails) + distinctVersions('CaseComment', data.comments);
    expect(relatedVersions).toBeGreaterThan(0);
    expect(Number(related.n)).toBe(relatedVersions);
  });
});

describe.each(testDbKinds())('npm run import on %s', (kind) => {
  let target: CliDatabase;
  beforeAll(async () => {
    target = await cliDatabase(kind);
  });
  afterAll(() => target.drop());

  it('imports into the configured database and exits non-zero naming the bad lines', async () => {
    const file = path.join(tmp(), 'backup.ndjson');
    writeFileSync(file, mixed);
    const result = await runCli(file, target.env);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '10 lines read: 3 new revisions, 1 already stored, 1 agents, 4 bad lines.',
    );
    expect(result.stdout).toContain('The next sync checks every record held as live against the CRM once');
    expect(result.stderr).toContain('line 3: not valid JSON');
    expect(result.stderr).toContain('line 8: record.Id: the Id does not belong to an object of this type');

    const good = path.join(tmp(), 'good.ndjson');
    writeFileSync(good, `${line('Account', account(15, '+39 320 555 6666'))}\n`);
    expect((await runCli(good, target.env)).code).toBe(0);

    const db = await target.open();
    try {
      await migrateToLatest(db.db);
      expect((await storedState(db.db)).accountRevisions).toBe(3);
    } finally {
      await db.close();
    }
  });
});
