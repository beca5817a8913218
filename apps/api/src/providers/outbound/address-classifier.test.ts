import { describe, expect, it } from 'vitest';
import { classifyAddress, isPublicAddress, parseIPv6 } from './address-classifier.js';

describe('classifyAddress: IPv4', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.254', 'shared'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255', // just below CGNAT
    '100.128.0.0', // just above CGNAT
    '172.15.255.255', // just below 172.16/12
    '172.32.0.0', // just above
    '169.253.255.255',
    '192.169.0.1',
    '223.255.255.255', // last unicast before multicast
    '11.0.0.1',
  ])('%s is public', (address) => {
    expect(classifyAddress(address)).toBe('public');
  });

  it.each([
    '2130706433', // 127.0.0.1 as a decimal integer
    '0x7f000001', // as hex
    '0177.0.0.1', // octal first octet
    '127.1', // short form
    '127.0.0.1.', // trailing dot
    '256.1.1.1',
    'localhost',
    '',
  ])('%s is not a canonical address (resolve it first)', (text) => {
    expect(classifyAddress(text)).toBe('invalid');
    expect(isPublicAddress(text)).toBe(false);
  });
});

describe('classifyAddress: IPv6', () => {
  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'reserved'],
    ['ff02::1', 'multicast'],
    ['ff0e::101', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['::7f00:1', 'reserved'], // IPv4-compatible ::127.0.0.1
    ['::8.8.8.8', 'reserved'], // deprecated IPv4-compatible, even to a public address
    ['::127.0.0.1', 'reserved'], // (ipaddr.js alone would read this as ::ffff:127.0.0.1)
    ['2001:20::1', 'reserved'], // ORCHIDv2: an identifier, not a host
    ['2001:1::1', 'reserved'], // IETF protocol assignments (2001::/23)
    ['5f00::1', 'reserved'], // segment routing
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:100.64.0.1', 'shared'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'private'],
    ['::ffff:0:127.0.0.1', 'loopback'], // IPv4-translated
    ['64:ff9b::127.0.0.1', 'loopback'], // NAT64 to loopback
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b:1::1', 'reserved'],
    ['2002:7f00:1::1', 'loopback'], // 6to4 of 127.0.0.1
    ['2002:c0a8:101::1', 'private'],
  ])('IPv4 inside IPv6: %s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each([
    '2606:4700:4700::1111',
    '2a00:1450:4001:82a::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:4860:4860::8888',
    'fbff:ffff::1', // just below fc00::/7
  ])('%s is public', (address) => {
    expect(classifyAddress(address)).toBe('public');
  });

  it('refuses text that is not IPv6', () => {
    expect(classifyAddress('::g')).toBe('invalid');
    expect(classifyAddress('1:2:3:4:5:6:7:8:9')).toBe('invalid');
    expect(classifyAddress('1::2::3')).toBe('invalid');
  });

  it('expands every IPv6 spelling to eight groups', () => {
    expect(parseIPv6('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIPv6('fe80::1:2%en0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 1, 2]);
  });
});
