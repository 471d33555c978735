import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditActionName } from '@contract/audit-texts';

/** Every `.ts` file of the server. */
function serverSources(dir = path.resolve(__dirname, '../../../server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The actions the server writes to the audit log, as literals, and those a one-time code check makes per prefix. */
function recordedActions(): string[] {
  const literals = serverSources().flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/'((?:auth|user|restore|rollback|alert)\.[a-z_-]+)'/g)].map(
      (m) => m[1]!,
    ),
  );
  const codeChecks = ['restore', 'rollback'].flatMap((prefix) => [
    `${prefix}.code_refused`,
    `${prefix}.code_locked`,
  ]);
  return [...new Set([...literals, ...codeChecks])].sort();
}

describe('the audit screen', () => {
  it('has an Italian name for every action the server records', () => {
    const actions = recordedActions();
    expect(actions.length).toBeGreaterThan(40);
    expect(actions.filter((action) => !auditActionName(action))).toEqual([]);
  });
});
