import { isIP } from 'node:net';

/**
 * The org's new instance URL, when a call sent to `sentTo` was redirected to `location` because the org's host
 * name changed: after a My Domain change "Salesforce redirects your previous My Domain host names", and "all
 * redirections from previous My Domain host names use redirect code 301 or redirect code 307"
 * (https://help.salesforce.com/s/articleView?id=xcloud.domain_name_redirections_understand.htm). Such a redirect
 * names the same resource on another host of the org: the same path and query, over https (or over http as the
 * request was, which only the sandbox CRM and tests use: never from https down to http), on a host under the same
 * domain (my.salesforce.com), or the same address on another port. Null for any other redirect: the access token is
 * not sent to a host the org may not be on, and a call is not sent to a resource it was not meant for.
 */
export function movedInstance(sentTo: string, location: string | undefined): string | null {
  if (!location) return null;
  let from: URL;
  let to: URL;
  try {
    from = new URL(sentTo);
    to = new URL(location, sentTo);
  } catch {
    return null;
  }
  if (to.origin === from.origin || to.username || to.password) return null;
  if (to.pathname !== from.pathname || to.search !== from.search) return null;
  if (to.protocol !== 'https:' && to.protocol !== from.protocol) return null;
  return sameDomain(from.hostname, to.hostname) ? to.origin : null;
}

/** Names under one domain (its last two labels); an address or a one-label name only as itself. */
function sameDomain(a: string, b: string): boolean {
  const bare = (host: string) => isIP(host.replace(/^\[|\]$/g, '')) !== 0 || !host.includes('.');
  if (bare(a) || bare(b)) return a === b;
  const domain = (host: string) => host.split('.').slice(-2).join('.');
  return domain(a) === domain(b);
}
