/** `npm run bench:scale -- --revisions 1000000 [--calls 300] [--keep | --reuse URL]`: see scale.ts. */
import { runScale } from './scale';

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  console.error(
    'Set BENCH_DATABASE_URL to a PostgreSQL server (a scratch database is created there and dropped).',
  );
  process.exit(2);
}
await runScale({
  adminUrl,
  revisions: argument('revisions', 1_000_000),
  calls: argument('calls', 300),
  keep: process.argv.includes('--keep'),
  reuse: process.argv.includes('--reuse') ? process.argv[process.argv.indexOf('--reuse') + 1] : undefined,
});
