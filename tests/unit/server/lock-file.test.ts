import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type LockEntry = { version?: string; optionalDependencies?: Record<string, string> };
const lock = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../package-lock.json'), 'utf8'),
) as { packages: Record<string, LockEntry> };

/** Where Node would find `name` from the package installed at `from` (its own node_modules, then each parent's). */
function resolveInLock(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[key]) return key;
    if (!dir) return undefined;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent < 0 ? '' : dir.slice(0, parent);
  }
}

/**
 * `npm ci` installs exactly what the lock lists: a native package's build for macOS or Windows that the lock lacks
 * is never installed there, and the build or the server fails on that machine. This happens when the newest version
 * of a package has no build for some platform in the registry; the lock must list every platform's build.
 */
describe('package-lock.json', () => {
  it('lists every optional (platform) package of every locked package, so npm ci works on any OS', () => {
    const missing = Object.entries(lock.packages).flatMap(([from, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolveInLock(from, name))
        .map((name) => `${from || '(root)'} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('holds the Linux, macOS and Windows builds of the bundler and the CSS engine', () => {
    for (const name of [
      '@rollup/rollup-linux-x64-gnu',
      '@rollup/rollup-darwin-arm64',
      '@rollup/rollup-win32-x64-msvc',
      '@rolldown/binding-darwin-arm64',
      '@rolldown/binding-win32-x64-msvc',
      '@tailwindcss/oxide-darwin-arm64',
      '@tailwindcss/oxide-win32-x64-msvc',
      'lightningcss-darwin-arm64',
      'lightningcss-win32-x64-msvc',
    ])
      expect(lock.packages[`node_modules/${name}`], name).toBeDefined();
  });
});
