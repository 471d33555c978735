import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../../server/config/config';
import { generateDemoData } from '../../../../sandbox-crm/demo/demo-data';
import { runSandboxBurst } from '../../../../server/crm/sandbox-burst';
import { currentState } from '../../../../sandbox-crm/sandbox-crm';
import { SandboxRecords } from '../../../../sandbox-crm/records/sandbox-records';

describe('the sandbox CRM burst', () => {
  const records = () =>
    new SandboxRecords(
      currentState(generateDemoData({ seed: 7, counts: { users: 3, accounts: 30, cases: 5 } })),
    );

  it('has the agent named by the part of the username before @ edit that many contacts', () => {
    const sandbox = records();
    const agent = sandbox.all('User')[0]!;
    const { agentId, edited } = runSandboxBurst(sandbox, {
      username: String(agent.Username).split('@')[0]!.toUpperCase(),
      count: 12,
    });
    expect(agentId).toBe(agent.Id);
    expect(new Set(edited).size).toBe(12);
    for (const id of edited) expect(sandbox.get('Account', id)!.LastModifiedById).toBe(agent.Id);
  });

  it('stops with a setting error naming the users it has when the agent is not one of them', () => {
    const sandbox = records();
    const error = (() => {
      try {
        runSandboxBurst(sandbox, { username: 'giulia', count: 5 });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const names = sandbox.all('User').map((u) => String(u.Username).split('@')[0]);
    expect((error as ConfigError).message).toContain(
      `SANDBOX_CRM_BURST: the sandbox CRM has no user 'giulia'; its users are ${names.join(', ')}`,
    );
  });
});
