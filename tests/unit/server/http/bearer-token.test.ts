import { describe, expect, it } from 'vitest';
import { bearerToken } from '../../../../server/http/bearer-token';

describe('the bearer token of an Authorization header', () => {
  it('reads the scheme in any case (RFC 7235)', () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR'])
      expect(bearerToken(`${scheme} abc.def`)).toBe('abc.def');
  });

  it('finds none without the scheme, in another scheme, or without a header', () => {
    for (const header of ['abc.def', 'Basic abc.def', 'Bearerabc.def', '', undefined])
      expect(bearerToken(header)).toBeUndefined();
  });
});
