import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import type { TestProject } from 'vitest/node';
import { E2E_ADMIN } from './e2e-env';
import { startServer, type RunningServer } from './server-process';

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
  const stepsFile = path.join(mkdtempSync(path.join(tmpdir(), 'storico-e2e-codes-')), 'steps.json');
  project.provide('stepsFile', stepsFile);
  project.provide('adminToken', await signInAdmin(server.baseUrl, stepsFile));
}

/**
 * The administrator signs in once for every file that only needs the API as them: each sign-in spends a one-time
 * code, and a third one within a minute would wait for the next 30-second step. The step is recorded, so that a
 * file signing the administrator in through the browser takes a later one.
 */
async function signInAdmin(baseUrl: string, stepsFile: string): Promise<string> {
  const step = Math.floor(Date.now() / 30_000);
  const code = new TOTP({ secret: Secret.fromBase32(E2E_ADMIN.totpSecret), digits: 6, period: 30 }).generate({
    timestamp: step * 30_000,
  });
  const response = await fetch(`${baseUrl}/api/v3/auth/login?code=${code}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: E2E_ADMIN.username, password: E2E_ADMIN.password }),
  });
  if (!response.ok) throw new Error(`the administrator's sign-in answered ${response.status}`);
  writeFileSync(stepsFile, JSON.stringify({ [E2E_ADMIN.totpSecret.replace(/\s+/g, '')]: step }));
  return ((await response.json()) as { data: { token: string } }).data.token;
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
