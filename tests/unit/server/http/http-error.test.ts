import { describe, expect, it } from 'vitest';
import { badRequest, HttpError } from '../../../../server/http/http-error';

describe('HttpError', () => {
  it('keeps its status, code, field and Retry-After', () => {
    const error = badRequest('username', 'username is required');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'HttpError',
      statusCode: 400,
      code: 'BAD_REQUEST',
      field: 'username',
      message: 'username is required',
    });
    expect(new HttpError(429, 'Too many requests', 'RATE_LIMITED', undefined, 30).retryAfterSeconds).toBe(30);
  });

  it('builds no stack for a refusal (4xx), and keeps the stack of a fault (5xx)', () => {
    const before = Error.stackTraceLimit;
    expect(new HttpError(401, 'Authentication required').stack).toBe('HttpError: Authentication required');
    expect(new HttpError(503, 'CRM unavailable').stack!.split('\n').length).toBeGreaterThan(1);
    // Errors made afterwards keep their frames.
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error('later').stack!.split('\n').length).toBeGreaterThan(1);
  });
});
