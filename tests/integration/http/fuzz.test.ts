import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/envelope';
import { ErrorCode } from '../../../contract/error-codes';
import { ADMIN } from '../../../contract/roles';
import { signedInUser, testIp } from '../../support/auth';
import { fuzzApi } from '../../support/openapi-fuzz';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';

/** The fixed seed of `npm test`; `npm run fuzz` draws a new one each run (scripts/fuzz-api.ts). */
const SEED = 20261124;

describe.each(testDbKinds())('bad input on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    // The operations to fuzz are read from the served OpenAPI document.
    t = await createTestApp(kind, { env: { API_DOCS: '1' } });
    // An administrator reaches every operation; half the requests go without the token.
    token = (await signedInUser(t, ADMIN)).token;
  });
  afterAll(() => t.close());

  it.each([
    [
      'NUL in a username, anonymously',
      'POST',
      '/api/v3/auth/login',
      { username: 'a\u0000b', password: 'secret1' },
      false,
      'body.username',
    ],
    [
      'a lone surrogate in a username',
      'POST',
      '/api/v3/auth/login',
      { username: 'a\ud800', password: 'secret1' },
      false,
      'body.username',
    ],
    [
      'an id from 2^31 up',
      'GET',
      '/api/v3/revision-case/differences?firstRevisionCaseID=2147483648&secondRevisionCaseID=1',
      undefined,
      true,
      'query.firstRevisionCaseID',
    ],
    [
      'a year past 2200',
      'GET',
      '/api/v3/sf-user/a/sf-case?dateFrom=2000-01-01&dateTo=9999-12-31',
      undefined,
      true,
      'query.dateTo',
    ],
    ['NUL in a search filter', 'GET', '/api/v3/user/?filter=a%00b', undefined, true, 'query.filter'],
  ] as const)('answers 400 naming the field for %s', async (_name, method, url, payload, signedIn, field) => {
    const res = await t.app.inject({
      method,
      url,
      remoteAddress: testIp(),
      headers: signedIn ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).error).toMatchObject({ code: ErrorCode.BAD_REQUEST, field });
  });

  it('answers no request to any operation of the OpenAPI document with a 5xx', async () => {
    const result = await fuzzApi(t.app, { token, seed: SEED, runsPerOperation: 60, remoteAddress: testIp });
    expect(result.failures).toEqual([]);
    expect(result.requests).toBeGreaterThan(1000);
  });
});
