import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../contract/envelope';
import { ErrorCode } from '../../contract/error-codes';
import { buildApp } from '../../server/app/app';
import { SessionService } from '../../server/identity/sessions';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { ReadinessState } from '../../server/http/readiness';
import { HttpError } from '../../server/http/http-error';
import { envelope } from '../../server/http/envelope';
import { testConfig } from '../support/test-app';

/** The error handler and access rules on routes defined here, so they are checked apart from any feature. */
describe('error envelope and access rules', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', memory: true });
    const config = testConfig();
    app = await buildApp({
      config,
      db: database.db,
      readiness: new ReadinessState(),
      sessions: new SessionService(database.db, config.jwtSecret),
      logger: false,
    });
    await app.register(async (scope) => {
      const r = scope.withTypeProvider<ZodTypeProvider>();
      r.post(
        '/api/v3/echo',
        {
          config: { access: 'public' },
          schema: {
            body: z.object({ email: z.email(), nested: z.object({ n: z.number() }) }),
            querystring: z.object({ page: z.coerce.number().int().min(0).default(0) }),
          },
        },
        (request) => envelope(request.body),
      );
      r.get('/api/v3/boom', { config: { access: 'public' } }, () => {
        throw new Error('database password is hunter2');
      });
      r.get('/api/v3/teapot', { config: { access: 'public' } }, () => {
        throw new HttpError(418, 'I am a teapot', 'TEAPOT');
      });
      r.get('/api/v3/admins', { config: { access: ['ADMIN'] } }, () => envelope('secret'));
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('wraps a success in the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v3/echo',
      payload: { email: 'a@b.it', nested: { n: 1 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, status: 'OK', data: { query: { email: 'a@b.it' } } });
  });

  it.each([
    [{ email: 'not-an-email', nested: { n: 1 } }, '', 'body.email'],
    [{ email: 'a@b.it', nested: { n: 'x' } }, '', 'body.nested.n'],
    [{ email: 'a@b.it', nested: { n: 1 } }, '?page=-1', 'query.page'],
  ])('answers bad input %j%s with 400 naming %s', async (payload, query, field) => {
    const res = await app.inject({ method: 'POST', url: `/api/v3/echo${query}`, payload });
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.error.field).toBe(field);
    expect(body.message).toContain(field);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v3/echo',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).statusCode).toBe(400);
  });

  // Fastify's own refusals of a body, in the contract's words: a code of contract/error-codes.ts, never FST_ERR_*.
  const json = 'application/json';
  it.each([
    { label: 'malformed JSON', payload: '{"username":', type: json, status: 400, field: 'body' },
    {
      label: 'a __proto__ key',
      payload: '{"email":"a@b.it","nested":{"n":1},"__proto__":{"admin":true}}',
      type: json,
      status: 400,
      field: 'body',
    },
    {
      label: 'a constructor key',
      payload: '{"email":"a@b.it","nested":{"n":1},"constructor":{"prototype":{}}}',
      type: json,
      status: 400,
      field: 'body',
    },
    {
      label: 'a form',
      payload: 'email=a%40b.it',
      type: 'application/x-www-form-urlencoded',
      status: 415,
      field: 'header.content-type',
    },
    {
      label: 'no content type',
      payload: '{"email":"a@b.it","nested":{"n":1}}',
      type: undefined,
      status: 415,
      field: 'header.content-type',
    },
    {
      label: 'a 3 MB body',
      payload: `{"email":"${'a'.repeat(3 * 1024 * 1024)}"}`,
      type: json,
      status: 413,
      field: 'body',
    },
  ])(
    'answers $label with $status, code BAD_REQUEST, naming $field',
    async ({ payload, type, status, field }) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v3/echo',
        payload,
        headers: type ? { 'content-type': type } : {},
      });
      expect(res.statusCode).toBe(status);
      const body = errorBodySchema.parse(res.json());
      expect(body).toMatchObject({ statusCode: status, error: { code: ErrorCode.BAD_REQUEST, field } });
      expect(res.body).not.toContain('FST_');
    },
  );

  it.each(['/api/v3/revision-case/%ED%A0%80/cases', '/api/v3/sf-user/%E0'])(
    'answers a malformed percent-encoding in the path (%s) with the envelope, naming the path',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      const body = errorBodySchema.parse(res.json());
      expect(body).toMatchObject({
        statusCode: 400,
        status: 'BAD_REQUEST',
        error: { code: ErrorCode.BAD_REQUEST, field: 'path' },
      });
      expect(res.body).not.toContain('FST_');
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    },
  );

  it('hides the details of a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v3/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(errorBodySchema.parse(res.json()).message).toBe('Internal server error');
  });

  it('passes on the status and code of an HttpError', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v3/teapot' });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toMatchObject({ message: 'I am a teapot', error: { code: 'TEAPOT' } });
  });

  it('refuses a role-restricted route without a valid session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v3/admins' })).statusCode).toBe(401);
    const forged = await app.inject({
      method: 'GET',
      url: '/api/v3/admins',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses to start when an API route declares no access rule', async () => {
    const config = testConfig();
    const bare = await buildApp({
      config,
      db: database.db,
      readiness: new ReadinessState(),
      sessions: new SessionService(database.db, config.jwtSecret),
      logger: false,
    });
    await expect(
      (async () => {
        bare.get('/api/v3/forgotten', () => 'open');
        await bare.ready();
      })(),
    ).rejects.toThrow(/declares no access rule/);
    await bare.close().catch(() => undefined);
  });
});
