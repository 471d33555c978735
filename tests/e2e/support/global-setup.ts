import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_ADMIN } from './e2e-env';
import { authenticator } from './one-time-codes';
import { startServer, type RunningServer } from './server-process';
import { adminToken } from './users';

let server: RunningServer | undefined;

/** One real server for the browser tests, started the way `npm start` starts it. */
export async function setup(project: TestProject): Promise<void> {
  server = await startServer({
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ADMIN_TOTP_SECRET: E2E_ADMIN.totpSecret,
  });
  project.provide('baseUrl', server.baseUrl);
  // The demo's sandbox CRM, for tests that check what a restore wrote to the CRM.
  project.provide('sandboxUrl', `http://127.0.0.1:${server.env.SANDBOX_CRM_PORT}`);
  // The one-time-code steps each user has spent, shared by every test file of this run (see one-time-codes.ts).
  const stepsDir = mkdtempSync(path.join(tmpdir(), 'storico-e2e-codes-'));
  project.provide('stepsDir', stepsDir);
  project.provide('claimsDir', mkdtempSync(path.join(tmpdir(), 'storico-e2e-claims-')));
  // The administrator signs in once: each file makes the users it signs in with, so none waits for a fresh code.
  project.provide(
    'adminToken',
    await adminToken(authenticator(E2E_ADMIN.totpSecret, stepsDir), server.baseUrl),
  );
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
