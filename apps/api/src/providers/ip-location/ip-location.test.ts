import { describe, expect, it } from 'vitest';
import { createDbIpLocator, formatLocation } from './ip-location.js';

describe('offline IP location (DB-IP Lite city table)', () => {
  const locate = createDbIpLocator();

  it('finds the city, region and country of a known public address', () => {
    // Google's public resolver: registered to Mountain View, California in every edition of the table.
    expect(locate('8.8.8.8')).toBe('Mountain View, California, US');
    expect(locate(' 8.8.8.8 ')).toBe('Mountain View, California, US');
    // IPv6 is read from its own table.
    expect(locate('2a00:1450:4001:80b::200e')).toBe('Frankfurt am Main, Hesse, DE');
  });

  it('answers blank, not an error, for private, loopback, documentation and malformed addresses', () => {
    for (const ip of ['10.0.0.1', '192.168.1.20', '127.0.0.1', '::1', '203.0.113.9', 'fd00::1', '', 'nope'])
      expect(locate(ip), ip).toBe('');
  });

  it('writes the parts the record has, without repeats', () => {
    expect(formatLocation(null)).toBe('');
    expect(formatLocation({ city: 'Singapore', state1: 'Singapore', country_code: 'SG' })).toBe(
      'Singapore, SG',
    );
    expect(formatLocation({ city: '', state1: 'Ohio', country_code: 'US' })).toBe('Ohio, US');
  });
});
