import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from './bearer-token';

/** Whether the request carries the operator's token (METRICS_TOKEN) as its bearer token, compared in constant time. */
export const holdsOperatorToken = (request: FastifyRequest, token: string) => {
  const given = Buffer.from(bearerToken(request.headers.authorization) ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
};
