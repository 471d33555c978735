import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const migrationsDir = path.join(import.meta.dirname, 'migrations');
const cacheDir = path.join(root, 'node_modules', '.cache', 'storico');

/** Names the template after what it holds: the PGlite version and every migration's source. */
function templateKey(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    readFileSync(path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ) as { version: string };
  hash.update(pglite.version);
  for (const name of readdirSync(migrationsDir).sort()) {
    hash.update(name);
    hash.update(readFileSync(path.join(migrationsDir, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

const templateFile = () => path.join(cacheDir, `pglite-migrated-${templateKey()}.tar`);

/**
 * A new embedded database costs an initdb (seconds, and it holds the event loop) plus the migrations. Copying the
 * data directory of an already migrated one is several times faster, so `npm start` prepares that copy once,
 * with the build, and the first start opens the new DATA_DIR from it (migrations still run after, as always).
 */
export async function preparePgliteTemplateIfStale(): Promise<void> {
  const file = templateFile();
  if (existsSync(file)) return;
  // Loaded only here: a start that finds the template ready does not pay for PGlite before it listens.
  const { migrateToLatest, openDatabase } = await import('./database');
  const database = await openDatabase({ kind: 'pglite', memory: true });
  try {
    await migrateToLatest(database.db);
    const tar = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    mkdirSync(cacheDir, { recursive: true });
    // Written aside and renamed: a start that reads it never sees half a file, and two that prepare it at once
    // (test workers) each write a file of their own.
    const aside = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(aside, tar);
    renameSync(aside, file);
  } finally {
    await database.close();
  }
}

/** The prepared data directory for a new embedded database, or undefined (not prepared, or made for other code). */
export function pgliteTemplate(): Blob | undefined {
  const file = templateFile();
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}
