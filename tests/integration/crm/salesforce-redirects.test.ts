import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CrmError, CrmOutcomeUnknown, type CrmRecord } from '../../../server/crm/crm-connector';
import { startSandboxCrm, type SandboxCrm } from '../../../server/crm/sandbox/sandbox-crm';
import { sandboxConnector } from '../../support/sandbox-connector';

const V = '/services/data/v62.0';
const SOAP = '/services/Soap/u/62.0';

type Sent = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
/** What the former host answers instead of passing the request on: status, headers, body. */
type Answer = [number, Record<string, string>, string];

/**
 * The org's former host name in front of the sandbox CRM: its tokens name it as the instance, it passes every call
 * on to the sandbox unless `rule` answers it (a redirect, as Salesforce answers on a host name a My Domain change
 * left behind), and it notes every request.
 */
class FormerHost {
  server!: Server;
  url = '';
  sent: Sent[] = [];
  rule: (request: Sent) => Answer | undefined = () => undefined;

  constructor(private readonly sandbox: SandboxCrm) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        const sent = {
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body,
        };
        this.sent.push(sent);
        void this.answer(sent).then(([status, headers, text]) => {
          response.writeHead(status, headers);
          response.end(text);
        });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Redirects every request but the token's with `status` to `to(path)`. */
  redirect(status: number, to: (path: string) => string): void {
    this.rule = (request) =>
      request.path === '/services/oauth2/token' ? undefined : [status, { location: to(request.path) }, ''];
  }

  private async answer(request: Sent): Promise<Answer> {
    const ruled = this.rule(request);
    if (ruled) return ruled;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
        headers[name] = value;
    const res = await fetch(`${this.sandbox.url}${request.path}`, {
      method: request.method,
      headers,
      body: ['GET', 'HEAD'].includes(request.method) ? undefined : request.body,
    });
    let text = await res.text();
    // The token names this host as the org's instance, as a token issued before the My Domain change did.
    if (request.path === '/services/oauth2/token' && res.ok)
      text = JSON.stringify({ ...(JSON.parse(text) as object), instance_url: this.url });
    const kept: Record<string, string> = {};
    for (const name of ['content-type', 'sforce-limit-info', 'location']) {
      const value = res.headers.get(name);
      if (value) kept[name] = value;
    }
    return [res.status, kept, text];
  }

  close() {
    this.server.closeAllConnections();
    this.server.close();
  }
}

/** A server that notes what it is sent and answers 404. */
async function bystander() {
  const sent: Sent[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      sent.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('[]');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, sent, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('Salesforce connector writes answered with a redirect (a My Domain change)', () => {
  let sandbox: SandboxCrm;
  let former: FormerHost;
  let other: Awaited<ReturnType<typeof bystander>>;
  let next = 0;

  beforeAll(async () => {
    sandbox = await startSandboxCrm({ port: 0, counts: { users: 3, accounts: 20, cases: 10 } });
    former = await new FormerHost(sandbox).start();
    other = await bystander();
  });
  afterEach(() => {
    former.rule = () => undefined;
    former.sent = [];
    other.sent.length = 0;
  });
  afterAll(async () => {
    former.close();
    other.server.close();
    await sandbox.close();
  });

  /** A connector whose token names the former host; its schema read before any redirect. */
  async function connector() {
    const crm = sandboxConnector(former.url, { writeTimeoutMs: 1_500, readTimeoutMs: 1_500 });
    await crm.refreshSchema();
    former.sent = [];
    return crm;
  }
  const account = () => sandbox.records.all('Account').filter((r) => r.IsPersonAccount === true)[next++]!;
  const onSandbox = (path: string) => `${sandbox.url}${path}`;
  const writesTo = (sent: Sent[]) => sent.filter((s) => s.method !== 'GET');

  it('sends a PATCH redirected with 307 once to the new host, and every later call there directly', async () => {
    const crm = await connector();
    const record = account();
    const patches = sandbox.stats.patches;
    former.redirect(307, onSandbox);

    await crm.updateRecord('Account', record.Id, { Phone: '+39 02 3070307' });
    expect(sandbox.records.get('Account', record.Id)!.Phone).toBe('+39 02 3070307');
    expect(sandbox.stats.patches - patches).toBe(1);
    expect(former.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      `PATCH ${V}/sobjects/Account/${record.Id}`,
    ]);

    await crm.updateRecord('Account', record.Id, { Phone: '+39 02 3070308' });
    expect((await crm.readRecord('Account', record.Id)).Phone).toBe('+39 02 3070308');
    expect(former.sent).toHaveLength(1);
  });

  it('sends a create redirected with 301 once to the new host, never as a GET, and answers its Id', async () => {
    const crm = await connector();
    const template = await crm.readRecord('Case', sandbox.records.all('Case')[0]!.Id);
    const creates = sandbox.stats.creates;
    former.sent = [];
    former.redirect(301, onSandbox);

    const id = await crm.createRecord('Case', { ...template, Subject: 'Spostato' }, template.Id);
    expect(sandbox.records.get('Case', id)).toMatchObject({ Subject: 'Spostato' });
    expect(sandbox.stats.creates - creates).toBe(1);
    expect(former.sent.map((s) => `${s.method} ${s.path}`)).toEqual([`POST ${V}/sobjects/Case`]);
  });

  it('sends a SOAP undelete redirected with 307 once to the new host', async () => {
    const crm = await connector();
    const record = account();
    sandbox.records.remove('Account', record.Id, sandbox.integrationUserId);
    const undeletes = sandbox.stats.undeletes;
    former.redirect(307, onSandbox);

    await crm.undeleteRecord('Account', record.Id);
    expect(sandbox.records.get('Account', record.Id)).toBeDefined();
    expect(sandbox.stats.undeletes - undeletes).toBe(1);
    expect(former.sent.map((s) => `${s.method} ${s.path}`)).toEqual([`POST ${SOAP}`]);
  });

  it.each([
    ['another host', 307, () => `http://localhost:${new URL(other.url).port}`],
    ['another address of the host', 301, () => `${other.url}/secur/frontdoor.jsp?path=`],
  ])(
    'refuses a write redirected to %s: nothing written, nothing followed, the status and address named',
    async (_, status, to) => {
      const crm = await connector();
      const record = account();
      const before = sandbox.records.get('Account', record.Id);
      former.redirect(status, (path) => `${to()}${path}`);

      const error = await crm
        .updateRecord('Account', record.Id, { Phone: '+39 02 4040404' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CrmError);
      expect(error).not.toBeInstanceOf(CrmOutcomeUnknown);
      expect((error as CrmError).errorCode).toBe(`HTTP_${status}`);
      expect((error as CrmError).message).toContain(String(status));
      expect((error as CrmError).message).toContain(`${to()}${V}/sobjects/Account/${record.Id}`);
      expect(sandbox.records.get('Account', record.Id)).toEqual(before);
      expect(writesTo(former.sent)).toHaveLength(1);
      expect(other.sent).toEqual([]);

      // The same for a create and a SOAP undelete: refused, not followed.
      const created = await crm
        .createRecord('Case', { Id: '500000000000001AAA', Subject: 'x' } as CrmRecord, '500000000000001AAA')
        .catch((e: unknown) => e);
      expect(created).toBeInstanceOf(CrmError);
      expect(created).not.toBeInstanceOf(CrmOutcomeUnknown);
      const undeleted = await crm.undeleteRecord('Account', record.Id).catch((e: unknown) => e);
      expect(undeleted).toBeInstanceOf(CrmError);
      expect(undeleted).not.toBeInstanceOf(CrmOutcomeUnknown);
      expect((undeleted as CrmError).errorCode).toBe(`HTTP_${status}`);
      expect(other.sent.filter((s) => s.method !== 'GET')).toEqual([]);
    },
  );

  it('still follows a redirected read', async () => {
    const crm = await connector();
    const record = account();
    former.redirect(301, onSandbox);
    expect((await crm.readRecord('Account', record.Id)).Id).toBe(record.Id);
  });

  it('refuses a create answered without the new Id: the outcome is unknown, never an undefined Id', async () => {
    const crm = await connector();
    const template = await crm.readRecord('Case', sandbox.records.all('Case')[2]!.Id);
    former.rule = (request) =>
      request.method === 'POST' && request.path === `${V}/sobjects/Case`
        ? [201, { 'content-type': 'application/json' }, JSON.stringify({ success: true, errors: [] })]
        : undefined;
    const error = await crm.createRecord('Case', template, template.Id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrmOutcomeUnknown);
    expect((error as Error).message).toMatch(/without the new record's Id/);
  });

  it('reports a login URL that redirects, without sending the credentials on as a GET or at all', async () => {
    for (const status of [301, 307]) {
      other.sent.length = 0;
      former.rule = () => [status, { location: `${other.url}/services/oauth2/token` }, ''];
      const crm = sandboxConnector(former.url);
      const error = await crm.listAgents().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CrmError);
      expect((error as CrmError).message).toContain(`HTTP ${status}`);
      expect((error as CrmError).message).toContain(`${other.url}/services/oauth2/token`);
      expect(other.sent).toEqual([]);
    }
  });
});
