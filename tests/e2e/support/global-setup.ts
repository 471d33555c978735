import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { generateDemoData } from '../../../sandbox-crm/demo/demo-data';
import { E2E_ADMIN, E2E_BURST_SIZE } from './e2e-env';
import { authenticator } from './one-time-codes';
import { startServer, type RunningServer } from './server-process';
import { adminToken } from './users';

let server: RunningServer | undefined;

/**
 * One real server for the browser tests, started the way `npm start` starts it. Its sandbox CRM starts with the
 * demo's first agent editing E2E_BURST_SIZE contacts at once (SANDBOX_CRM_BURST), so that the first sync raises a
 * mass-change alert for the rollback test; rollbacks run in small batches, so that their progress can be followed.
 */
export async function setup(project: TestProject): Promise<void> {
  const agent = generateDemoData({}).users[0]!;
  server = await startServer({
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ADMIN_TOTP_SECRET: E2E_ADMIN.totpSecret,
    SANDBOX_CRM_BURST: `${String(agent.Username).split('@')[0]}:${E2E_BURST_SIZE}`,
    ROLLBACK_BATCH_SIZE: '10',
    ROLLBACK_PAUSE_MS: '300',
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('burstAgent', {
    id: agent.Id,
    name: `${String(agent.FirstName)} ${String(agent.LastName)}`,
  });
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
