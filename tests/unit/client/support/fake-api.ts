import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

export type FakeAnswer = { status?: number; body: unknown; delayMs?: number };
export type FakeHandler = (url: URL) => FakeAnswer | undefined;

/** The envelope every /api/v3 answer is wrapped in. */
export const ok = (query: unknown) => ({
  timeStamp: 't',
  statusCode: 200,
  status: 'OK',
  message: 'OK',
  data: { query },
});

export const page = <T>(content: T[], number = 0, size = 10, totalElements = content.length) => ({
  content,
  totalPages: Math.ceil(totalElements / size),
  totalElements,
  size,
  number,
  pageable: { pageNumber: number, pageSize: size },
});

/**
 * A real HTTP server answering /api/v3 calls for client tests. The client reads its base URL when its modules
 * load, so a test starts this first, then imports the components (`await import(...)`).
 */
export async function startFakeApi(handler: FakeHandler) {
  const requests: URL[] = [];
  let current = handler;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(url);
    const answer = current(url) ?? {
      status: 404,
      body: {
        timeStamp: 't',
        statusCode: 404,
        status: 'NOT_FOUND',
        message: 'Not found',
        error: { code: 'NOT_FOUND', message: 'Not found' },
      },
    };
    setTimeout(() => {
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('VITE_API_BASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`);
  return {
    requests,
    /** The paths (with query) asked so far. */
    paths: () => requests.map((url) => url.pathname + url.search),
    setHandler(next: FakeHandler) {
      current = next;
    },
    close: () => {
      vi.unstubAllEnvs();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
