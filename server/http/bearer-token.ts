const SCHEME = 'bearer ';

/** The token of an `Authorization: Bearer <token>` header, the scheme in any case (RFC 7235); else undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  if (header?.slice(0, SCHEME.length).toLowerCase() !== SCHEME) return undefined;
  return header.slice(SCHEME.length).trim();
}
