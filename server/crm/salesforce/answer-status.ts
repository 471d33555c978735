import { Transport } from 'jsforce/lib/transport';
import type { HttpRequest, HttpRequestOptions } from 'jsforce/lib/types';
import { StreamPromise } from 'jsforce/lib/util/promise';

/** The statuses jsforce follows as redirects (request-helper.js). 300, an upsert's Multiple Choices, is none. */
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * A call answered with a redirect: nothing was read or written where it was sent, and it is not followed. jsforce
 * would follow a write as a GET without the body (and with the write's content-length, which leaves the next server
 * waiting for a body that never comes), and a read with every header of the first request, the access token among
 * them, to whatever host the Location names, from https down to http too. The connector decides where, if
 * anywhere, to send the call again (movedInstance: only to another host of the org, and once).
 */
export class Redirected extends Error {
  constructor(
    readonly status: number,
    /** The Location answered, made absolute; undefined when there was none. */
    readonly location: string | undefined,
    /** Where the call was sent. */
    readonly url: string,
    readonly method: string,
  ) {
    super(`HTTP ${status} redirect to ${location ?? 'no address'}`);
    this.name = 'Redirected';
  }
}

/**
 * jsforce's HTTP transport, keeping the status of the last answer: the errors jsforce throws carry the error code
 * of the body, not the status, and a gateway's answer can carry any body. One per call. `sendTo` names the URL each send goes
 * to: jsforce repeats a call refused for an expired session at the URL it built before the new token, whose
 * instance URL may differ. A call answered with a redirect, read or write, fails with Redirected.
 */
export class StatusTransport extends Transport {
  status: number | undefined;

  constructor(private readonly sendTo: (url: string) => string = (url) => url) {
    super();
  }

  override httpRequest(req: HttpRequest, options?: HttpRequestOptions) {
    const url = this.sendTo(req.url);
    const sent = url === req.url ? req : { ...req, url };
    const answer = super.httpRequest(sent, { ...options, followRedirect: false });
    answer.then(
      (response) => {
        this.status = response.statusCode;
      },
      () => undefined,
    );
    return StreamPromise.create(() => ({
      stream: answer.stream(),
      promise: answer.then((response) => {
        if (!REDIRECTS.has(response.statusCode)) return response;
        // node-fetch, asked not to follow, makes the Location absolute.
        const location = response.headers?.location;
        throw new Redirected(
          response.statusCode,
          typeof location === 'string' ? location : undefined,
          url,
          req.method,
        );
      }),
    }));
  }
}

/**
 * Statuses of a gateway that passed the request on and lost the answer: the CRM may have applied a write. Status
 * Codes and Error Responses: 502 "Salesforce Edge wasn't able to communicate successfully with the Salesforce
 * instance" (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/errorcodes.htm); 504 is a
 * gateway's timeout. 500 ("an error has occurred within Lightning Platform, so the request couldn't be completed")
 * and 503 ("the server is unavailable to handle the request") are the CRM's own refusals: nothing was saved.
 */
export const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 504]);
