import { readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressAssets } from './scripts/precompress-assets.ts';

/**
 * A few larger chunks instead of dozens of small ones, which compress worse: the frame every page runs, the forms,
 * zod with the contract's schemas, the signed-in layout, the route loaders. Decision 023.
 */
const nodeModule = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);
const importsZod = (id: string) =>
  /[\\/]contract[\\/]/.test(id) && readFileSync(id, 'utf8').includes("from 'zod'");
const chunkGroups = [
  // What the entry imports: React, the router, TanStack Query, the session, the texts, the routes.
  { name: 'frame', priority: 4, tags: ['$initial' as const] },
  // The contract modules without zod that the forms read too (well-formed text, the username's characters), in a
  // chunk of their own that imports nothing. Left to the chunk of a form, which imports the contract's, they made a
  // cycle: the contract's schemas were made before they ran and refined text with an undefined check ('t.fn is not
  // a function' on signing in), or a screen's modules waited on each other and it never rendered.
  {
    name: 'well-formed-text',
    priority: 5,
    test: /[\\/]contract[\\/](well-formed-text|username-text)/,
  },
  // Radix's base and its label, which the sign-in form uses without any pop-up.
  { name: 'radix-base', priority: 3, test: nodeModule('@radix-ui[\\\\/]react-(primitive|label)') },
  { name: 'forms', priority: 3, test: nodeModule('react-hook-form|@hookform[\\\\/]resolvers') },
  {
    name: 'contract',
    priority: 3,
    test: (id: string) => nodeModule('zod').test(id) || importsZod(id),
    // The contract's few modules without zod (role names, sign-in codes) stay with the first page that reads them.
    includeDependenciesRecursively: false,
  },
  // What the sign-in page shares with the signed-in screens (a mutation, the online status), in a chunk of its own.
  {
    name: 'shared',
    priority: 3,
    test: /(@tanstack[\\/]query-core[\\/].*mutationObserver|@tanstack[\\/]react-query[\\/].*useMutation|src[\\/]lib[\\/]online-status)/,
  },
  // The signed-in layout with what every signed-in screen needs: icons, the menu's collapsible sections, queries.
  {
    name: 'layout',
    priority: 2,
    test: /([\\/]src[\\/]app[\\/]layout[\\/]|open-alerts-badge|node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/])/,
  },
  // The route loaders with the list endpoints they read, the table of record kinds and the kept search.
  { name: 'loaders', priority: 1, test: /[\\/]src[\\/]app[\\/]route-loaders/ },
];

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '8080'}`;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The manifest is a static file in public/, linked from index.html.
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // One classic script: the worker imports nothing at run time, and a module worker's build inlines its imports
        // with an option Vite 8 reports as deprecated.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
    precompressAssets(),
  ],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      '@contract': path.resolve(import.meta.dirname, 'contract'),
    },
  },
  // Source maps for our own debugging only: written next to the build, never referenced by it, and not served
  // (server/http/spa.ts).
  build: {
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 900,
    // Without the polyfill a browser lacking modulepreload (Safari 16) only fetches chunks a little later.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
});
