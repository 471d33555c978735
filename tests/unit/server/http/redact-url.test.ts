import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../../../server/http/log-redaction';

describe('a URL written to the log', () => {
  it.each([
    ['/api/v3/auth/login?code=918273', '/api/v3/auth/login?code=[redacted]'],
    // The server decodes query keys: whatever names `code` for it is a code for the log too.
    ['/api/v3/auth/login?c%6Fde=918273', '/api/v3/auth/login?c%6Fde=[redacted]'],
    ['/api/v3/auth/login?CODE=918273&x=1', '/api/v3/auth/login?CODE=[redacted]&x=1'],
    ['/api/v3/user/?page=1&email=a%40b.it', '/api/v3/user/?page=1&email=[redacted]'],
    ['/api/v3/user/abc/qr-code', '/api/v3/user/[redacted]/qr-code'],
    ['/api/v3/sf-user/?isPaged=false', '/api/v3/sf-user/?isPaged=false'],
    ['/api/v3/auth/login?%E0=1&code', '/api/v3/auth/login?%E0=1&code'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
