import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressAssets } from './scripts/precompress-assets';

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
        rollupFormat: 'es',
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
  build: { sourcemap: 'hidden', chunkSizeWarningLimit: 900 },
  server: {
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
});
