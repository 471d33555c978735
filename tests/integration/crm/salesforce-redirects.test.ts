import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import https, { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CrmError, CrmOutcomeUnknown, type CrmRecord } from '../../../server/crm/crm-connector';
import { startSandboxCrm, type SandboxCrm } from '../../../sandbox-crm/sandbox-crm';
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
  /** The instance URL its tokens name: itself unless set. */
  instanceUrl: string | undefined;

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
      text = JSON.stringify({
        ...(JSON.parse(text) as object),
        instance_url: this.instanceUrl ?? this.url,
      });
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

/** A key and a certificate for 127.0.0.1, made for the run: an org's instance over https. */
function localCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'storico-tls-'));
  try {
    execFileSync(
      'openssl',
      // prettier-ignore
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
        '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A server (over https with `tls`) that notes what it is sent and answers as `answer` says. */
async function recorder(answer: (path: string) => Answer, tls?: { key: string; cert: string }) {
  const sent: Sent[] = [];
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      sent.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      const [status, headers, text] = answer(request.url ?? '');
      response.writeHead(status, headers);
      response.end(text);
    });
  };
  const server = tls ? createHttpsServer(tls, handler) : createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, sent, url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}` };
}

/** A server that notes what it is sent and answers 404. */
const bystander = () => recorder(() => [404, { 'content-type': 'application/json' }, '[]']);

/** One that answers every request with a 307 to `to(path)`. */
const redirector = (to: (path: string) => string, tls?: { key: string; cert: string }) =>
  recorder((path) => [307, { location: to(path) }, ''], tls);

describe('Salesforce connector calls answered with a redirect (a My Domain change)', () => {
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
    former.instanceUrl = undefined;
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

  const reads = (sent: Sent[]) => sent.filter((s) => s.method === 'GET').length;

  it("follows a read to the org's new host once, answers it, and sends every later call there", async () => {
    const crm = await connector();
    const record = account();
    former.redirect(301, (path) => `${sandbox.url}${path}`);

    expect((await crm.readRecord('Account', record.Id)).Id).toBe(record.Id);
    expect(former.sent).toHaveLength(1);

    // The connection moved: neither a read nor a write goes to the former host any more.
    expect((await crm.readRecord('Account', record.Id)).Id).toBe(record.Id);
    await crm.updateRecord('Account', record.Id, { Phone: '+39 02 3010301' });
    expect(sandbox.records.get('Account', record.Id)!.Phone).toBe('+39 02 3010301');
    expect(former.sent).toHaveLength(1);
  });

  it.each([
    ['another host', 307, () => `http://localhost:${new URL(other.url).port}`],
    ['another address of the host', 302, () => `${other.url}/secur/frontdoor.jsp?path=`],
  ])(
    'refuses a read redirected to %s: nothing sent there, the status and address named',
    async (_, status, to) => {
      const crm = await connector();
      const record = account();
      former.redirect(status, (path) => `${to()}${path}`);

      const error = await crm.readRecord('Account', record.Id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CrmError);
      expect((error as CrmError).errorCode).toBe(`HTTP_${status}`);
      expect((error as CrmError).message).toContain(`HTTP ${status}`);
      expect((error as CrmError).message).toContain(`${to()}${V}/query`);
      expect(reads(former.sent)).toBe(1);
      expect(other.sent).toEqual([]);
    },
  );

  it('refuses a read redirected from https down to http, even to the same address', async () => {
    const tls = localCertificate();
    const secure = await redirector((path) => `${other.url}${path}`, tls);
    // jsforce's requests go through Node's global https agent: it is told to trust the certificate.
    const trusted = https.globalAgent.options.ca;
    https.globalAgent.options.ca = tls.cert;
    try {
      former.instanceUrl = secure.url;
      const crm = sandboxConnector(former.url, { readTimeoutMs: 1_500 });

      const error = await crm.checkLimits().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CrmError);
      expect((error as CrmError).errorCode).toBe('HTTP_307');
      expect((error as CrmError).message).toContain(`${other.url}${V}/limits`);
      // The https instance was asked, with the token; the http address was not, with it or without.
      expect(secure.sent.map((s) => [s.path, s.headers.authorization !== undefined])).toEqual([
        [`${V}/limits`, true],
      ]);
      expect(other.sent).toEqual([]);
    } finally {
      https.globalAgent.options.ca = trusted;
      secure.server.close();
    }
  });

  it('follows a bounded number of redirects: hosts of the org that send a read to each other fail it', async () => {
    const crm = await connector();
    const bouncer = await redirector((path) => `${former.url}${path}`);
    try {
      former.redirect(307, (path) => `${bouncer.url}${path}`);
      const error = await crm.listAgents().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CrmError);
      expect((error as CrmError).errorCode).toBe('HTTP_307');
      expect((error as CrmError).message).toContain(`${former.url}${V}/query`);
      expect(reads(former.sent)).toBe(1);
      expect(bouncer.sent).toHaveLength(1);
    } finally {
      bouncer.server.close();
    }
  });
});
