import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { API_PREFIX } from './access';

/** Sets the security headers on a raw answer, then calls `next`. */
export type SetSecurityHeaders = (
  request: IncomingMessage,
  response: ServerResponse,
  next: () => void,
) => void;

/**
 * Strict CSP: no inline script; the built app loads only its own files. Swagger UI (/api/docs) needs inline styles,
 * which style-src allows; React sets none itself. HSTS and upgrade-insecure-requests only behind https.
 *
 * helmet's middleware is made once and sets the same headers on every answer (@fastify/helmet made a new one for
 * each request: 5-6 µs of parsing the policy, a few per cent of a comparison's time in the server).
 */
export function securityHeaders(secureTransport: boolean): SetSecurityHeaders {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secureTransport ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: secureTransport ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  return (request, response, next) => setHeaders(request, response, () => next());
}

/**
 * On every answer of `app`; an answer Fastify gives before any hook runs (a malformed URL) sets them itself. An API
 * answer is never stored by a browser's or a proxy's cache (`no-store`): it holds customers' data, a user's list or
 * an enrolment secret, which must not outlive the session on a shared machine. The app keeps what it may show
 * offline in its own store, and the service worker never caches the API.
 */
export function registerSecurityHeaders(app: FastifyInstance, setHeaders: SetSecurityHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith(API_PREFIX)) reply.raw.setHeader('cache-control', 'no-store');
    setHeaders(request.raw, reply.raw, () => done());
  });
}
