import { isIPv6 } from 'node:net';

/**
 * Who a client address stands for, for the per-address limits and sign-in locks: an IPv4 address itself (an
 * IPv4-mapped IPv6 address as its IPv4), an IPv6 address its /64. One subscriber or host holds a whole /64 and can
 * take a new address from it at each request; counted per address, it had a fresh budget and a fresh lock each time.
 * The audit log keeps the full address.
 */
export function addressSource(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, in lower case, without leading zeros ('::' filled in). */
function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = tail === undefined ? left : [...left, ...Array<string>(missing).fill('0'), ...right];
  return groups.map((group) => (group.includes('.') ? group : Number.parseInt(group, 16).toString(16)));
}
