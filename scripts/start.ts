/** `npm start`: build the PWA when dist/ is stale, then run the server (which migrates and listens). */
import { buildClientIfStale } from './build-if-stale';

buildClientIfStale();
await import('../server/main');
