import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SalesforceConnector } from '../../../server/crm/salesforce/salesforce-connector';

const V = '/services/data/v62.0';
const USER = {
  attributes: { type: 'User', url: `${V}/sobjects/User/005D0000001QX8WIAW` },
  Id: '005D0000001QX8WIAW',
  Username: 'giulia.neri@example.it',
  FirstName: 'Giulia',
  LastName: 'Neri',
  Email: 'giulia.neri@example.it',
  IsActive: true,
};

const SOAP = `/services/Soap/u/62.0`;
const ACCOUNT_ID = '001D000000IqhSLIAZ';
const envelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns="urn:partner.soap.sforce.com" xmlns:sf="urn:fault.partner.soap.sforce.com"><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
/** The partner API's answer to a call with an expired session: a fault with status 500. */
const SOAP_SESSION_EXPIRED = envelope(
  '<soapenv:Fault><faultcode>sf:INVALID_SESSION_ID</faultcode><faultstring>INVALID_SESSION_ID: Invalid Session ID found in SessionHeader: Illegal Session</faultstring></soapenv:Fault>',
);
const UNDELETED = envelope(
  `<undeleteResponse><result><id>${ACCOUNT_ID}</id><success>true</success></result></undeleteResponse>`,
);

type Instance = { server: Server; url: string; calls: string[]; bodies: string[] };

/**
 * A server that answers as `answer` says (JSON, or XML for a text) and notes each path it was asked for, and each
 * request's body.
 */
async function instance(answer: (path: string, self: Instance) => [number, unknown]): Promise<Instance> {
  const self = { calls: [], bodies: [] } as unknown as Instance;
  self.server = createServer((request, response) => {
    const path = request.url ?? '';
    self.calls.push(path);
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      self.bodies.push(body);
      const [status, content] = answer(path, self);
      const xml = typeof content === 'string';
      response.writeHead(status, {
        'content-type': xml ? 'text/xml;charset=UTF-8' : 'application/json;charset=UTF-8',
      });
      response.end(xml ? content : JSON.stringify(content));
    });
  });
  await new Promise<void>((resolve) => self.server.listen(0, '127.0.0.1', resolve));
  self.url = `http://127.0.0.1:${(self.server.address() as AddressInfo).port}`;
  return self;
}

describe('a new token that names another instance', () => {
  let moved: Instance;
  let first: Instance;
  let tokens = 0;

  beforeAll(async () => {
    moved = await instance((path) => {
      if (path.startsWith(`${V}/query?`)) return [200, { totalSize: 1, done: true, records: [USER] }];
      if (path === SOAP) return [200, UNDELETED];
      return [404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]];
    });
    // The login URL and the org's first instance: each connector's second token names the other instance, and this
    // one refuses every call as an expired session would be refused.
    first = await instance((path, self) => {
      if (path === '/services/oauth2/token') {
        tokens += 1;
        return [
          200,
          {
            access_token: `00Dxx0000001gPL!token${tokens}`,
            instance_url: tokens % 2 === 1 ? self.url : moved.url,
            id: `${self.url}/id/00Dxx0000001gPLEAY/005xx000001Sv6AAAS`,
            token_type: 'Bearer',
            issued_at: '1278448101416',
            signature: 'miQQ1J4sdMPiduBsvyRYPCDozqhe43KRc1i9LmZHR70=',
          },
        ];
      }
      if (path === SOAP) return [500, SOAP_SESSION_EXPIRED];
      return [401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]];
    });
  });
  afterAll(() => {
    first.server.close();
    moved.server.close();
  });

  const connector = () =>
    new SalesforceConnector({
      loginUrl: first.url,
      clientId: 'id',
      clientSecret: 'secret',
      retry: { maxRetries: 0, minTimeoutMs: 1, factor: 1 },
    });

  it('sends the call repeated after the refresh, and every later one, to the new instance', async () => {
    const crm = connector();
    expect((await crm.listAgents()).map((a) => a.id)).toEqual([USER.Id]);
    expect(tokens).toBe(2);
    // One call refused at the first instance, and nothing else of the API asked of it.
    expect(first.calls.filter((path) => path.startsWith(V))).toHaveLength(1);
    expect(moved.calls.filter((path) => path.startsWith(`${V}/query?`))).toHaveLength(1);

    await crm.listAgents();
    expect(moved.calls.filter((path) => path.startsWith(`${V}/query?`))).toHaveLength(2);
    expect(first.calls.filter((path) => path.startsWith(V))).toHaveLength(1);
  });

  it('sends a SOAP undelete repeated after the refresh to the new instance, with the new session', async () => {
    const crm = connector();
    const before = tokens;
    await crm.undeleteRecord('Account', ACCOUNT_ID);
    expect(tokens).toBe(before + 2);
    const refused = first.calls.flatMap((path, i) => (path === SOAP ? [first.bodies[i]!] : []));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain(`<sessionId>00Dxx0000001gPL!token${before + 1}</sessionId>`);
    const sent = moved.calls.flatMap((path, i) => (path === SOAP ? [moved.bodies[i]!] : []));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`<sessionId>00Dxx0000001gPL!token${before + 2}</sessionId>`);
    // The partner WSDL's argument, in its namespace.
    expect(sent[0]).toContain(
      `<undelete xmlns="urn:partner.soap.sforce.com"><ids>${ACCOUNT_ID}</ids></undelete>`,
    );
  });
});
