import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  HandOverServer,
  HEADERS_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
} from '../../../../server/http/hand-over-server';

describe('the listening socket', () => {
  it('gives a request at most its timeouts, far below Node’s five minutes', () => {
    const { server } = new HandOverServer();
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
  });

  it('answers 503 with Retry-After before an app takes the socket', async () => {
    const socket = new HandOverServer();
    await socket.listen(0, '127.0.0.1');
    try {
      const { port } = socket.server.address() as { port: number };
      const answer = await new Promise<string>((resolve) => {
        const client = connect(port, '127.0.0.1', () => client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
        client.once('data', (data) => {
          resolve(data.toString());
          client.destroy();
        });
      });
      expect(answer).toMatch(/^HTTP\/1\.1 503/);
      expect(answer.toLowerCase()).toContain('retry-after: 1');
    } finally {
      await socket.close();
    }
  });
});
