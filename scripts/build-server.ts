/** The server half of `npm run build`: compiles the server into dist-server/ for `npm run start:prod`. */
import path from 'node:path';
import { bundleServer } from './server-bundle';

const startedAt = Date.now();
await bundleServer(path.resolve(import.meta.dirname, '..', 'dist-server'), { template: true });
console.log(`Compiled the server into dist-server/ in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
