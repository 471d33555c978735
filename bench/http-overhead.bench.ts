/**
 * The cost of the HTTP layer every API call pays (validation, access hook, envelope, security headers), measured
 * through inject on the real app: an API 404 envelope and an authenticated rejection against the bare /healthz.
 */
import { buildApp } from '../server/app/app';
import { SessionService } from '../server/identity/sessions';
import { migrateToLatest, openDatabase } from '../server/db/database';
import { ReadinessState } from '../server/http/readiness';
import { benchConfig } from './bench-app';
import { formatSummary, measure, summarize } from './stats';

const database = await openDatabase({ kind: 'pglite', memory: true });
await migrateToLatest(database.db);
const config = benchConfig();
const readiness = new ReadinessState();
readiness.databaseReady();
readiness.syncStatus('disabled');
const app = await buildApp({
  config,
  db: database.db,
  readiness,
  sessions: new SessionService(database.db, config.jwtSecret),
  logger: false,
});
await app.ready();

const N = 2000;
const health = summarize(await measure(N, () => app.inject({ method: 'GET', url: '/healthz' })));
const notFound = summarize(
  await measure(N, () => app.inject({ method: 'GET', url: '/api/v3/nothing-here' })),
);
const badToken = summarize(
  await measure(N, () =>
    app.inject({ method: 'GET', url: '/api/v3/sf-user/', headers: { authorization: 'Bearer not-a-jwt' } }),
  ),
);

console.log(formatSummary('GET /healthz', health));
console.log(formatSummary('GET /api/v3 unknown route (404 envelope)', notFound));
console.log(formatSummary('GET /api/v3 with a bad token (401)', badToken));
console.log(`ratio 404-envelope / healthz p50: ${(notFound.p50 / health.p50).toFixed(2)}x`);
console.log(`ratio rejected-token / healthz p50: ${(badToken.p50 / health.p50).toFixed(2)}x`);

await app.close();
await database.close();
