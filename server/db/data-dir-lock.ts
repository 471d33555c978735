import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file in DATA_DIR that says which process has the embedded database open. */
export const LOCK_FILE = 'storico.lock';

type Holder = { pid: number; holder: string };

/** Another process holds the data dir; `code` lets the server's start print it as a refusal, not a crash. */
export class DataDirInUse extends Error {
  readonly code = 'DATA_DIR_IN_USE';
  constructor(
    readonly dataDir: string,
    readonly held: Holder,
  ) {
    super(
      `${held.holder.charAt(0).toUpperCase()}${held.holder.slice(1)} is running on this data dir ` +
        `(${dataDir}, pid ${held.pid}): stop it first. If no such process runs, delete ` +
        `${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirInUse';
  }
}

export type DataDirLock = { release(): void };

/** The lock file's text, or null when there is none. */
function readLock(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function removeLock(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function holderOf(text: string | null): Holder | null {
  try {
    const parsed = JSON.parse(text ?? '') as Partial<Holder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, holder: String(parsed.holder) } : null;
  } catch {
    return null; // not Storico's: nobody holds it
  }
}

function isAlive(pid: number): boolean {
  // After a container restart the server may get the pid its crashed predecessor had: that one is not running.
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, of another user
  }
}

/**
 * Holds the embedded database in `dataDir` for this process until `release` (or the process's exit): PGlite has no
 * lock of its own, and two processes writing one data dir corrupt it. The lock file is created exclusively; one
 * whose process is gone (killed, crashed) is taken over. Throws DataDirInUse while another process holds it.
 * `holder` names this process in the other's refusal: 'the server', 'npm run import'.
 */
export function lockDataDir(dataDir: string, holder: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  // Written aside and linked in place: the lock file never exists half written, and the link fails if it exists.
  const aside = `${file}.${process.pid}`;
  writeFileSync(aside, JSON.stringify({ pid: process.pid, holder } satisfies Holder), { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(aside, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
      }
      const text = readLock(file);
      const held = holderOf(text);
      if (held && isAlive(held.pid)) throw new DataDirInUse(dataDir, held);
      // Stale: removed only while it still says what was read, so that of two starts taking it over one wins.
      if (text !== null && readLock(file) === text) removeLock(file);
    }
  } finally {
    removeLock(aside);
  }
  let holding = true;
  const release = () => {
    if (!holding) return;
    holding = false;
    process.off('exit', release);
    if (holderOf(readLock(file))?.pid === process.pid) removeLock(file);
  };
  // process.exit() (a failed start, a signal's shutdown) skips every finally: the file goes with the process.
  process.on('exit', release);
  return { release };
}
