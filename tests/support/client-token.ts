const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token shaped like the server's; the client only reads its claims (the server verifies signatures). */
export function fakeSessionToken(user: { id: number; username: string; role: string }): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    id: user.id,
    role: user.role,
    sub: user.username,
    jti: 'test-session',
    iat: now,
    exp: now + 3600,
  };
  return Promise.resolve(`${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.c2lnbmF0dXJl`);
}
