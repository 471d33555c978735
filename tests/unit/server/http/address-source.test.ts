import { describe, expect, it } from 'vitest';
import { addressSource } from '../../../../server/http/address-source';

describe('the source a client address counts as', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (ip, source) => {
    expect(addressSource(ip)).toBe(source);
  });

  it('puts two addresses of one /64 together, and those of two /64s apart', () => {
    expect(addressSource('2001:db8:1:2::a')).toBe(addressSource('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(addressSource('2001:db8:1:2::a')).not.toBe(addressSource('2001:db8:1:3::a'));
  });
});
