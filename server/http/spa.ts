import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The HTML shell and the service worker are never kept by the browser, so a new build is picked up at once. */
const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

/**
 * Serves the built PWA from `dist/`. Navigations get the HTML shell whatever state the browser is in (no service
 * worker yet, a reload, the installed app starting at its `start_url` `/`): `/` here, every other client route
 * through the not-found handler (`registerNotFound`). Without this route `/` would reach the static plugin's
 * directory handling, which answers a directory without an index with a JSON 403.
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
    // The build writes .br and .gz copies of the scripts and styles (scripts/precompress-assets.ts).
    preCompressed: true,
    // The build keeps its source maps (vite.config.ts) for us, not for browsers: a `.map` URL is a 404.
    allowedPath: (pathname) => !pathname.endsWith('.map'),
    // Off, or the plugin's own `public, max-age=0` replaces the headers set below.
    cacheControl: false,
    setHeaders(res, filePath) {
      const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
      if (NO_CACHE.has(name) || name.endsWith('.html')) {
        res.setHeader('Cache-Control', 'no-cache');
      } else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        // Icons and the logo keep their names across builds: revalidate them.
        res.setHeader('Cache-Control', 'public, max-age=0');
      }
    },
  });
  app.get('/', (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
  return true;
}
