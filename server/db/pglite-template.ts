import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { appRoot } from '../config/app-root';

const root = appRoot();
const migrationsDir = path.join(root, 'server', 'db', 'migrations');
const cacheDir = path.join(root, 'node_modules', '.cache', 'storico');
/** The copy `npm run build` puts beside the compiled server, which `npm ci` (it empties node_modules) keeps. */
export const BUILT_TEMPLATE_NAME = 'pglite-migrated.tar';
const builtTemplate = path.join(import.meta.dirname, BUILT_TEMPLATE_NAME);

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

/** Writes the data directory of a new, migrated embedded database to `file`. */
export async function preparePgliteTemplate(file: string): Promise<void> {
  // Loaded only here: a start that finds the template ready does not pay for PGlite before it listens.
  const { migrateToLatest, openDatabase } = await import('./database');
  const database = await openDatabase({ kind: 'pglite', memory: true });
  try {
    await migrateToLatest(database.db);
    const tar = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and renamed: a start that reads it never sees half a file, and two that prepare it at once
    // (test workers) each write a file of their own.
    const aside = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(aside, tar);
    renameSync(aside, file);
  } finally {
    await database.close();
  }
}

/**
 * A new embedded database costs an initdb (seconds, and it holds the event loop) plus the migrations. Copying the
 * data directory of an already migrated one is several times faster, so `npm start` prepares that copy once,
 * with the build, and the first start opens the new DATA_DIR from it (migrations still run after, as always).
 */
export async function preparePgliteTemplateIfStale(): Promise<void> {
  const file = templateFile();
  if (!existsSync(file)) await preparePgliteTemplate(file);
}

/**
 * The prepared data directory for a new embedded database: the compiled server's own, else the one `npm start`
 * prepared for these sources; undefined when there is none (or it was made for other code).
 */
export function pgliteTemplate(): Blob | undefined {
  const file = existsSync(builtTemplate) ? builtTemplate : templateFile();
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}
