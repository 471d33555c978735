import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built PWA from `dist/` (the not-found handler sends index.html for client routes).
 * The service worker and the HTML shell are never cached by the browser, so a new build is picked up at once.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'no built app found: run `npm run build`; serving the API only');
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    setHeaders(res, filePath) {
      const name = path.basename(filePath);
      if (name === 'sw.js' || name.endsWith('.html') || name === 'manifest.webmanifest') {
        res.setHeader('Cache-Control', 'no-cache');
      } else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });
  return true;
}
