import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HandOverServer, SLOW_CLIENT_LIMITS } from '../../../../server/http/hand-over-server';

/** Short limits of the same kind, so that a slow client is cut within the test's second. */
const LIMITS = { headersMs: 300, requestMs: 700, checkEveryMs: 50 };
/** What a busy machine may add to the cut beyond one check interval. */
const SLACK_MS = 250;

/** A server whose app reads each request's body whole, then answers 200. */
async function listening(limits = LIMITS): Promise<{ socket: HandOverServer; port: number }> {
  const socket = new HandOverServer(limits);
  const slot = socket.slot();
  slot.serverFactory((request, response) => {
    request.resume();
    request.on('end', () => response.end('ok'));
  });
  slot.activate();
  await socket.listen(0, '127.0.0.1');
  return { socket, port: (socket.server.address() as { port: number }).port };
}

/**
 * Sends `head`, then one byte of `trickle` every 40 ms (never all of it), as a client holding a socket would; answers
 * what the server sent and how long after the first byte it closed the connection.
 */
function slowClient(
  port: number,
  head: string,
  trickle: string,
): Promise<{ answer: string; afterMs: number }> {
  return new Promise((resolve) => {
    let answer = '';
    let sent = 0;
    const startedAt = Date.now();
    const client = connect(port, '127.0.0.1', () => client.write(head));
    const drip = setInterval(() => client.write(trickle[sent++ % trickle.length]!), 40);
    client.on('data', (data) => (answer += data.toString()));
    client.on('close', () => {
      clearInterval(drip);
      resolve({ answer, afterMs: Date.now() - startedAt });
    });
  });
}

describe('the listening socket', () => {
  it('is set to the documented limits, checked every second: headers 10 s, a whole request 30 s', () => {
    const { server } = new HandOverServer();
    expect(SLOW_CLIENT_LIMITS).toEqual({ headersMs: 10_000, requestMs: 30_000, checkEveryMs: 1_000 });
    expect(server.headersTimeout).toBe(10_000);
    expect(server.requestTimeout).toBe(30_000);
    // Node keeps the option on the server; @types/node does not declare it.
    expect(
      (server as typeof server & { connectionsCheckingInterval: number }).connectionsCheckingInterval,
    ).toBe(1_000);
  });

  it.each([
    {
      part: 'headers',
      head: 'GET /api HTTP/1.1\r\nHost: x\r\n',
      trickle: 'X-Slow: y',
      limitMs: LIMITS.headersMs,
    },
    {
      part: 'body',
      head: 'POST /api HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n',
      trickle: 'a',
      limitMs: LIMITS.requestMs,
    },
  ])('cuts a client sending its $part a byte at a time once its limit has passed', async (slow) => {
    const { socket, port } = await listening();
    try {
      const { answer, afterMs } = await slowClient(port, slow.head, slow.trickle);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(afterMs).toBeGreaterThanOrEqual(slow.limitMs);
      expect(afterMs).toBeLessThan(slow.limitMs + LIMITS.checkEveryMs + SLACK_MS);
    } finally {
      await socket.close();
    }
  });

  it('on close refuses new connections at once, answers a request under way, and cuts one outlasting the grace', async () => {
    const socket = new HandOverServer();
    const slot = socket.slot();
    slot.serverFactory((request, response) => {
      setTimeout(() => response.end('answered'), request.url === '/slow' ? 2_000 : 200);
    });
    slot.activate();
    await socket.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(socket.server.address() as { port: number }).port}`;
    const underWay = fetch(`${url}/quick`).then((response) => response.text());
    const outlasting = fetch(`${url}/slow`).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = socket.close(400);
    await expect(fetch(`${url}/late`)).rejects.toThrow();
    expect(await underWay).toBe('answered');
    expect(await outlasting).toBe('cut');
    await closing;
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
