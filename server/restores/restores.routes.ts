import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorResponses } from '../../contract/envelope';
import { pageOf } from '../../contract/page';
import {
  accountRestoreRequestSchema,
  caseRestoreRequestSchema,
  createRestoreSchema,
  otpQuerySchema,
  restoreIdParamsSchema,
  restoreListQuerySchema,
  reviewBodySchema,
  reviewParamsSchema,
  reviewQuerySchema,
  RestoreType,
} from '../../contract/restores';
import { rolesAllowed } from '../../contract/permissions';
import { callerOf } from '../http/caller';
import { envelope } from '../http/envelope';
import { badRequest } from '../http/http-error';
import { rateLimits } from '../http/rate-limit';
import type { RecordKind } from '../db/record-kinds';
import type { RestoresService } from './restores.service';
import { recordKindTable } from '../../contract/record-kinds';

const errors = errorResponses(400, 401, 403, 404, 409);
const crmErrors = errorResponses(502, 503, 504);
/** A route that checks a one-time code: LOCKED after five wrong codes, or the address's code rate limit. */
const codeErrors = errorResponses(429);

/**
 * The review payload (docs/product.md#restore-and-review-payloads) may repeat the review; when it does it
 * must say the same as the path and query.
 */
function checkReviewBody(
  body: z.infer<typeof reviewBodySchema>,
  review: { id: number; reviewerId: number; approved: boolean },
): void {
  if (!body) return;
  if (body.userReviewerId !== undefined && body.userReviewerId !== review.reviewerId)
    throw badRequest('body.userReviewerId', 'userReviewerId differs from the reviewer in the path');
  if (body.approved !== undefined && body.approved !== review.approved)
    throw badRequest('body.approved', 'approved differs from the query');
  if (body.restoreRequestsIdList?.some((id) => id !== review.id))
    throw badRequest('body.restoreRequestsIdList', 'A review decides the one request in the path');
}

export type RestoreRoutesOptions = { restores: RestoresService; productCode: string };

/** Restore requests of contacts (`/restore-account-request`) and cases (`/restore-case-request`), and reviews. */
export async function restoreRoutes(
  app: FastifyInstance,
  { restores, productCode }: RestoreRoutesOptions,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reviewers = { access: rolesAllowed('reviewRestores', productCode) };
  const requesters = { access: rolesAllowed('requestRestores', productCode), rateLimit: rateLimits.code };

  const kindRoutes = (
    kind: RecordKind,
    base: string,
    schema: typeof accountRestoreRequestSchema | typeof caseRestoreRequestSchema,
    noun: string,
  ) => {
    r.post(
      `${base}/`,
      {
        config: requesters,
        schema: {
          tags: ['restores'],
          summary: `Report (type 1) or force (type 2) the restore of ${noun} revisions, one request each`,
          querystring: otpQuerySchema,
          body: createRestoreSchema,
          response: { 201: envelopeOf(z.array(schema)), ...errors, ...codeErrors, ...crmErrors },
        },
      },
      async (request, reply) => {
        const created = await restores.create(kind, request.body, request.query.code, callerOf(request));
        reply.code(201);
        const forced = request.body.restoreTypeId === RestoreType.FORCED;
        return envelope(created, forced ? 'Restore applied' : 'Restore requested', 201);
      },
    );

    r.get(
      `${base}/`,
      {
        config: reviewers,
        schema: {
          tags: ['restores'],
          summary: `${noun} restore requests of one status, newest first`,
          querystring: restoreListQuerySchema,
          response: { 200: envelopeOf(pageOf(schema)), ...errors },
        },
      },
      async (request) => envelope(await restores.list(kind, request.query, callerOf(request).userId)),
    );

    r.get(
      `${base}/:id`,
      {
        config: reviewers,
        schema: {
          tags: ['restores'],
          summary: `One ${noun} restore request with its target snapshot and differences`,
          params: restoreIdParamsSchema,
          response: { 200: envelopeOf(schema), ...errors },
        },
      },
      async (request) => envelope(await restores.get(kind, request.params.id, callerOf(request).userId)),
    );

    r.post(
      `${base}/:id/review/:reviewerId`,
      {
        config: { ...reviewers, rateLimit: rateLimits.code },
        schema: {
          tags: ['restores'],
          summary: `Approve (and apply to the CRM) or reject a pending ${noun} restore request`,
          params: reviewParamsSchema,
          querystring: reviewQuerySchema,
          body: reviewBodySchema,
          response: { 200: envelopeOf(schema), ...errors, ...codeErrors, ...crmErrors },
        },
      },
      async (request) => {
        const { id, reviewerId } = request.params;
        const { approved, code } = request.query;
        checkReviewBody(request.body, { id, reviewerId, approved });
        const reviewed = await restores.review(kind, id, reviewerId, { approved, code }, callerOf(request));
        return envelope(reviewed, approved ? 'Request approved' : 'Request rejected');
      },
    );
  };

  // The contract names the family with its trailing slash, as the client joins ids to it.
  const base = (kind: RecordKind) => recordKindTable[kind].api.restores.replace(/\/$/, '');
  kindRoutes('account', base('account'), accountRestoreRequestSchema, 'contact');
  kindRoutes('case', base('case'), caseRestoreRequestSchema, 'case');
}
