import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SalesforceConnector } from '../../../server/crm/salesforce-connector';

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

type Instance = { server: Server; url: string; calls: string[] };

/** A server that answers as `answer` says and notes each path it was asked for. */
async function instance(answer: (path: string, self: Instance) => [number, unknown]): Promise<Instance> {
  const self = { calls: [] } as unknown as Instance;
  self.server = createServer((request, response) => {
    const path = request.url ?? '';
    self.calls.push(path);
    request.resume();
    request.on('end', () => {
      const [status, body] = answer(path, self);
      response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
      response.end(JSON.stringify(body));
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
    moved = await instance((path) =>
      path.startsWith(`${V}/query?`)
        ? [200, { totalSize: 1, done: true, records: [USER] }]
        : [404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]],
    );
    // The login URL and the org's first instance: its second token names the other instance, and from then on
    // this one refuses every call as an expired session would be refused.
    first = await instance((path, self) => {
      if (path === '/services/oauth2/token') {
        tokens += 1;
        return [
          200,
          {
            access_token: `00Dxx0000001gPL!token${tokens}`,
            instance_url: tokens === 1 ? self.url : moved.url,
            id: `${self.url}/id/00Dxx0000001gPLEAY/005xx000001Sv6AAAS`,
            token_type: 'Bearer',
            issued_at: '1278448101416',
            signature: 'miQQ1J4sdMPiduBsvyRYPCDozqhe43KRc1i9LmZHR70=',
          },
        ];
      }
      return [401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]];
    });
  });
  afterAll(() => {
    first.server.close();
    moved.server.close();
  });

  it('sends the call repeated after the refresh, and every later one, to the new instance', async () => {
    const crm = new SalesforceConnector({
      loginUrl: first.url,
      clientId: 'id',
      clientSecret: 'secret',
      retry: { maxRetries: 0, minTimeoutMs: 1, factor: 1 },
    });
    expect((await crm.listAgents()).map((a) => a.id)).toEqual([USER.Id]);
    expect(tokens).toBe(2);
    // One call refused at the first instance, and nothing else of the API asked of it.
    expect(first.calls.filter((path) => path.startsWith(V))).toHaveLength(1);
    expect(moved.calls.filter((path) => path.startsWith(`${V}/query?`))).toHaveLength(1);

    await crm.listAgents();
    expect(moved.calls.filter((path) => path.startsWith(`${V}/query?`))).toHaveLength(2);
    expect(first.calls.filter((path) => path.startsWith(V))).toHaveLength(1);
  });
});
