import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX } from './access';

/** Marks an operation whose body may be left out; swagger marks every body required, this clears it. */
const OPTIONAL_BODY = 'x-optional-body';

type Transform = typeof jsonSchemaTransform;

/**
 * The API's routes only (the app shell, health and metrics are not the API), each from the contract's zod schemas;
 * a body the schema lets a caller leave out (`.nullish()`, `.optional()`) is marked so.
 */
const transform: Transform = (input) => {
  if (!input.url.startsWith(`${API_PREFIX}/`)) return { schema: { hide: true }, url: input.url };
  const transformed = jsonSchemaTransform(input);
  const body: unknown = input.schema?.body;
  if (body instanceof z.ZodType && body.safeParse(undefined).success)
    return { ...transformed, schema: { ...transformed.schema, [OPTIONAL_BODY]: true } };
  return transformed;
};

/** Operations are checked as plain objects: the document may be typed as any OpenAPI 3.x version. */
type Operation = { [OPTIONAL_BODY]?: boolean; requestBody?: { required?: boolean } };

function clearOptionalBodies<D extends { paths?: object }>(document: D): D {
  for (const item of Object.values(document.paths ?? {}) as Record<string, unknown>[])
    for (const operation of Object.values(item)) {
      if (typeof operation !== 'object' || operation === null || !(OPTIONAL_BODY in operation)) continue;
      const marked = operation as Operation;
      delete marked[OPTIONAL_BODY];
      if (marked.requestBody) marked.requestBody.required = false;
    }
  return document;
}

/**
 * OpenAPI generated from the contract's zod schemas (`app.swagger()`). With `serve` (API_DOCS) the UI is at /api/docs
 * and the document at /api/docs/json, for anyone: a browser opening them sends no bearer token. Off by default, so
 * that a deployment does not hand out a map of every route, parameter and error code unless its operator chose to.
 */
export async function registerOpenApi(app: FastifyInstance, { serve }: { serve: boolean }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Storico API',
        version: '3.0.0',
        description: 'Revisions of CRM contacts and cases, comparison and restore.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform,
    transformObject: (document) =>
      'openapiObject' in document ? clearOptionalBodies(document.openapiObject) : document.swaggerObject,
  });
  if (serve) await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
}
