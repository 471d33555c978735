import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/envelope';
import { ADMIN } from '../../../contract/roles';
import { bearer, signedInUser, testIp } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';

const JSON_HEADERS = { 'content-type': 'application/json' };

/** What many HTTP clients send on calls without a body: `Content-Type: application/json` and nothing after it. */
describe.each(testDbKinds())('empty JSON bodies on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = (await signedInUser(t, ADMIN)).token;
  });
  afterAll(() => t.close());

  it('accepts a review with an empty JSON body: the request is looked up (404), not refused for its body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/restore-case-request/999999/review/1?approved=false&code=123456',
      headers: { ...JSON_HEADERS, ...bearer(token) },
      payload: '',
      remoteAddress: testIp(),
    });
    expect(res.statusCode).toBe(404);
  });

  it('accepts a logout with an empty JSON body, and ends the session', async () => {
    const { token: own } = await signedInUser(t, ADMIN);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v3/auth/logout',
      headers: { ...JSON_HEADERS, ...bearer(own) },
      payload: '',
    });
    expect(out.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v3/auth/logout',
      headers: { ...JSON_HEADERS, ...bearer(own) },
      payload: '  ',
    });
    expect(again.statusCode).toBe(401);
  });

  it('still answers 400 naming the body where the route needs one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/auth/login?code=123456',
      headers: JSON_HEADERS,
      payload: '',
      remoteAddress: testIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).error.field).toBe('body');
  });

  it('still refuses malformed JSON and prototype keys with 400', async () => {
    for (const payload of ['{"username": ', '{"__proto__": {"admin": true}}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v3/auth/login?code=123456',
        headers: JSON_HEADERS,
        payload,
        remoteAddress: testIp(),
      });
      expect(res.statusCode, payload).toBe(400);
    }
  });
});
