import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** Whether the request carries the operator's token (METRICS_TOKEN) as its bearer token, compared in constant time. */
export const holdsOperatorToken = (request: FastifyRequest, token: string) => {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
};
