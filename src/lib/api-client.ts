import type { z } from 'zod';
import { envelopeOf, errorBodySchema } from '@contract/envelope';
import { readToken } from './auth-token';
import { clientConfig } from './config';

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

async function errorFrom(response: Response): Promise<ApiError> {
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

/** Calls /api/v3 with JSON, Italian accept-language, the bearer token and a 20 s timeout. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<z.output<S>> {
  const timeout = AbortSignal.timeout(clientConfig.requestTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'it' };
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
  if (!response.ok) throw await errorFrom(response);
  const json: unknown = await response.json();
  const parsed = options.schema.safeParse(json);
  if (!parsed.success)
    throw new ApiError(response.status, 'The answer does not match the contract', 'CONTRACT');
  return parsed.data;
}

/** Calls /api/v3 and unwraps the envelope: `schema` parses what the answer carries in `data.query`. */
export async function apiData<T>(path: string, options: RequestOptions<z.ZodType<T>>): Promise<T> {
  const answer = await apiRequest(path, { ...options, schema: envelopeOf(options.schema) });
  return answer.data.query;
}
