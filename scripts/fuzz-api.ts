/**
 * `npm run fuzz [runsPerOperation] [seed]`: the fuzz test of `npm test` (tests/integration/http/fuzz.test.ts) for
 * longer and with a new random seed each run, on PGlite (or PostgreSQL when TEST_DATABASE_URL is set). Prints the
 * seed, so a failure can be replayed with it; exits 1 on any 5xx.
 */
import { ADMIN } from '../contract/roles';
import { signedInUser, testIp } from '../tests/support/auth';
import { fuzzApi } from '../tests/support/openapi-fuzz';
import { createTestApp } from '../tests/support/test-app';

const runsPerOperation = Number(process.argv[2] ?? 2000);
const seed = Number(process.argv[3] ?? Math.floor(Math.random() * 2 ** 31));
const t = await createTestApp(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', {
  env: { API_DOCS: '1' },
});
try {
  const { token } = await signedInUser(t, ADMIN);
  console.log(`fuzzing every operation ${runsPerOperation} times, seed ${seed}`);
  const result = await fuzzApi(t.app, { token, seed, runsPerOperation, remoteAddress: testIp });
  console.log(`${result.requests} requests, ${result.failures.length} operations answered a 5xx`);
  for (const failure of result.failures) console.log(JSON.stringify(failure, null, 2));
  process.exitCode = result.failures.length > 0 ? 1 : 0;
} finally {
  await t.close();
}
