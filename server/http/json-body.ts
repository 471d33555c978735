import type { FastifyInstance } from 'fastify';

/**
 * Many HTTP clients send `Content-Type: application/json` with an empty body on calls that take none (logout,
 * reviews). Fastify's own parser refuses that with 400; here an empty body reads as no body, so a route without a
 * body accepts it and a route that needs one answers its usual 400 naming `body`. Anything else goes through
 * Fastify's parser, with its protection against `__proto__` and `constructor` keys.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string': the body always arrives as text.
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}
