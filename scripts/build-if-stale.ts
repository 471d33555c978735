import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = [
  'src',
  'sw',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(entry, name))),
    stat.mtimeMs,
  );
}

/** True when dist/ is missing or older than any file the client build reads. */
export function clientBuildIsStale(): boolean {
  const built = path.join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

export function buildClientIfStale(): void {
  if (!clientBuildIsStale()) return;
  console.log('Building the app (dist/ is missing or older than its sources)...');
  const startedAt = Date.now();
  // Warnings and errors only: the list of built files would push the first start's users and links off the screen.
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      // A build is always a production build, whatever NODE_ENV the caller runs under (vitest sets 'test').
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) {
    console.error('The app build failed: see the errors above.');
    process.exit(result.status ?? 1);
  }
  console.log(`Built the app in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
}
