/**
 * Whether a failed statement says the database cannot be reached, rather than that the statement was wrong: the
 * socket refused or cut (Node's codes), PostgreSQL's connection exceptions (SQLSTATE class 08), a server shutting
 * down or not yet accepting connections (57P01-57P03), too many connections (53300), a database dropped or not
 * accepting connections (3D000, and 55000 with its message), and node-postgres's own words for a connection lost or
 * not given in time. https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NODE_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08')) return true;
    if (code === '55000' && /not currently accepting connections/.test(error.message)) return true;
  }
  return POOL_MESSAGES.some((pattern) => pattern.test(error.message));
}

const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '3D000']);
const POOL_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
];
