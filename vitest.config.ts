import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': path.resolve(import.meta.dirname, 'src'),
  '@contract': path.resolve(import.meta.dirname, 'contract'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Each run's file times go to one file, so that `npm test` ends with its slowest files (scripts/test-times.ts).
    reporters: ['default', './tests/support/file-times-reporter.ts'],
    // Vitest's default on two cores is one worker. Most database and HTTP suites wait on sockets more than they
    // compute, so two files at a time keep both cores busy; every file has its own databases, ports and users.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/unit/client/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/client.ts'],
          // A screen test renders, types and waits in jsdom; beside the database suites on two cores a few take
          // longer than the default 5 s.
          testTimeout: 15_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server-unit',
          environment: 'node',
          include: [
            'tests/unit/server/**/*.test.ts',
            'tests/unit/sandbox-crm/**/*.test.ts',
            'server/**/*.test.ts',
          ],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          // Files run side by side on the one server: each signs in with users of its own and claims the demo
          // contacts it restores (tests/e2e/support/restore-targets.ts).
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
