import { CrmError, CrmOutcomeUnknown, type CrmErrorDetail } from '../crm-connector';
import { Redirected } from './answer-status';

/**
 * Errors of a connection that was never made: the request did not leave, so a write surely did not happen.
 * Any other network error on a write may come after the CRM received it.
 */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

export const isWrite = (method: string) => method !== 'GET';

/** A write that got no usable answer: a timeout, a dropped connection, or a gateway that gave up waiting. */
export function unansweredWrite(error: unknown): boolean {
  if (error instanceof CrmOutcomeUnknown) return true;
  const e = error as { name?: string; code?: string; message?: string; errorCode?: string };
  if (e.message === 'Request Timeout' || e.name === 'AbortError') return true;
  if (e.name === 'FetchError') return !NOT_SENT_CODES.has(e.code ?? '');
  return false;
}

/** Rejects as jsforce's own timeout does ('Request Timeout') when `promise` takes longer than `ms`. */
export const withDeadline = <T>(promise: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Request Timeout')), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
};

/** Salesforce answers in error arrays; jsforce turns them into errors carrying `errorCode` and `data`. */
/**
 * A SOAP fault carries its ExceptionCode ("the API returns a SOAP fault message with an associated ExceptionCode":
 * https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_concepts_errorhandling.htm) as a
 * qualified name in its faultcode, `sf:REQUEST_LIMIT_EXCEEDED`, which jsforce passes on as it is; REST says the
 * same code without a prefix.
 */
const errorCodeOf = (code: unknown) =>
  code === undefined || code === null ? 'UNKNOWN_ERROR' : String(code).replace(/^[A-Za-z_][\w.-]*:/, '');

export function toCrmError(error: unknown, context: string): CrmError {
  if (error instanceof CrmError) return error;
  if (error instanceof Redirected) {
    // Not sent on: the redirect names no other host of the org (movedInstance), or a second one came.
    const to = `a redirect (HTTP ${error.status}) to ${error.location ?? 'no address'}`;
    const message = isWrite(error.method)
      ? `${to}: nothing was written, and a write is not sent on elsewhere`
      : `${to}: nothing was read, and a read (with its access token) is sent on only once, and only to another host of the org`;
    return new CrmError(`${context}: Salesforce answered ${message}`, [
      { errorCode: `HTTP_${error.status}`, message },
    ]);
  }
  const e = error as { errorCode?: string; data?: unknown; code?: string; message?: string; name?: string };
  if (e.message === 'Request Timeout') {
    return new CrmError(`${context}: Salesforce could not be reached: no answer in time`);
  }
  if (e.name === 'FetchError' || (e.code && !e.errorCode)) {
    return new CrmError(`${context}: Salesforce could not be reached (${e.code ?? e.message})`);
  }
  const raw = Array.isArray(e.data) ? e.data : e.data && typeof e.data === 'object' ? [e.data] : [];
  const details: CrmErrorDetail[] = raw
    .filter((d): d is Record<string, unknown> => Boolean(d) && typeof d === 'object')
    .map((d) => ({
      message: String(d.message ?? ''),
      errorCode: errorCodeOf(d.errorCode ?? e.errorCode),
      ...(Array.isArray(d.fields) ? { fields: d.fields.map(String) } : {}),
    }));
  if (details.length === 0)
    details.push({ message: e.message ?? String(error), errorCode: errorCodeOf(e.errorCode) });
  const said = details
    .map((d) => `${d.errorCode}: ${d.message}${d.fields?.length ? ` [${d.fields.join(', ')}]` : ''}`)
    .join('; ');
  return new CrmError(`${context}: Salesforce said ${said}`, details);
}

/** A failure in a few words, for the message of a write whose outcome is unknown. */
export const failureText = (error: unknown) => {
  const e = error as { code?: string; message?: string };
  return e.code ?? e.message ?? String(error);
};
