/**
 * `npm start`: build the PWA when dist/ is stale and prepare the migrated embedded database new data dirs start
 * from, then run the server (which listens, then opens the database and migrates).
 */
import { preparePgliteTemplateIfStale } from '../server/db/pglite-template';
import { buildClientIfStale } from './build-if-stale';

buildClientIfStale();
await preparePgliteTemplateIfStale();
await import('../server/app/main');
