import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

/**
 * Requests built from the OpenAPI document the app publishes (so from the contract): for every operation, its path and
 * query parameters and its JSON body, each value either drawn from its schema or one of the inputs that used to
 * reach the database unchecked (NUL, lone surrogates, ids from 2^31 up, years outside 1900-2200, huge numbers).
 * The property: no answer is a 5xx.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
};

type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

export type FuzzOperation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
};

export type FuzzRequest = { method: string; url: string; payload: unknown; anonymous: boolean };

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

export function operationsOf(doc: OpenApiDocument): FuzzOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
      })),
  );
}

/** Values that broke the server once, or sit just past a bound. */
const NASTY_STRINGS = [
  '',
  'a\u0000b',
  '\u0000',
  'x\ud800',
  '\udfff',
  'é\u0007',
  '9999-12-31',
  '0000-01-01',
  '1899-12-31',
  '2201-01-01',
  '2024-02-30',
  '9999-12-31T23:59:59Z',
  '2147483648',
  '-1',
  '0',
  '1e400',
  'NaN',
  "' or 1=1 --",
  '%',
  '_',
  '\\',
  'a'.repeat(5000),
];
const NASTY_NUMBERS = [2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, -1, 0, 1.5, 1e308, -1e308];

const fromPattern = (pattern: string): fc.Arbitrary<string> =>
  fc.stringMatching(new RegExp(pattern)).filter((s) => s.length < 200);

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const drawn: fc.Arbitrary<string>[] = [
    fc.string({ maxLength: Math.min(schema.maxLength ?? 60, 60), unit: 'binary' }),
    fc.string({ maxLength: 20 }),
  ];
  if (schema.pattern) drawn.push(fromPattern(schema.pattern));
  if (schema.format === 'email') drawn.push(fc.emailAddress());
  return fc.oneof(...drawn, fc.constantFrom(...NASTY_STRINGS));
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1000, -1e6);
  const max = Math.min(schema.maximum ?? 1000, 1e6);
  return fc.oneof(
    fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) }),
    fc.integer(),
    fc.constantFrom(...NASTY_NUMBERS),
  );
}

/** An arbitrary for a JSON schema: mostly shaped like it, sometimes not at all. */
export function arbitraryOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(
    fc.constantFrom(null, true, 'x', -1, 2 ** 31, '\u0000', {}, []),
    fc.jsonValue({ maxDepth: 2 }),
  );
  if (!schema || depth > 4) return wrong;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => arbitraryOf(b, depth + 1)));
  if (schema.allOf?.length) return arbitraryOf(schema.allOf[0], depth + 1);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), wrong);
  if (schema.enum?.length) return fc.oneof(fc.constantFrom(...schema.enum), wrong);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const shaped = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringArbitrary(schema);
      case 'integer':
      case 'number':
        return numberArbitrary(schema);
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(arbitraryOf(schema.items, depth + 1), { maxLength: 4 });
      case 'object': {
        const properties = schema.properties ?? {};
        const required = Object.keys(properties).filter((key) => schema.required?.includes(key));
        return fc.record(
          Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, arbitraryOf(v, depth + 1)])),
          { requiredKeys: required },
        );
      }
      default:
        return wrong;
    }
  })();
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: wrong });
}

const asParam = (value: unknown): string =>
  typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value);

/** Every byte percent-encoded: a lone surrogate goes as U+FFFD (a URL carries UTF-8 only; JSON bodies carry them). */
const percentEncoded = (value: string): string =>
  [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** One request to `operation`: every path parameter filled, query parameters present or not, a body or not. */
export function requestOf(operation: FuzzOperation): fc.Arbitrary<FuzzRequest> {
  const inPath = operation.parameters.filter((p) => p.in === 'path');
  const inQuery = operation.parameters.filter((p) => p.in === 'query');
  const pathValues = fc.tuple(...inPath.map((p) => arbitraryOf(p.schema)));
  const queryValues = fc.tuple(...inQuery.map((p) => fc.option(arbitraryOf(p.schema), { nil: undefined })));
  const body = operation.body
    ? fc.option(arbitraryOf(operation.body), { nil: undefined, freq: 6 })
    : fc.constant(undefined);
  return fc
    .record({ pathValues, queryValues, body, anonymous: fc.boolean() })
    .map(({ pathValues: pv, queryValues: qv, body: payload, anonymous }) => {
      let url = operation.path;
      inPath.forEach((p, i) => {
        url = url.replace(`{${p.name}}`, percentEncoded(asParam(pv[i])) || '%20');
      });
      const query = new URLSearchParams();
      inQuery.forEach((p, i) => {
        if (qv[i] !== undefined) query.set(p.name, asParam(qv[i]));
      });
      const search = query.toString();
      return { method: operation.method, url: search ? `${url}?${search}` : url, payload, anonymous };
    });
}

export type FuzzResult = {
  requests: number;
  failures: { request: FuzzRequest; status: number; body: string }[];
};

/**
 * Sends `runsPerOperation` generated requests to every operation of the app's OpenAPI document, signed in with
 * `token` or anonymously; each operation stops at its first 5xx.
 */
export async function fuzzApi(
  app: FastifyInstance,
  options: { token: string; seed: number; runsPerOperation: number; remoteAddress: () => string },
): Promise<FuzzResult> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
  const result: FuzzResult = { requests: 0, failures: [] };
  for (const operation of operationsOf(doc)) {
    const outcome = await fc.check(
      fc.asyncProperty(requestOf(operation), async (request) => {
        result.requests++;
        const res = await app.inject({
          method: request.method as 'GET',
          url: request.url,
          remoteAddress: options.remoteAddress(),
          headers: {
            ...(request.anonymous ? {} : { authorization: `Bearer ${options.token}` }),
            ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(request.payload === undefined ? {} : { payload: JSON.stringify(request.payload) }),
        });
        if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body}`);
      }),
      { seed: options.seed, numRuns: options.runsPerOperation, endOnFailure: true },
    );
    if (outcome.failed && outcome.counterexample) {
      const [request] = outcome.counterexample;
      result.failures.push({ request, status: 500, body: String(outcome.errorInstance) });
    }
  }
  return result;
}
