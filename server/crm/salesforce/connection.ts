import { Connection, type Schema } from 'jsforce';
import { setDefaults as setJsforceDefaults } from 'jsforce/lib/request';
import { SOAP, type SOAPOptions } from 'jsforce/lib/soap';
import { CrmError, CrmOutcomeUnknown, type ApiUsage } from '../crm-connector';
import { GATEWAY_STATUSES, Redirected, StatusTransport } from './answer-status';
import { failureText, isWrite, toCrmError, unansweredWrite, withDeadline } from './errors';
import { movedInstance } from './moved-instance';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import type { SalesforceCredentials } from '../../config/crm-credentials';
import { requestToken, type SalesforceToken } from './token';

/** The REST API version spoken by the connector. */
export const SALESFORCE_API_VERSION = '62.0';

export type ConnectorLogger = { warn(details: object, message: string): void };

export type ConnectionOptions = SalesforceCredentials & {
  /**
   * Records per query page asked of Salesforce, 200 to 2,000 (it may send fewer)
   * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/headers_queryoptions.htm).
   */
  batchSize?: number;
  retry?: RetryPolicy;
  /** How long a read of one record may go unanswered, its retries included, before it fails. */
  readTimeoutMs?: number;
  /** The same for a page of a bulk query, a describe or the limits (default 60 s). */
  bulkReadTimeoutMs?: number;
  /** How long a write (PATCH, POST, SOAP undelete) may go unanswered before its outcome is reported unknown. */
  writeTimeoutMs?: number;
  /** Told once about each catalogued field the org lacks or hides. */
  logger?: ConnectorLogger;
};

/** What each answer tells of the org's daily API allowance (limits.ts). */
export type UsageObserver = {
  noteUsage(usage: ApiUsage): void;
  /** Answers the error, having noted whether it refuses for the daily limit. */
  noteRefusal(error: CrmError): CrmError;
};

export type RestRequest = {
  method: 'GET' | 'PATCH' | 'POST';
  url: string;
  body?: string;
  headers?: Record<string, string>;
};

/** A read of one record, which a restore makes while its reviewer waits (SF_READ_TIMEOUT_S). */
export const DEFAULT_READ_TIMEOUT_MS = 5_000;
/** A page of up to 2,000 records, a describe or the limits: the sync's reads, which nobody waits for. */
const BULK_READ_TIMEOUT_MS = 60_000;
export const DEFAULT_WRITE_TIMEOUT_MS = 10_000;

/**
 * jsforce's timeout stops waiting for the status line only: an answer whose body never ends (a connection dropped
 * half-way through the answer) would hold the call for ever. Past its timeout plus this, the call is given up.
 */
const BODY_GRACE_MS = 1_000;

/** The proxy jsforce reads from the environment by default (jsforce/lib/transport.js). */
const proxyFromEnvironment = () =>
  process.env.https_proxy ?? process.env.http_proxy ?? process.env.HTTPS_PROXY ?? process.env.HTTP_PROXY;

/**
 * One org's jsforce connection, signed in by the client credentials flow: every REST and SOAP call goes through
 * `call` or `invokePartner`, with their timeouts, retries, token refresh, move to another host of the org and the
 * mapping of failures to CrmError.
 */
export class SalesforceConnection {
  readonly retry: RetryPolicy;
  readonly readTimeoutMs: number;
  readonly writeTimeoutMs: number;
  /** Where the connector tells what it finds (the app's logger, once it exists). */
  logger: ConnectorLogger | undefined;
  private connection: Promise<Connection> | undefined;
  private recentRefreshes: number[] = [];
  /** Why the last token refresh failed: jsforce reports it in an error of its own, without the code. */
  private refreshFailure: Error | undefined;
  /** The instance URL before the last token that named another (see onCurrentInstance). */
  private formerInstanceUrl: string | undefined;

  constructor(
    private readonly options: ConnectionOptions,
    private readonly usage: UsageObserver,
  ) {
    this.retry = options.retry ?? DEFAULT_RETRY;
    this.readTimeoutMs = options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS;
    this.writeTimeoutMs = options.writeTimeoutMs ?? DEFAULT_WRITE_TIMEOUT_MS;
    this.logger = options.logger;
    // jsforce's request timeout defaults to a process-wide 30 minutes: a CRM that stops answering would hold a
    // restore (and its claim) or a sync page that long. REST calls get their own timeout below; the SOAP undelete,
    // a write, takes this default. A process talks to one CRM, so one setting serves.
    // The defaults are replaced whole, so the proxy jsforce takes from the environment is passed on. jsforce never
    // follows a redirect: it would send the access token to whatever host the Location names (StatusTransport).
    setJsforceDefaults({
      followRedirect: false,
      timeout: this.writeTimeoutMs,
      httpProxy: proxyFromEnvironment(),
    });
  }

  /** Records per query page (sforce-query-options). */
  get batchSize(): number {
    return this.options.batchSize ?? 2000;
  }

  async call<T>(
    request: RestRequest,
    context: string,
    /** A read's timeout; a page of a bulk query, describe and limits take the bulk one. */
    readTimeoutMs = this.options.bulkReadTimeoutMs ?? BULK_READ_TIMEOUT_MS,
  ): Promise<T> {
    const connection = await this.connect();
    // jsforce reads Sforce-Limit-Info from every answer, refused ones included
    // (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/headers_api_usage.htm).
    const noteLimitInfo = () => {
      const apiUsage = connection.limitInfo?.apiUsage;
      if (apiUsage) this.usage.noteUsage({ used: apiUsage.used, limit: apiUsage.limit });
    };
    const write = isWrite(request.method);
    const timeout = write ? this.writeTimeoutMs : readTimeoutMs;
    const transport = new StatusTransport((url) => this.onCurrentInstance(url, connection));
    try {
      // jsforce retries 5xx and network errors itself (with backoff) for the methods it is told may be repeated:
      // reads only. A write whose answer was lost may have been applied (a PATCH with a trigger, a POST that
      // created a record): repeating it is the caller's decision, after reading the record.
      const answer = await withDeadline(
        this.movingOnce(connection, () =>
          connection.request<T>(request, {
            retry: {
              maxRetries: write ? 0 : this.retry.maxRetries,
              minTimeout: this.retry.minTimeoutMs,
              timeoutFactor: this.retry.factor,
              statusCodes: [500, 502, 503, 504],
              methods: ['GET'],
            },
            timeout,
            transport,
          } as Parameters<Connection['request']>[1]),
        ),
        timeout + BODY_GRACE_MS,
      );
      noteLimitInfo();
      return answer;
    } catch (error) {
      noteLimitInfo();
      throw this.failure(error, context, write, transport);
    }
  }

  /**
   * A write through the SOAP partner endpoint, for what REST does not offer (undelete). The endpoint is made here
   * rather than through connection.soap so that it sends through this call's transport: the status of the answer
   * is kept, and a call repeated after a token refresh goes to the instance the new token names.
   */
  async invokePartner<T>(context: string, invoke: (endpoint: SOAP<Schema>) => Promise<T>): Promise<T> {
    const connection = await this.connect();
    const transport = new StatusTransport((url) => this.onCurrentInstance(url, connection));
    const endpoint = new SOAP(connection, {
      xmlns: 'urn:partner.soap.sforce.com',
      endpointUrl: `${connection.instanceUrl}/services/Soap/u/${connection.version}`,
      transport,
    } as SOAPOptions);
    try {
      return await withDeadline(
        this.movingOnce(connection, () => invoke(endpoint)),
        this.writeTimeoutMs + BODY_GRACE_MS,
      );
    } catch (error) {
      throw this.failure(error, context, true, transport);
    }
  }

  /** The error a failed call throws: a write's outcome unknown when it went unanswered, else a CrmError. */
  private failure(error: unknown, context: string, write: boolean, transport: StatusTransport): CrmError {
    const fromGateway = transport.status !== undefined && GATEWAY_STATUSES.has(transport.status);
    if (write && (unansweredWrite(error) || fromGateway)) {
      return new CrmOutcomeUnknown(`${context}: sent, but Salesforce did not answer (${failureText(error)})`);
    }
    return this.usage.noteRefusal(this.crmError(error, context));
  }

  /**
   * Sends a call again, once, to the org's new host when the first send was redirected there (movedInstance): the
   * redirect shows that a write was not applied, and a read goes with its access token only to a host of the org.
   * The connection stays on the new host for every later call, reads as writes: the sync, all reads, would otherwise
   * pay two round trips a call and fail once the org stops redirecting its former host name. Its URLs built on the
   * old one are moved by onCurrentInstance. Any other redirect, or a second one, fails the call (toCrmError).
   */
  private async movingOnce<T>(connection: Connection, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof Redirected)) throw error;
      const to = movedInstance(error.url, error.location);
      if (!to) throw error;
      const from = new URL(error.url).origin;
      if (connection.instanceUrl === from) {
        this.formerInstanceUrl = from;
        connection.instanceUrl = to;
        this.logger?.warn(
          { from, to },
          'The CRM redirected a call to another host of the org: calls go there now',
        );
      }
      if (connection.instanceUrl !== to) throw error;
      return send();
    }
  }

  /**
   * The CrmError for a call's failure. A failed token refresh comes back from jsforce as "Unable to refresh session
   * due to: {message}" (session-refresh-delegate.js): the refresh's own error, with its code, is reported instead.
   */
  private crmError(error: unknown, context: string): CrmError {
    const refused = this.refreshFailure;
    if (
      refused &&
      error instanceof Error &&
      error.message.endsWith(`refresh session due to: ${refused.message}`)
    ) {
      return refused instanceof CrmError
        ? new CrmError(`${context}: ${refused.message}`, refused.errors)
        : toCrmError(refused, context);
    }
    return toCrmError(error, context);
  }

  private connect(): Promise<Connection> {
    this.connection ??= this.token().then(
      (token) =>
        new Connection({
          instanceUrl: token.instanceUrl,
          accessToken: token.accessToken,
          version: SALESFORCE_API_VERSION,
          // On a 401 jsforce calls this, then repeats the request with the new token.
          refreshFn: (conn, callback) => {
            this.refresh().then(
              (fresh) => {
                if (fresh.instanceUrl !== conn.instanceUrl) this.formerInstanceUrl = conn.instanceUrl;
                conn.instanceUrl = fresh.instanceUrl;
                callback(null, fresh.accessToken);
              },
              (error: Error) => {
                this.refreshFailure = error;
                callback(error);
              },
            );
          },
        }),
    );
    // A failed login is not cached: the next call tries again.
    this.connection.catch(() => (this.connection = undefined));
    return this.connection;
  }

  private token(): Promise<SalesforceToken> {
    return requestToken(this.options, this.retry, this.readTimeoutMs);
  }

  /**
   * A URL built on the instance URL of an earlier token, moved to the current one. Each token answer of the client
   * credentials flow names the instance the org's API calls go to (`instance_url`,
   * https://help.salesforce.com/s/articleView?id=xcloud.remoteaccess_oauth_client_credentials_flow.htm); a new token
   * can name another (an org moved to another instance, a My Domain changed), and a call jsforce repeats after the
   * refresh would otherwise go to the old one.
   */
  private onCurrentInstance(url: string, connection: Connection): string {
    const former = this.formerInstanceUrl;
    return former && url.startsWith(`${former}/`)
      ? `${connection.instanceUrl}${url.slice(former.length)}`
      : url;
  }

  /** Fresh tokens that are refused at once would make jsforce refresh forever: stop after a few. */
  private refresh(): Promise<SalesforceToken> {
    const now = Date.now();
    this.recentRefreshes = this.recentRefreshes.filter((t) => now - t < 60_000);
    if (this.recentRefreshes.length >= 3) {
      return Promise.reject(new CrmError('Salesforce keeps refusing freshly issued access tokens'));
    }
    this.recentRefreshes.push(now);
    return this.token();
  }
}
