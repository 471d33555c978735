/**
 * The times of the test files of one `npm test`: `reset` at its start, `print` at its end (the ten slowest files).
 * The vitest reporter tests/support/file-times-reporter.ts writes them.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEST_TIMES_FILE = path.join(root, 'node_modules', '.cache', 'storico', 'test-times.jsonl');

type FileTime = { project: string; file: string; ms: number };

function slowest(count: number): FileTime[] {
  if (!existsSync(TEST_TIMES_FILE)) return [];
  return readFileSync(TEST_TIMES_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as FileTime)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'reset') {
    rmSync(TEST_TIMES_FILE, { force: true });
  } else if (command === 'print') {
    console.log('\nThe ten slowest test files of this run:');
    for (const { project, file, ms } of slowest(10))
      console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${project.padEnd(12)} ${file}`);
  } else {
    console.error('usage: tsx scripts/test-times.ts reset|print');
    process.exit(2);
  }
}
