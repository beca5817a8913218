import { isIPv4, isIPv6 } from 'node:net';

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

type Range = readonly [prefix: readonly number[], bits: number, kind: AddressKind];

/** IPv4 ranges that are not globally reachable (IANA special-purpose registry). */
const IPV4_RANGES: readonly Range[] = [
  [[0, 0, 0, 0], 8, 'unspecified'], // "this network"
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'shared'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'reserved'],
  [[192, 88, 99, 0], 24, 'reserved'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'],
  [[198, 51, 100, 0], 24, 'reserved'],
  [[203, 0, 113, 0], 24, 'reserved'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[255, 255, 255, 255], 32, 'broadcast'],
  [[240, 0, 0, 0], 4, 'reserved'],
];

/** IPv6 ranges as 16-bit groups; ranges that embed an IPv4 address are handled before these. */
const IPV6_RANGES: readonly Range[] = [
  [[0, 0, 0, 0, 0, 0, 0, 0], 128, 'unspecified'],
  [[0, 0, 0, 0, 0, 0, 0, 1], 128, 'loopback'],
  [[0x0100, 0, 0, 0], 64, 'reserved'], // discard-only
  [[0x2001, 0], 32, 'reserved'], // Teredo: the real endpoint is hidden in the address
  [[0x2001, 0x0002, 0], 48, 'reserved'], // benchmarking
  [[0x2001, 0x0db8], 32, 'reserved'], // documentation
  [[0x2001, 0x0010], 28, 'reserved'], // ORCHID
  [[0x3fff], 20, 'reserved'], // documentation (RFC 9637)
  [[0xfc00], 7, 'unique-local'],
  [[0xfe80], 10, 'link-local'],
  [[0xfec0], 10, 'reserved'], // deprecated site-local
  [[0xff00], 8, 'multicast'],
  [[0, 0, 0, 0, 0, 0], 96, 'reserved'], // deprecated IPv4-compatible (::a.b.c.d)
];

function inRange(value: readonly number[], prefix: readonly number[], bits: number, width: number) {
  let remaining = bits;
  for (let i = 0; remaining > 0; i++) {
    const take = Math.min(width, remaining);
    const mask = ((1 << take) - 1) << (width - take);
    if (((value[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
    remaining -= take;
  }
  return true;
}

const classifyFrom = (value: readonly number[], ranges: readonly Range[], width: number): AddressKind =>
  ranges.find(([prefix, bits]) => inRange(value, prefix, bits, width))?.[2] ?? 'public';

/** The four octets of a dotted-quad IPv4 address in canonical form (node:net rules), or null. */
export function parseIPv4(address: string): number[] | null {
  if (!isIPv4(address)) return null;
  return address.split('.').map(Number);
}

/** The eight 16-bit groups of an IPv6 address (with an optional zone and trailing dotted quad), or null. */
export function parseIPv6(address: string): number[] | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(bare)) return null;
  let text = bare.toLowerCase();
  const quad = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (quad?.[1]) {
    const octets = parseIPv4(quad[1]);
    if (!octets) return null;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    text = `${text.slice(0, -quad[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  return groups.map((g) => Number.parseInt(g, 16));
}

function classifyIPv4(octets: readonly number[]): AddressKind {
  return classifyFrom(octets, IPV4_RANGES, 8);
}

const embeddedIPv4 = (groups: readonly number[], at: number) => [
  (groups[at] ?? 0) >> 8,
  (groups[at] ?? 0) & 0xff,
  (groups[at + 1] ?? 0) >> 8,
  (groups[at + 1] ?? 0) & 0xff,
];

function classifyIPv6(groups: readonly number[]): AddressKind {
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-translated (::ffff:0:a.b.c.d): the IPv4 address decides.
  if (inRange(groups, [0, 0, 0, 0, 0, 0xffff], 96, 16)) return classifyIPv4(embeddedIPv4(groups, 6));
  if (inRange(groups, [0, 0, 0, 0, 0xffff, 0], 96, 16)) return classifyIPv4(embeddedIPv4(groups, 6));
  // NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48) reach the embedded IPv4 address.
  if (inRange(groups, [0x64, 0xff9b, 0, 0, 0, 0], 96, 16)) return classifyIPv4(embeddedIPv4(groups, 6));
  if (inRange(groups, [0x64, 0xff9b, 0x1], 48, 16)) return 'reserved';
  // 6to4 (2002:AABB:CCDD::/48) tunnels to the IPv4 address in bits 16–47.
  if (inRange(groups, [0x2002], 16, 16)) return classifyIPv4(embeddedIPv4(groups, 1));
  return classifyFrom(groups, IPV6_RANGES, 16);
}

/**
 * Classifies an IP address in the canonical forms a resolver answers (dotted-quad IPv4, any valid
 * IPv6 text including IPv4-mapped forms). Anything else — host names, decimal or hex integers,
 * short forms like 127.1 — is `invalid`: resolve names first and classify what the resolver answers.
 */
export function classifyAddress(address: string): AddressKind {
  const v4 = parseIPv4(address);
  if (v4) return classifyIPv4(v4);
  const v6 = parseIPv6(address);
  if (v6) return classifyIPv6(v6);
  return 'invalid';
}

export const isPublicAddress = (address: string) => classifyAddress(address) === 'public';
