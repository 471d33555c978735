import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type RunningServer = {
  baseUrl: string;
  dataDir: string;
  env: Record<string, string>;
  stop(): Promise<number | null>;
};

async function waitUntilOk(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/**
 * Runs `npm start` (build if stale, listen, migrate, load) as a real process, and waits for `waitFor`: /readyz (data
 * loaded) by default, /healthz for as soon as it listens. `stop()` signals npm's process, as a process manager would.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  dataDir?: string,
  waitFor: '/readyz' | '/healthz' = '/readyz',
): Promise<RunningServer> {
  const port = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir ?? mkdtempSync(path.join(tmpdir(), 'storico-e2e-')),
    SANDBOX_CRM_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilOk(`${baseUrl}${waitFor}`, child, 240_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    baseUrl,
    dataDir: env.DATA_DIR,
    env,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}
