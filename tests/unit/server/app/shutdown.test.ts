import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const processFile = path.join(import.meta.dirname, 'stop-on-signals-process.ts');

/** Starts the process, sends it `signals` (each after its delay in ms), and answers its exit code and log. */
async function stopWith(
  stopMs: string,
  signals: Array<[NodeJS.Signals, number]>,
): Promise<{ code: number | null; log: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', processFile], {
    env: { ...process.env, STOP_MS: stopMs },
  });
  let log = '';
  child.stdout.on('data', (data) => (log += data.toString()));
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  for (const [signal, afterMs] of signals) {
    await new Promise((resolve) => setTimeout(resolve, afterMs));
    if (child.exitCode === null) child.kill(signal);
  }
  const code = await new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (exit) => resolve(exit)),
  );
  return { code, log };
}

describe('the stop on SIGTERM or SIGINT', () => {
  it('exits 0 once the stop has run, one signal and its copy forwarded by npm being the same stop', async () => {
    const { code, log } = await stopWith('300', [
      ['SIGINT', 0],
      ['SIGINT', 0],
    ]);
    expect(code).toBe(0);
    expect(log).toContain('stopped cleanly');
    expect(log).not.toContain('second signal');
  });

  it('exits 1 at once at a second signal during a stop that does not end', async () => {
    const startedAt = Date.now();
    const { code, log } = await stopWith('never', [
      ['SIGTERM', 0],
      ['SIGTERM', 1_200],
    ]);
    expect(code).toBe(1);
    expect(log).toContain('a second signal: stopping at once');
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });
});
