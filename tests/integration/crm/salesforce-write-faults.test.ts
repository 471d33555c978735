import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CrmError, CrmOutcomeUnknown } from '../../../server/crm/crm-connector';
import type { SalesforceConnector } from '../../../server/crm/salesforce/salesforce-connector';
import { startSandboxCrm, type SandboxCrm, type WriteFault } from '../../../sandbox-crm/sandbox-crm';
import { sandboxConnector } from '../../support/sandbox-connector';

/** Writes against a sandbox CRM that fails, hangs or half-answers them: reported for what they are, never repeated. */
describe('Salesforce connector writes when the CRM misbehaves', () => {
  let sandbox: SandboxCrm;
  let crm: SalesforceConnector;
  let next = 0;

  beforeAll(async () => {
    sandbox = await startSandboxCrm({ port: 0, counts: { users: 3, accounts: 20, cases: 10 } });
    crm = sandboxConnector(sandbox, {
      retry: { maxRetries: 3, minTimeoutMs: 5, factor: 2 },
      readTimeoutMs: 2_000,
      writeTimeoutMs: 600,
    });
    await crm.refreshSchema();
  });
  afterEach(() => sandbox.faultWrites(null));
  afterAll(() => sandbox.close());

  const account = () => sandbox.records.all('Account').filter((r) => r.IsPersonAccount === true)[next++]!;

  async function writeWith(fault: WriteFault) {
    const record = account();
    const phone = `+39 02 ${String(1000000 + next)}`;
    sandbox.faultWrites(fault);
    const patchesBefore = sandbox.stats.patches;
    const started = Date.now();
    const error = await crm.updateRecord('Account', record.Id, { Phone: phone }).then(
      () => undefined,
      (e: unknown) => e,
    );
    return {
      error,
      ms: Date.now() - started,
      patches: sandbox.stats.patches - patchesBefore,
      saved: sandbox.records.get('Account', record.Id)!.Phone === phone,
    };
  }

  it('reports a 500 as the CRM refusing, with its code and message, and does not send it again', async () => {
    const { error, patches, saved } = await writeWith('fail');
    expect(error).toBeInstanceOf(CrmError);
    expect(error).not.toBeInstanceOf(CrmOutcomeUnknown);
    expect((error as CrmError).errorCode).toBe('UNKNOWN_EXCEPTION');
    expect((error as CrmError).message).toContain('An unexpected error occurred');
    expect(patches).toBe(1);
    expect(saved).toBe(false);
  });

  it('reports a refusal for the concurrent requests without taking the daily allowance for spent', async () => {
    await crm.checkLimits(); // the limits just read: limitExceeded() answers from what the write taught it
    const { error, patches, saved } = await writeWith('busy');
    expect(error).toBeInstanceOf(CrmError);
    expect((error as CrmError).errorCode).toBe('REQUEST_LIMIT_EXCEEDED');
    expect(patches).toBe(1);
    expect(saved).toBe(false);
    expect(await crm.limitExceeded()).toBe(false);
    expect(crm.apiUsage()!.used).toBeLessThan(crm.apiUsage()!.limit);
  });

  it('gives up on a write that is never answered within the write timeout: outcome unknown, sent once', async () => {
    const { error, ms, patches, saved } = await writeWith('hang');
    expect(error).toBeInstanceOf(CrmOutcomeUnknown);
    expect(ms).toBeGreaterThanOrEqual(550);
    expect(ms).toBeLessThan(3_000);
    expect(patches).toBe(1);
    expect(saved).toBe(false);
  });

  it('reports a write saved but never answered as outcome unknown', async () => {
    const { error, patches, saved } = await writeWith('apply-and-hang');
    expect(error).toBeInstanceOf(CrmOutcomeUnknown);
    expect(patches).toBe(1);
    expect(saved).toBe(true);
  });

  it('does not repeat a write whose connection dropped after it was sent: outcome unknown', async () => {
    const { error, ms, patches, saved } = await writeWith('apply-and-drop');
    expect(error).toBeInstanceOf(CrmOutcomeUnknown);
    expect(ms).toBeLessThan(3_000);
    expect(patches).toBe(1);
    expect(saved).toBe(true);
  });

  it('reports a 502 from Salesforce Edge as outcome unknown, whatever its body says, and does not send it again', async () => {
    const record = account();
    sandbox.failNextRequests(1, 502);
    const requests = sandbox.stats.requests;
    const error = await crm
      .updateRecord('Account', record.Id, { Phone: '+39 02 5020502' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrmOutcomeUnknown);
    expect(sandbox.stats.requests - requests).toBe(1);
  });

  it('reports a 502 on a SOAP undelete as outcome unknown, and does not send it again', async () => {
    const record = account();
    sandbox.records.removeWithCases(record.Id, sandbox.integrationUserId);
    sandbox.failNextRequests(1, 502);
    const requests = sandbox.stats.requests;
    const error = await crm.undeleteRecord('Account', record.Id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrmOutcomeUnknown);
    expect(sandbox.stats.requests - requests).toBe(1);
  });

  it('reports a 503 on a write as the CRM refusing: it was unavailable to handle it', async () => {
    const record = account();
    sandbox.failNextRequests(1, 503);
    const error = await crm
      .updateRecord('Account', record.Id, { Phone: '+39 02 5030503' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrmError);
    expect(error).not.toBeInstanceOf(CrmOutcomeUnknown);
    expect((error as CrmError).errorCode).toBe('SERVER_UNAVAILABLE');
  });

  it('still retries a read the CRM failed with a 503', async () => {
    const record = account();
    sandbox.failNextRequests(1, 503);
    expect((await crm.readRecord('Account', record.Id)).Id).toBe(record.Id);
  });
});
