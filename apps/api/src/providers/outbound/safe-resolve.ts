import { lookup as dnsLookup } from 'node:dns/promises';
import { type AddressKind, classifyAddress, describeAddressKind } from './address-classifier.js';

/** One resolved address, as `dns.lookup(..., { all: true })` answers. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has (the system resolver by default). */
export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

/**
 * Which resolved addresses a connection may reach. Production code never passes one (only public
 * addresses pass); tests inject one that also lets 127.0.0.1 through, to reach their local servers.
 */
export type AddressPermit = (address: string, kind: AddressKind) => boolean;
export const publicOnly: AddressPermit = (_address, kind) => kind === 'public';

export const systemResolver: HostResolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** A destination that was resolved and checked: connect to `address`, present `host` for TLS. */
export interface CheckedTarget {
  host: string;
  address: string;
  family: number;
}

/** Refused before any connection was made; the message says why in words a customer understands. */
export class OutboundRefusedError extends Error {
  constructor(
    message: string,
    readonly reason: 'not_found' | 'not_public',
    readonly kind?: AddressKind,
  ) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

/**
 * Resolves `host` once and checks every address it resolves to: the destination is refused when
 * any of them is not a public address (loopback, private, link-local, carrier-grade NAT,
 * multicast, unspecified, IPv6 unique-local, reserved — including IPv4 addresses written as
 * integers, hex or short forms, which the resolver turns into dotted quads, and IPv4-mapped IPv6).
 * The caller connects to the answered address rather than the name, so a second DNS answer cannot
 * redirect the connection (DNS rebinding).
 */
export async function resolvePublicTarget(
  host: string,
  options: { resolver?: HostResolver; label?: string; permit?: AddressPermit } = {},
): Promise<CheckedTarget> {
  const label = options.label ?? 'The host';
  const name = host.trim().replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  try {
    addresses = await (options.resolver ?? systemResolver)(name);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new OutboundRefusedError(
      `${label} ${name} could not be found (DNS lookup failed${code ? `: ${code}` : ''}).`,
      'not_found',
    );
  }
  if (addresses.length === 0)
    throw new OutboundRefusedError(
      `${label} ${name} has no address (DNS lookup found nothing).`,
      'not_found',
    );
  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (!(options.permit ?? publicOnly)(address, kind)) {
      throw new OutboundRefusedError(
        `${label} ${name} resolves to ${address}, ${kind === 'public' ? 'an address this check may not reach' : describeAddressKind(kind)}. Connections to private, loopback, link-local and other non-public addresses are not allowed.`,
        'not_public',
        kind,
      );
    }
  }
  const first = addresses[0] as ResolvedAddress;
  return { host: name, address: first.address, family: first.family };
}
