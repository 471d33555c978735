import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorResponses } from '../../contract/envelope';
import { pageOf } from '../../contract/page';
import { ADMIN, roleListSchema, USER_RANA } from '../../contract/roles';
import {
  clearLocksSchema,
  confirmEnrolmentQuerySchema,
  createUserSchema,
  qrCodeParamsSchema,
  qrCodeSchema,
  qrTokenQuerySchema,
  qrTokenSchema,
  updatePasswordSchema,
  updateUserSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userSchema,
} from '../../contract/users';
import type { IdentityDeps } from '../identity/identity-deps';
import { auditContextOf, callerOf } from '../http/caller';
import { envelope } from '../http/envelope';
import { rateLimits } from '../http/rate-limit';
import type { EnrolmentService } from './enrolment.service';
import { listRoles } from '../identity/roles.repository';
import type { UsersService } from './users.service';

const adminOnly = { access: [ADMIN] } as const;
const errors = errorResponses(400, 401, 403, 404);

export async function userRoutes(
  app: FastifyInstance,
  {
    identity,
    users,
    enrolment,
  }: { identity: IdentityDeps; users: UsersService; enrolment: EnrolmentService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  if (identity.ownsMailer && identity.mailer) {
    const mailer = identity.mailer;
    app.addHook('onClose', async () => mailer.close());
  }

  r.get(
    '/role/',
    {
      config: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'The roles a user can be given',
        response: { 200: envelopeOf(roleListSchema), ...errors },
      },
    },
    async () => {
      const rank = (name: string) => (name === ADMIN ? 0 : name === USER_RANA ? 2 : 1);
      const roles = await listRoles(identity.db);
      return envelope(roles.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name)));
    },
  );

  r.get(
    '/user/',
    {
      config: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Live users, paged, filtered by username or e-mail',
        querystring: userListQuerySchema,
        response: { 200: envelopeOf(pageOf(userSchema)), ...errors },
      },
    },
    async (request) => envelope(await users.list(request.query)),
  );

  r.post(
    '/user/',
    {
      config: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Create a user (then send them a QR enrolment link)',
        body: createUserSchema,
        response: { 201: envelopeOf(userSchema), ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const user = await users.create(request.body, callerOf(request));
      reply.code(201);
      return envelope(user, 'User created', 201);
    },
  );

  r.put(
    '/user/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['users'],
        summary: "Edit username, e-mail and role, or set the password (ends the user's sessions)",
        params: userIdParamsSchema,
        body: updateUserSchema,
        response: { 200: envelopeOf(userSchema), ...errors, ...errorResponses(409) },
      },
    },
    async (request) =>
      envelope(await users.update(request.params.id, request.body, callerOf(request)), 'User updated'),
  );

  r.delete(
    '/user/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Delete a user (soft): not yourself, not the last administrator who can sign in',
        params: userIdParamsSchema,
        response: { 200: envelopeOf(z.null()), ...errors, ...errorResponses(409) },
      },
    },
    async (request) => {
      await users.remove(request.params.id, callerOf(request));
      return envelope(null, 'User deleted');
    },
  );

  r.delete(
    '/user/:id/sessions',
    {
      config: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'End every session of a user',
        params: userIdParamsSchema,
        response: { 200: envelopeOf(z.null()), ...errors },
      },
    },
    async (request) => {
      await users.endSessions(request.params.id, callerOf(request));
      return envelope(null, 'Sessions ended');
    },
  );

  r.delete(
    '/user/:id/locks',
    {
      config: adminOnly,
      schema: {
        tags: ['users'],
        summary: "Lift a user's sign-in locks, from every address and browser",
        params: userIdParamsSchema,
        response: { 200: envelopeOf(clearLocksSchema), ...errors },
      },
    },
    async (request) =>
      envelope(await users.clearLocks(request.params.id, callerOf(request)), 'Locks cleared'),
  );

  r.put(
    '/user/:id/update-password',
    {
      config: { access: 'signed-in', rateLimit: rateLimits.code },
      schema: {
        tags: ['users'],
        summary: 'Change your own password (ends your sessions: sign in again)',
        params: userIdParamsSchema,
        body: updatePasswordSchema,
        response: { 200: envelopeOf(z.null()), ...errors, ...errorResponses(429) },
      },
    },
    async (request) => {
      await users.changeOwnPassword(request.params.id, request.body, callerOf(request));
      return envelope(null, 'Password changed');
    },
  );

  r.get(
    '/user/:id/qr-token',
    {
      config: { ...adminOnly, rateLimit: rateLimits.enrolment },
      schema: {
        tags: ['users'],
        summary:
          'New TOTP secret and enrolment link for a user (e-mailed to the user when SMTP is configured, and then ' +
          'neither the link nor its token is in the answer): beside the current ' +
          'secret until the user confirms it, or in its place at once with reset=true (refused for the last ' +
          'administrator who can sign in)',
        params: userIdParamsSchema,
        querystring: qrTokenQuerySchema,
        response: { 200: envelopeOf(qrTokenSchema), ...errors, ...errorResponses(409, 429) },
      },
    },
    async (request) => {
      const { actor, ip } = auditContextOf(request);
      const reset = request.query.reset === true;
      return envelope(await enrolment.issue(request.params.id, { actor, ip, log: request.log, reset }));
    },
  );

  r.get(
    '/user/:id/qr-code',
    {
      config: { access: 'public', rateLimit: rateLimits.enrolment },
      schema: {
        tags: ['users'],
        summary: 'The QR code of an enrolment link; `id` is the enrolment token',
        security: [],
        params: qrCodeParamsSchema,
        response: { 200: envelopeOf(qrCodeSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => envelope(await enrolment.qrCode(request.params.id, request.ip)),
  );

  r.post(
    '/user/:id/confirm',
    {
      config: { access: 'public', rateLimit: rateLimits.code },
      schema: {
        tags: ['users'],
        summary:
          'Confirm the new authenticator of an enrolment link with its first code; `id` is the enrolment token',
        security: [],
        params: qrCodeParamsSchema,
        querystring: confirmEnrolmentQuerySchema,
        response: {
          200: envelopeOf(z.null()),
          ...errorResponses(400, 401, 409, 429),
        },
      },
    },
    async (request) => {
      await enrolment.confirm(request.params.id, request.query.code, request.ip);
      return envelope(null, 'Authenticator confirmed');
    },
  );
}
