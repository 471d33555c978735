import type { FastifyInstance } from 'fastify';
import { sessionValid, type SandboxOrg } from '../org';
import type { UndeleteResult } from '../records/record-types';
import type { VersionParams } from './answers';
import { SANDBOX_API_VERSIONS } from './versions';

const PARTNER_NS = 'urn:partner.soap.sforce.com';

const xmlText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The text of each `name` element of a SOAP body. Strict, only those of the partner namespace (the WSDL's
 * elementFormDefault is qualified): prefixed by a prefix declared for it, or unprefixed under a default namespace
 * declared as it before the element.
 */
function soapElements(body: string, name: string, strict: boolean): string[] {
  const texts: string[] = [];
  for (const m of body.matchAll(new RegExp(`<(?:(\\w+):)?${name}>([^<]*)</(?:\\w+:)?${name}>`, 'g'))) {
    const [, prefix, text] = m;
    const namespace = prefix
      ? new RegExp(`xmlns:${prefix}="([^"]*)"`).exec(body)?.[1]
      : [...body.slice(0, m.index).matchAll(/xmlns="([^"]*)"/g)].at(-1)?.[1];
    if (!strict || namespace === PARTNER_NS) texts.push(text!.trim());
  }
  return texts;
}

const soapEnvelope = (body: string, header = '') =>
  '<?xml version="1.0" encoding="UTF-8"?>' +
  `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns="${PARTNER_NS}"` +
  ' xmlns:sf="urn:fault.partner.soap.sforce.com" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
  `${header ? `<soapenv:Header>${header}</soapenv:Header>` : ''}<soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;

const soapFault = (code: string, message: string) =>
  soapEnvelope(
    `<soapenv:Fault><faultcode>sf:${code}</faultcode><faultstring>${code}: ${xmlText(message)}</faultstring>` +
      `<detail><sf:UnexpectedErrorFault xsi:type="sf:UnexpectedErrorFault"><sf:exceptionCode>${code}</sf:exceptionCode>` +
      `<sf:exceptionMessage>${xmlText(message)}</sf:exceptionMessage></sf:UnexpectedErrorFault></detail></soapenv:Fault>`,
  );

const undeleteResult = (r: UndeleteResult) => {
  const errors = r.errors
    .map(
      (e) =>
        `<errors><message>${xmlText(e.message)}</message><statusCode>${e.errorCode}</statusCode></errors>`,
    )
    .join('');
  const id = r.id ? `<id>${r.id}</id>` : '<id xsi:nil="true"/>';
  return `<result>${errors}${id}<success>${r.success}</success></result>`;
};

// SOAP API (partner WSDL), the one call Storico makes through it: undelete()
// (https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_undelete.htm), answering
// UndeleteResult[] (https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_undelete_undeleteresult.htm)
// and faults as <soapenv:Fault> with an sf: faultcode and HTTP 500. The envelope is read with patterns, not a
// full XML parser: only the session id, the operation and its ids matter here.
export function soapUndeleteRoutes(app: FastifyInstance, org: SandboxOrg): void {
  const { stats } = org;
  app.post('/services/Soap/u/:version', async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const fault = (code: string, message: string) =>
      reply.code(500).type('text/xml; charset=utf-8').send(soapFault(code, message));
    const version = (request.params as VersionParams).version;
    if (!SANDBOX_API_VERSIONS.includes(version))
      return fault('UNSUPPORTED_API_VERSION', `Invalid Api version specified on URL: ${version}`);
    const session = /<(?:\w+:)?sessionId>([^<]*)<\/(?:\w+:)?sessionId>/.exec(body)?.[1];
    if (!sessionValid(org, session))
      return fault('INVALID_SESSION_ID', 'Invalid Session ID found in SessionHeader: Illegal Session');
    if (stats.apiUsed >= stats.apiLimit)
      return fault('REQUEST_LIMIT_EXCEEDED', 'TotalRequests Limit exceeded.');
    stats.apiUsed++;
    const operation = /<(?:\w+:)?Body[^>]*>\s*<(?:\w+:)?(\w+)[\s>]/.exec(body)?.[1];
    if (operation !== 'undelete')
      return fault(
        'INVALID_OPERATION',
        `The sandbox CRM does not offer the SOAP call ${operation ?? '(none)'}`,
      );
    const ids = soapElements(body, 'ids', org.options.strictSoapNamespaces ?? false);
    if (ids.length === 0 || ids.length > 200)
      return fault('INVALID_BATCH_SIZE', 'undelete takes between 1 and 200 ids');
    stats.undeletes++;
    const results = org.records.undelete(ids, org.integrationUserId).map(undeleteResult);
    return reply
      .type('text/xml; charset=utf-8')
      .send(
        soapEnvelope(
          `<undeleteResponse>${results.join('')}</undeleteResponse>`,
          `<LimitInfoHeader><limitInfo><current>${stats.apiUsed}</current><limit>${stats.apiLimit}</limit><type>API REQUESTS</type></limitInfo></LimitInfoHeader>`,
        ),
      );
  });
}
