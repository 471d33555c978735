import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { envelopeOf } from '@contract/envelope';

type Handler = (
  url: URL,
  headers: Record<string, string | string[] | undefined>,
) => { status: number; body: unknown; delayMs?: number };
let handler: Handler = () => ({ status: 200, body: {} });
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const { status, body, delayMs } = handler(url, request.headers);
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    }, delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('VITE_API_BASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`);
});
afterAll(() => {
  vi.unstubAllEnvs();
  server.close();
});

const client = () => import('@/lib/api-client');
const ok = (query: unknown) => ({
  timeStamp: 't',
  statusCode: 200,
  status: 'OK',
  message: 'OK',
  data: { query },
});

describe('the API client', () => {
  it('sends the query, Italian accept-language and the bearer token, and parses the envelope', async () => {
    const { sessionStore } = await import('@/lib/session-store');
    sessionStore.signedIn('header.eyJpZCI6MSwic3ViIjoiYSIsInJvbGUiOiJBRE1JTiJ9.sig');
    let seen: { url?: URL; headers?: Record<string, unknown> } = {};
    handler = (url, headers) => {
      seen = { url, headers };
      return { status: 200, body: ok({ n: 3 }) };
    };
    const { apiRequest } = await client();
    const answer = await apiRequest('/things', {
      query: { page: 0, filter: undefined },
      schema: envelopeOf(z.object({ n: z.number() })),
    });
    expect(answer.data.query.n).toBe(3);
    expect(seen.url?.pathname).toBe('/api/v3/things');
    expect(seen.url?.search).toBe('?page=0');
    expect(seen.headers?.['accept-language']).toBe('it');
    expect(seen.headers?.authorization).toBe(
      'Bearer header.eyJpZCI6MSwic3ViIjoiYSIsInJvbGUiOiJBRE1JTiJ9.sig',
    );
    sessionStore.clear();
  });

  it('throws an ApiError with the status, code, message and field of the error body', async () => {
    handler = () => ({
      status: 400,
      body: {
        timeStamp: 't',
        statusCode: 400,
        status: 'BAD_REQUEST',
        message: 'Invalid body.email',
        error: { code: 'BAD_REQUEST', message: 'Invalid body.email', field: 'body.email' },
      },
    });
    const { apiRequest, ApiError } = await client();
    const failure = await apiRequest('/x', { schema: z.unknown() }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      field: 'body.email',
      message: 'Invalid body.email',
    });
  });

  it('reports an answer that breaks the contract instead of passing it on', async () => {
    handler = () => ({ status: 200, body: ok({ n: 'three' }) });
    const { apiRequest } = await client();
    await expect(apiRequest('/x', { schema: envelopeOf(z.object({ n: z.number() })) })).rejects.toMatchObject(
      { code: 'CONTRACT' },
    );
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubEnv('VITE_API_BASE_URL', 'http://127.0.0.1:1/api/v3');
    vi.resetModules();
    const { apiRequest } = await client();
    await expect(apiRequest('/x', { schema: z.unknown() })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
    });
  });
});
