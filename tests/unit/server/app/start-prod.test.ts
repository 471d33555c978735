import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');

describe('npm run start:prod', () => {
  it('never builds: without a build it refuses in one line saying to run npm run build', () => {
    const install = mkdtempSync(path.join(tmpdir(), 'storico-unbuilt-'));
    mkdirSync(path.join(install, 'scripts'));
    copyFileSync(path.join(root, 'scripts/start-prod.mjs'), path.join(install, 'scripts/start-prod.mjs'));
    const started = spawnSync(process.execPath, ['scripts/start-prod.mjs'], {
      cwd: install,
      encoding: 'utf8',
    });
    expect(started.status).toBe(1);
    expect(started.stdout).toBe('');
    expect(started.stderr.trimEnd().split('\n')).toEqual([
      'Storico is not built: run `npm run build` first (it writes dist/ and dist-server/).',
    ]);
  });
});
