import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, errorResponses } from '../../contract/envelope';
import { pageOf } from '../../contract/page';
import { rolesAllowed } from '../../contract/permissions';
import { otpQuerySchema, reviewQuerySchema } from '../../contract/restores';
import {
  createRollbackSchema,
  rollbackDetailQuerySchema,
  rollbackDetailSchema,
  rollbackIdParamsSchema,
  rollbackListQuerySchema,
  rollbackPreviewSchema,
  rollbackRequestSchema,
  rollbackReviewParamsSchema,
  rollbackScopeSchema,
} from '../../contract/rollbacks';
import { principalOf } from '../http/access';
import { callerOf } from '../http/caller';
import { envelope } from '../http/envelope';
import { rateLimits } from '../http/rate-limit';
import type { RollbackCreator } from './rollbacks.repository';
import type { RollbacksService } from './rollbacks.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Rollbacks of an agent's changes: USER_RANA prepares and creates them and follows her own, reviewers approve,
 * follow and stop them all.
 */
export async function rollbackRoutes(
  app: FastifyInstance,
  { rollbacks, productCode }: { rollbacks: RollbacksService; productCode: string },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requesters = { access: rolesAllowed('requestRollbacks', productCode) };
  const reviewerRoles = rolesAllowed('reviewRollbacks', productCode);
  const reviewers = { access: reviewerRoles };
  const readers = { access: [...reviewerRoles, ...rolesAllowed('followOwnRollbacks', productCode)] };
  /** Whose requests the caller reads: a reviewer every one, anyone else only the ones they made. */
  const creatorRead = (request: FastifyRequest): RollbackCreator => {
    const { role, userId } = principalOf(request);
    return reviewerRoles.includes(role) ? null : userId;
  };
  const base = '/rollback-request';

  r.post(
    `${base}/preview`,
    {
      config: requesters,
      schema: {
        tags: ['rollbacks'],
        summary:
          "What rolling back an agent's changes in a window would write: counts per field and a sample",
        body: rollbackScopeSchema,
        response: { 200: envelopeOf(rollbackPreviewSchema), ...errors },
      },
    },
    async (request) => envelope(await rollbacks.preview(request.body, callerOf(request))),
  );

  r.post(
    `${base}/`,
    {
      config: { ...requesters, rateLimit: rateLimits.code },
      schema: {
        tags: ['rollbacks'],
        summary:
          "Request the rollback of an agent's changes in a window (PENDING until a reviewer approves it)",
        querystring: otpQuerySchema,
        body: createRollbackSchema,
        response: { 201: envelopeOf(rollbackRequestSchema), ...errors, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const created = await rollbacks.create(request.body, request.query.code, callerOf(request));
      reply.code(201);
      return envelope(created, 'Rollback requested', 201);
    },
  );

  r.get(
    `${base}/`,
    {
      config: readers,
      schema: {
        tags: ['rollbacks'],
        summary:
          'Rollback requests of one status, newest first, with their progress: every one to a reviewer, only her own to USER_RANA',
        querystring: rollbackListQuerySchema,
        response: { 200: envelopeOf(pageOf(rollbackRequestSchema)), ...errors },
      },
    },
    async (request) =>
      envelope(await rollbacks.list(request.query, creatorRead(request), callerOf(request).userId)),
  );

  r.get(
    `${base}/:id`,
    {
      config: readers,
      schema: {
        tags: ['rollbacks'],
        summary:
          "A rollback's progress and a page of its records' outcomes: any to a reviewer; to USER_RANA her own only (404 for another's)",
        params: rollbackIdParamsSchema,
        querystring: rollbackDetailQuerySchema,
        response: { 200: envelopeOf(rollbackDetailSchema), ...errors },
      },
    },
    async (request) =>
      envelope(
        await rollbacks.detail(
          request.params.id,
          request.query,
          creatorRead(request),
          callerOf(request).userId,
        ),
      ),
  );

  r.post(
    `${base}/:id/review/:reviewerId`,
    {
      config: { ...reviewers, rateLimit: rateLimits.code },
      schema: {
        tags: ['rollbacks'],
        summary: 'Approve (it is then applied in batches) or reject a pending rollback of someone else',
        params: rollbackReviewParamsSchema,
        querystring: reviewQuerySchema,
        response: {
          200: envelopeOf(rollbackRequestSchema),
          ...errors,
          ...errorResponses(429, 503),
        },
      },
    },
    async (request) => {
      const { id, reviewerId } = request.params;
      const { approved, code } = request.query;
      const reviewed = await rollbacks.review(id, reviewerId, { approved, code }, callerOf(request));
      return envelope(reviewed, approved ? 'Rollback approved' : 'Rollback rejected');
    },
  );

  r.post(
    `${base}/:id/stop`,
    {
      config: reviewers,
      schema: {
        tags: ['rollbacks'],
        summary: 'Stop a running rollback: the records not done yet are left as they are',
        params: rollbackIdParamsSchema,
        response: { 200: envelopeOf(rollbackRequestSchema), ...errors },
      },
    },
    async (request) =>
      envelope(await rollbacks.stop(request.params.id, callerOf(request)), 'Rollback stopped'),
  );
}
