import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  endedSessionsSchema,
  LOGIN_LOCKED_STATUS,
  LoginError,
  loginAnswerSchema,
  loginBodySchema,
  loginQuerySchema,
  sessionListSchema,
  sessionParamsSchema,
  type LoginAnswer,
} from '../../contract/auth';
import { envelopeOf, errorResponses } from '../../contract/envelope';
import type { IdentityDeps } from '../identity/identity-deps';
import { principalOf } from '../http/access';
import { envelope } from '../http/envelope';
import { rateLimits } from '../http/rate-limit';
import type { AuthService } from './auth.service';
import { LoginRefused } from './auth.service';
import { deviceCookieHeader, deviceCookieOf } from '../identity/device-cookie';

export async function authRoutes(
  app: FastifyInstance,
  { identity, auth }: { identity: IdentityDeps; auth: AuthService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/auth/login',
    {
      config: {
        access: 'public',
        rateLimit: {
          ...rateLimits.signIn,
          // Too many attempts from one address read to the client like a locked account.
          errorResponseBuilder: (_request, context) =>
            new LoginRefused(LoginError.LOCKED, `Too many sign-in attempts, retry in ${context.after}`),
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username, password and one-time code',
        security: [],
        querystring: loginQuerySchema,
        body: loginBodySchema,
        response: { 200: loginAnswerSchema, ...errorResponses(400, 401, LOGIN_LOCKED_STATUS) },
      },
    },
    async (request, reply): Promise<LoginAnswer> => {
      const { token, deviceToken } = await auth.login(request.body, request.query.code, {
        ip: request.ip,
        deviceToken: deviceCookieOf(request.headers.cookie),
        userAgent: request.headers['user-agent'],
      });
      reply.header('set-cookie', deviceCookieHeader(deviceToken, identity.secureTransport));
      const { data: _query, ...meta } = envelope(null, 'Signed in');
      return { ...meta, data: { token } };
    },
  );

  r.post(
    '/auth/logout',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'End this session',
        response: { 200: envelopeOf(z.null()), ...errorResponses(401) },
      },
    },
    async (request) => {
      await auth.logout(principalOf(request), request.ip);
      return envelope(null, 'Signed out');
    },
  );

  r.get(
    '/auth/sessions',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'Your open sessions (started, last used, address, browser)',
        response: { 200: envelopeOf(sessionListSchema), ...errorResponses(401) },
      },
    },
    async (request) => envelope(await auth.sessionsOf(principalOf(request))),
  );

  r.delete(
    '/auth/sessions/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'End one of your sessions',
        params: sessionParamsSchema,
        response: {
          200: envelopeOf(z.null()),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      await auth.endSession(principalOf(request), request.params.id, request.ip);
      return envelope(null, 'Session ended');
    },
  );

  r.post(
    '/auth/sessions/end-others',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'End every session of yours but this one',
        response: { 200: envelopeOf(endedSessionsSchema), ...errorResponses(401) },
      },
    },
    async (request) => envelope(await auth.endOtherSessions(principalOf(request), request.ip)),
  );
}
