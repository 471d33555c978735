import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUse, LOCK_FILE, lockDataDir } from '../../../server/db/data-dir-lock';

const dataDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'storico-lock-')), 'data');
const lockOf = (dir: string) => JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as unknown;
/** The pid of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid;

describe('the embedded data dir lock', () => {
  it('names this process while held and is gone once released', () => {
    const dir = dataDir();
    const lock = lockDataDir(dir, 'the server');
    expect(lockOf(dir)).toEqual({ pid: process.pid, holder: 'the server' });
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('is refused while another running process holds it, saying which and where', () => {
    const dir = dataDir();
    lockDataDir(dir, 'the server').release();
    const held = { pid: process.ppid, holder: 'the server' };
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(held));
    let refusal: unknown;
    try {
      lockDataDir(dir, 'npm run user:reset');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirInUse);
    expect((refusal as Error).message).toBe(
      `The server is running on this data dir (${dir}, pid ${process.ppid}): stop it first. ` +
        `If no such process runs, delete ${path.join(dir, LOCK_FILE)}.`,
    );
    expect(lockOf(dir)).toEqual(held);
  });

  it('is taken over from a process that ended without releasing it, or from an unreadable file', () => {
    const dir = dataDir();
    lockDataDir(dir, 'the server').release();
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), holder: 'the server' }));
    const lock = lockDataDir(dir, 'npm run import');
    expect(lockOf(dir)).toEqual({ pid: process.pid, holder: 'npm run import' });
    lock.release();
    writeFileSync(path.join(dir, LOCK_FILE), '');
    lockDataDir(dir, 'the server').release();
  });

  it('leaves in place a lock another process took after it', () => {
    const dir = dataDir();
    const lock = lockDataDir(dir, 'the server');
    const other = JSON.stringify({ pid: process.ppid, holder: 'the server' });
    writeFileSync(path.join(dir, LOCK_FILE), other);
    lock.release();
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(other);
  });
});
