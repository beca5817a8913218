import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * What kind of destination an IP address is. Only `public` may be reached by connections a
 * customer chooses (SMTP hosts, webhooks, site checks): everything else could reach the platform's
 * own network, the cloud metadata service or hosts nobody should be talking to.
 */
export type AddressKind =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared' // carrier-grade NAT, 100.64.0.0/10
  | 'multicast'
  | 'broadcast'
  | 'unique-local' // IPv6 fc00::/7
  | 'reserved' // documentation, benchmarking, protocol assignments, future use, deprecated ranges
  | 'invalid';

const KIND_TEXT: Record<Exclude<AddressKind, 'public'>, string> = {
  unspecified: 'an unspecified address',
  loopback: 'a loopback address',
  private: 'a private network address',
  'link-local': 'a link-local address',
  shared: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  'unique-local': 'an IPv6 unique local address',
  reserved: 'a reserved address',
  invalid: 'not a valid IP address',
};
export const describeAddressKind = (kind: Exclude<AddressKind, 'public'>) => KIND_TEXT[kind];

/**
 * ipaddr.js range names (`.range()`, IPv4 and IPv6) that are our kinds. `unicast` is public unless
 * ALSO_REFUSED holds it; the ranges embedding an IPv4 address are classified by that address (below);
 * every other name (teredo, ORCHID, discard, site-local, AS112, AMT, segment routing, and any range a
 * later ipaddr.js adds) is `reserved`: an unknown range is refused, not let through.
 */
const KIND_OF_RANGE: Record<string, AddressKind> = {
  unicast: 'public',
  unspecified: 'unspecified',
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'link-local',
  carrierGradeNat: 'shared',
  multicast: 'multicast',
  broadcast: 'broadcast',
  uniqueLocal: 'unique-local',
};

/**
 * Refused although some ipaddr.js version may call them `unicast`: IANA's non-global ranges
 * (documentation, benchmarking, 6to4 relay anycast, IETF protocol assignments, 240/4) and the
 * deprecated IPv4-compatible IPv6 form ::a.b.c.d (RFC 4291), even to a public address.
 */
const ALSO_REFUSED = [
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '240.0.0.0/4',
  '::/96',
  '2001::/23',
  '2001:db8::/32',
  '3fff::/20',
].map((cidr) => ipaddr.parseCIDR(cidr));

/** NAT64's well-known prefix reaches the IPv4 address in its last 32 bits (64:ff9b:1::/48 is local-use). */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * The eight 16-bit groups of an IPv6 address (brackets and a zone allowed), or null. A trailing
 * dotted quad is turned into two groups first: ipaddr.js reads `::a.b.c.d` as `::ffff:a.b.c.d`.
 */
export function parseIPv6(address: string): number[] | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(bare)) return null;
  const hex = bare.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_quad, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((g) => g.toString(16)).join(':'),
  );
  return ipaddr.IPv6.parse(hex).parts;
}

/** The IPv4 address in groups `at` and `at + 1` of an IPv6 address. */
const ipv4At = (parts: readonly number[], at: number) => {
  const [high = 0, low = 0] = parts.slice(at, at + 2);
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
};

function classify(ip: ipaddr.IPv4 | ipaddr.IPv6): AddressKind {
  const range = ip.range();
  if (ip.kind() === 'ipv6') {
    const { parts } = ip as ipaddr.IPv6;
    // IPv4-mapped ::ffff:a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, NAT64 and 6to4 (2002:AABB:CCDD::/48)
    // all reach the IPv4 address they carry: that address decides.
    if (range === 'ipv4Mapped' || range === 'rfc6145') return classify(ipv4At(parts, 6));
    if (range === 'rfc6052') return ip.match(NAT64) ? classify(ipv4At(parts, 6)) : 'reserved';
    if (range === '6to4') return classify(ipv4At(parts, 1));
  }
  const kind = KIND_OF_RANGE[range] ?? 'reserved';
  if (
    kind === 'public' &&
    ALSO_REFUSED.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits))
  )
    return 'reserved';
  return kind;
}

/**
 * Classifies an IP address in the canonical forms a resolver answers (dotted-quad IPv4, any valid
 * IPv6 text including IPv4-mapped forms, brackets and a zone allowed). Anything else — host names,
 * decimal or hex integers, short forms like 127.1 (ipaddr.js would accept those) — is `invalid`:
 * resolve names first and classify what the resolver answers.
 */
export function classifyAddress(address: string): AddressKind {
  if (isIPv4(address)) return classify(ipaddr.IPv4.parse(address));
  const parts = parseIPv6(address);
  return parts ? classify(new ipaddr.IPv6(parts)) : 'invalid';
}

export const isPublicAddress = (address: string) => classifyAddress(address) === 'public';
