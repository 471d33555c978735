import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A command-line tool (`server/…/*-cli.ts`, what `npm run import` or `npm run user:reset` runs) as a process of its
 * own, with `env` over this process's environment (an undefined value leaves that variable out): its exit code and
 * output.
 */
export function runTool(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(path.resolve('node_modules/.bin/tsx'), [script, ...args], {
    env: { ...process.env, ...env },
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      stdout: e.stdout,
      stderr: e.stderr,
    }),
  );
}
