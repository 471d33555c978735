import type { z } from 'zod';
import { ROLE_HEADER, USERNAME_HEADER } from '@contract/role-names';
import { readToken } from './auth-token';
import { clientConfig } from './config';
import { sessionStore } from './session-store';

/** The one error every call throws: `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number | string | undefined = undefined,
    readonly field: string | undefined = undefined,
    /** From a refusal's `Retry-After` header (a lock, a rate limit): seconds to wait before trying again. */
    readonly retryAfterSeconds: number | undefined = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export type QueryValue = string | number | boolean | undefined | null;

export type RequestOptions<S extends z.ZodType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Parses the whole answer (usually `envelopeOf(...)` from the contract). */
  schema: S;
  signal?: AbortSignal;
};

export function buildUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${clientConfig.apiBaseUrl}${path}${search ? `?${search}` : ''}`;
}

/** `Retry-After` is either seconds or an HTTP date. */
function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/*
 * The envelope's schemas (and zod with them) load with the first answer to read, not with the first page: the
 * sign-in page shows without them.
 */
/** A percent-encoded header's value; null when absent or not valid percent-encoding. */
function decodedHeader(response: Response, name: string): string | null {
  const value = response.headers.get(name);
  try {
    return value === null ? null : decodeURIComponent(value);
  } catch {
    return null;
  }
}

const envelope = () => import('@contract/envelope');

async function errorFrom(response: Response): Promise<ApiError> {
  const { errorBodySchema } = await envelope();
  const parsed = errorBodySchema.safeParse(await response.json().catch(() => undefined));
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
  if (parsed.success) {
    const { error, message } = parsed.data;
    return new ApiError(response.status, error.message || message, error.code, error.field, retryAfter);
  }
  return new ApiError(
    response.status,
    response.statusText || `HTTP ${response.status}`,
    undefined,
    undefined,
    retryAfter,
  );
}

/** The fetch every call makes: Italian accept-language, the bearer token, the timeout, one ApiError on failure. */
async function send(
  path: string,
  options: Omit<RequestOptions<z.ZodType>, 'schema'>,
  accept: string,
  timeoutMs: number,
): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = { Accept: accept, 'Accept-Language': 'it' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError(0, 'timeout', 'TIMEOUT');
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'network', 'NETWORK');
  }
  if (token)
    sessionStore.followServer(
      { role: response.headers.get(ROLE_HEADER), username: decodedHeader(response, USERNAME_HEADER) },
      token,
    );
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/** Calls /api/v3 with JSON, Italian accept-language, the bearer token and a 20 s timeout. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<z.output<S>> {
  const response = await send(path, options, 'application/json', clientConfig.requestTimeoutMs);
  const json: unknown = await response.json();
  const parsed = options.schema.safeParse(json);
  if (!parsed.success)
    throw new ApiError(response.status, 'The answer does not match the contract', 'CONTRACT');
  return parsed.data;
}

/**
 * A file from /api/v3 (an export), with the same headers and errors as every call; a large file may take longer
 * than a page, so its timeout is `timeoutMs`.
 */
export async function apiDownload(
  path: string,
  options: { query?: Record<string, QueryValue>; accept: string; timeoutMs: number },
): Promise<Blob> {
  const response = await send(path, { query: options.query }, options.accept, options.timeoutMs);
  return response.blob();
}

/** Calls /api/v3 and unwraps the envelope: `schema` parses what the answer carries in `data.query`. */
export async function apiData<T>(path: string, options: RequestOptions<z.ZodType<T>>): Promise<T> {
  const { envelopeOf } = await envelope();
  const answer = await apiRequest(path, { ...options, schema: envelopeOf(options.schema) });
  return answer.data.query;
}
