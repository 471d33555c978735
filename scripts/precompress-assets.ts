import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a `.br` and a `.gz` next to every script and style sheet of `dist/assets/`, which the server sends to a
 * browser that accepts them (@fastify/static `preCompressed`, server/http/spa.ts): the sign-in page's scripts go
 * over the network at about a third of their size, with no compression work per request. Only the hashed assets:
 * a file whose name survives a build (sw.js, index.html) could otherwise be served from a stale compressed copy.
 */
export function precompressAssets(): Plugin {
  return {
    name: 'storico:precompress-assets',
    apply: 'build',
    writeBundle(options) {
      const assets = path.join(options.dir ?? 'dist', 'assets');
      for (const name of readdirSync(assets).filter((file) => /\.(js|css)$/.test(file))) {
        const file = path.join(assets, name);
        const content = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(content));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}
