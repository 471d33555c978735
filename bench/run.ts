/**
 * `npm run bench`: runs every bench/*.bench.ts (or those named on the command line) one after another.
 * Each benchmark prints its own percentiles and ratios; this runner only sequences them and fails if one fails.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => wanted.length === 0 || wanted.some((w) => name.includes(w)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n== ${file}`);
  const result = spawnSync(
    process.execPath,
    [path.join(dir, '../node_modules/tsx/dist/cli.mjs'), path.join(dir, file)],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) failed++;
}
console.log(`\n${files.length - failed} benchmarks ran, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
