// `npm run start:prod`: the server as `npm run build` compiled it, on production dependencies only. Plain
// JavaScript, so that it runs without TypeScript; it never builds: without a build it says so in one line.
import { existsSync } from 'node:fs';

const server = new URL('../dist-server/main.js', import.meta.url);
if (!existsSync(server)) {
  console.error('Storico is not built: run `npm run build` first (it writes dist/ and dist-server/).');
  process.exit(1);
}
// Stack traces in the log point into the TypeScript sources (the build keeps linked source maps).
process.setSourceMapsEnabled(true);
await import(server.href);
