import { Transport } from 'jsforce/lib/transport';
import type { HttpRequest, HttpRequestOptions } from 'jsforce/lib/types';

/**
 * jsforce's HTTP transport, keeping the status of the last answer: the errors jsforce throws carry the error code
 * of the body, not the status, and a gateway's answer can carry any body. One per request. `sendTo` names the URL
 * each send goes to: jsforce repeats a call refused for an expired session at the URL it built before the new
 * token, whose instance URL may differ.
 */
export class StatusTransport extends Transport {
  status: number | undefined;

  constructor(private readonly sendTo: (url: string) => string = (url) => url) {
    super();
  }

  override httpRequest(req: HttpRequest, options?: HttpRequestOptions) {
    const url = this.sendTo(req.url);
    const answer = super.httpRequest(url === req.url ? req : { ...req, url }, options);
    answer.then(
      (response) => {
        this.status = response.statusCode;
      },
      () => undefined,
    );
    return answer;
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
