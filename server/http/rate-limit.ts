import rateLimit, { type RateLimitOptions, type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { addressSource } from './address-source';
import { HttpError } from './http-error';
import { redactUrl } from './log-redaction';
import { memoryRateLimitStore } from './rate-limit-store';

/**
 * Per-IP limits, switched on route by route with `config: { rateLimit: rateLimits.x }`. Accounts have their own
 * limit on top (the sign-in lock); these slow down one address trying many accounts or many links. Every route of
 * one class shares one budget per address (`groupId`): twenty codes a minute in all, not twenty on each route.
 */
export const rateLimits = {
  /** Sign-in: a whole office may share one address, so the account lock is the tighter limit. */
  signIn: { max: 30, timeWindow: '1 minute', groupId: 'sign-in' },
  /** Any route that checks a one-time code or a current password. */
  code: { max: 20, timeWindow: '1 minute', groupId: 'code' },
  /** Enrolment: issuing and opening QR links. */
  enrolment: { max: 30, timeWindow: '1 minute', groupId: 'enrolment' },
} satisfies Record<string, RateLimitOptions>;

export const RATE_LIMITED = 'RATE_LIMITED';

/**
 * Registers the limiter with no global limit; a refusal is a 429 error envelope with `Retry-After`. `store`: where
 * hits are counted (PostgreSQL, shared by instances); in this process's memory without one.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  store: RateLimitPluginOptions['store'] = memoryRateLimitStore(),
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store,
    // An IPv6 client counts by its /64, which it could otherwise walk through for a fresh budget each time.
    keyGenerator: (request) => addressSource(request.ip),
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, `Too many requests, retry in ${context.after}`, RATE_LIMITED),
    onExceeded: (request, key) =>
      request.log.warn({ key, url: redactUrl(request.url) }, 'rate limit exceeded'),
  });
}
