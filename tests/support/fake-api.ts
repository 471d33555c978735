import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: IncomingHttpHeaders;
};
export type FakeReply = { status?: number; body?: unknown; headers?: Record<string, string> };
export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

/** A success envelope of the contract: `data.query` holds the result. */
export const ok = (query: unknown, message = 'OK', statusCode = 200): FakeReply => ({
  status: statusCode,
  body: { timeStamp: new Date().toISOString(), statusCode, status: 'OK', message, data: { query } },
});

/** An error envelope of the contract. */
export const refusal = (
  status: number,
  message: string,
  code: number | string,
  extra: { field?: string; headers?: Record<string, string> } = {},
): FakeReply => ({
  status,
  headers: extra.headers,
  body: {
    timeStamp: new Date().toISOString(),
    statusCode: status,
    status: 'ERROR',
    message,
    error: { code, message, ...(extra.field ? { field: extra.field } : {}) },
  },
});

/**
 * A real HTTP server on 127.0.0.1 answering the way /api/v3 does, for client tests that exercise the real fetch
 * client. Point VITE_API_BASE_URL at `apiBaseUrl` before the app's modules are imported.
 */
export async function startFakeApi(handler: FakeHandler = () => ({ status: 404 })) {
  let handle = handler;
  const requests: FakeRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const text = Buffer.concat(chunks).toString('utf8');
      const seen: FakeRequest = {
        method: request.method ?? 'GET',
        path: url.pathname.replace(/^\/api\/v3/, ''),
        query: url.searchParams,
        body: text ? (JSON.parse(text) as unknown) : undefined,
        headers: request.headers,
      };
      requests.push(seen);
      void Promise.resolve(handle(seen)).then(({ status = 200, body, headers = {} }) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(body === undefined ? '' : JSON.stringify(body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBaseUrl: `http://127.0.0.1:${port}/api/v3`,
    requests,
    setHandler(next: FakeHandler) {
      handle = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A page of the contract (10 a page): `page` is 0-based, `totalElements` may say there are more pages. */
export const pageOf = <T>(content: T[], page = 0, totalElements = content.length) => ({
  content,
  totalPages: Math.ceil(totalElements / 10),
  totalElements,
  size: 10,
  number: page,
  pageable: { pageNumber: page, pageSize: 10 },
});
