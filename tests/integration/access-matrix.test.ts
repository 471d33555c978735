import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../contract/envelope';
import { ADMIN, USER_RANA, productRole } from '../../contract/roles';
import type { Access } from '../../server/http/access';
import { allRoles, bearer, createUserWithSecret, signIn, testIp, type TestUser } from '../support/auth';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDbKinds } from '../support/test-database';

/**
 * Who may call every /api/v3 route (docs/product.md#roles-and-permissions). A route the app serves without an
 * entry here fails this test: add the route's line when you add the route. `call` gives a request an allowed
 * caller may make without harm (an unknown id is fine: 404 is not a refusal); by default `:params` become
 * 999999.
 */
type Entry = {
  /** `product` is USER_{PRODUCT_CODE}: e.g. restore review is `({ product }) => [ADMIN, product]`. */
  access: (roles: { product: string }) => Access;
  call?: (caller: TestUser) => { url?: string; payload?: object };
  /** The call ends the caller's session: each check signs in afresh. */
  endsSession?: true;
};

const admin = () => [ADMIN];
const signedIn = () => 'signed-in' as const;
const open = () => 'public' as const;

const matrix: Record<string, Entry> = {
  'POST /api/v3/auth/login': {
    access: open,
    call: () => ({ payload: { username: 'nobody', password: 'Whatever-1' } }),
  },
  'POST /api/v3/auth/logout': { access: signedIn, endsSession: true },
  'GET /api/v3/role/': { access: admin },
  'GET /api/v3/user/': { access: admin },
  'POST /api/v3/user/': {
    access: admin,
    call: () => ({
      payload: {
        username: 'matrix',
        email: 'matrix@example.test',
        password: 'Matrix-pass-1',
        role: { name: USER_RANA },
      },
    }),
  },
  'PUT /api/v3/user/:id': { access: admin, call: () => ({ payload: { password: 'Matrix-pass-1' } }) },
  'DELETE /api/v3/user/:id': { access: admin },
  'DELETE /api/v3/user/:id/locks': { access: admin },
  'DELETE /api/v3/user/:id/sessions': { access: admin },
  'GET /api/v3/auth/sessions': { access: signedIn },
  'POST /api/v3/auth/sessions/end-others': { access: signedIn, endsSession: true },
  'DELETE /api/v3/auth/sessions/:id': {
    access: signedIn,
    call: () => ({ url: '/api/v3/auth/sessions/no-such' }),
  },
  'PUT /api/v3/user/:id/update-password': {
    access: signedIn,
    call: (caller) => ({
      url: `/api/v3/user/${caller.id}/update-password`,
      payload: { oldPassword: 'Not-the-password-1', newPassword: 'Matrix-pass-1' },
    }),
  },
  'GET /api/v3/user/:id/qr-token': { access: admin },
  'GET /api/v3/user/:id/qr-code': {
    access: open,
    call: () => ({ url: '/api/v3/user/no-such-token/qr-code' }),
  },
  'POST /api/v3/user/:id/confirm': {
    access: open,
    call: () => ({ url: '/api/v3/user/no-such-token/confirm?code=123456' }),
  },
  'GET /api/v3/sf-user/': { access: signedIn },
  'GET /api/v3/sf-user/:id/sf-account': { access: signedIn },
  'GET /api/v3/sf-user/:id/sf-case': { access: signedIn },
  'GET /api/v3/revision-account/:id/account': { access: signedIn },
  'GET /api/v3/revision-account/:id/history': { access: signedIn },
  'GET /api/v3/revision-case/:id/cases': { access: signedIn },
  'GET /api/v3/revision-case/:id/history': { access: signedIn },
  'GET /api/v3/revision-case/:id/related': { access: signedIn },
  'GET /api/v3/revision-account/differences': { access: signedIn },
  'GET /api/v3/revision-case/differences': { access: signedIn },
  'GET /api/v3/revision-account/fields': { access: signedIn },
  'GET /api/v3/revision-case/fields': { access: signedIn },
  'GET /api/v3/alert/': { access: signedIn },
  'POST /api/v3/alert/:id/ack': { access: ({ product }) => [ADMIN, product] },
  'GET /api/v3/audit/': { access: admin },
  'GET /api/v3/audit/export.csv': { access: admin },
  ...restoreEntries('restore-account-request'),
  ...restoreEntries('restore-case-request'),
  ...rollbackEntries(),
};

/**
 * Rollbacks: USER_RANA prepares and creates them and lists and reads her own; ADMIN and USER_{PRODUCT} list, read,
 * review and stop them all.
 */
function rollbackEntries(): Record<string, Entry> {
  const reviewers = ({ product }: { product: string }) => [ADMIN, product];
  const readers = ({ product }: { product: string }) => [ADMIN, product, USER_RANA];
  const scope = { sfUserID: '005000000000001', object: 'Account', from: '2024-01-01', to: '2024-01-02' };
  return {
    'POST /api/v3/rollback-request/preview': { access: () => [USER_RANA], call: () => ({ payload: scope }) },
    'POST /api/v3/rollback-request/': {
      access: () => [USER_RANA],
      call: () => ({ url: '/api/v3/rollback-request/?code=000000', payload: scope }),
    },
    'GET /api/v3/rollback-request/': { access: readers },
    'GET /api/v3/rollback-request/:id': { access: readers },
    'POST /api/v3/rollback-request/:id/review/:reviewerId': {
      access: reviewers,
      call: (caller) => ({
        url: `/api/v3/rollback-request/999999/review/${caller.id}?approved=false&code=000000`,
      }),
    },
    'POST /api/v3/rollback-request/:id/stop': { access: reviewers },
  };
}

/** Restore create (USER_RANA), lists, detail and review (ADMIN and USER_{PRODUCT}) of one kind of record. */
function restoreEntries(base: string): Record<string, Entry> {
  const reviewers = ({ product }: { product: string }) => [ADMIN, product];
  return {
    [`POST /api/v3/${base}/`]: {
      access: () => [USER_RANA],
      call: (caller) => ({
        url: `/api/v3/${base}/?code=000000`,
        payload: {
          dateFrom: '2024-01-01',
          dateTo: '2024-12-31',
          restoreTypeId: 1,
          userCreatorId: caller.id,
          userReviewerId: 0,
          revisionIdList: [999999],
        },
      }),
    },
    [`GET /api/v3/${base}/`]: { access: reviewers },
    [`GET /api/v3/${base}/:id`]: { access: reviewers },
    [`POST /api/v3/${base}/:id/review/:reviewerId`]: {
      access: reviewers,
      call: (caller) => ({ url: `/api/v3/${base}/999999/review/${caller.id}?approved=false&code=000000` }),
    },
  };
}

const normalise = (access: Access) => (typeof access === 'string' ? access : [...access].sort());

describe.each(testDbKinds())('access matrix on %s', (kind) => {
  let t: TestApp;
  const users = new Map<string, TestUser>();
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const role of allRoles(t)) {
      const user = await createUserWithSecret(t, role);
      users.set(role, user);
      tokens.set(role, await signIn(t, user));
    }
  });
  afterAll(() => t.close());

  const keyOf = (rule: { method: string; url: string }) => `${rule.method} ${rule.url}`;

  it('has an entry for every route the app serves, and a route for every entry', () => {
    const served = t.app.routeRules.map(keyOf);
    const missing = served.filter((key) => !(key in matrix));
    expect(missing, 'routes without an entry in tests/integration/access-matrix.test.ts').toEqual([]);
    const stale = Object.keys(matrix).filter((key) => !served.includes(key));
    expect(stale, 'entries for routes the app does not serve').toEqual([]);
  });

  it('declares on every route exactly the access of its entry', () => {
    const product = productRole(t.config.productCode);
    for (const rule of t.app.routeRules) {
      const entry = matrix[keyOf(rule)];
      if (!entry) continue;
      expect(normalise(rule.access), keyOf(rule)).toEqual(normalise(entry.access({ product })));
    }
  });

  /** The request of an entry, made as `role` (null: anonymous). */
  async function request(rule: { method: string; url: string }, role: string | null) {
    const entry = matrix[keyOf(rule)]!;
    let caller = role ? users.get(role)! : users.get(ADMIN)!;
    let token = role ? tokens.get(role)! : undefined;
    if (role && entry.endsSession) {
      caller = await createUserWithSecret(t, role);
      token = await signIn(t, caller);
    }
    const { url, payload } = entry.call?.(caller) ?? {};
    return t.app.inject({
      method: rule.method as 'GET',
      url: url ?? rule.url.replace(/:\w+/g, '999999'),
      ...(payload ? { payload } : {}),
      headers: token ? bearer(token) : {},
      remoteAddress: testIp(),
    });
  }

  it('refuses anonymous callers (401) everywhere but public routes', async () => {
    for (const rule of t.app.routeRules) {
      if (!matrix[keyOf(rule)]) continue;
      const res = await request(rule, null);
      const message = errorBodySchema.safeParse(res.json()).data?.message;
      if (rule.access === 'public') expect(message, keyOf(rule)).not.toBe('Authentication required');
      else expect([res.statusCode, message], keyOf(rule)).toEqual([401, 'Authentication required']);
    }
  });

  it('refuses every role a route does not admit (403) and lets in every role it admits', async () => {
    for (const rule of t.app.routeRules) {
      if (!matrix[keyOf(rule)] || rule.access === 'public') continue;
      for (const role of allRoles(t)) {
        const admitted = rule.access === 'signed-in' || rule.access.includes(role);
        const res = await request(rule, role);
        if (admitted) expect([401, 403], `${keyOf(rule)} as ${role}`).not.toContain(res.statusCode);
        else expect(res.statusCode, `${keyOf(rule)} as ${role}`).toBe(403);
      }
    }
  });
});
