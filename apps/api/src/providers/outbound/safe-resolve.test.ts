import { describe, expect, it } from 'vitest';
import type { MailTransport, SmtpSettings } from '../mail/mail-transport.js';
import { createGuardedSmtpFactory } from './guarded-smtp.js';
import { type HostResolver, OutboundRefusedError, resolvePublicTarget } from './safe-resolve.js';

const fakeDns =
  (table: Record<string, string[]>): HostResolver =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('resolvePublicTarget', () => {
  it('answers the checked address of a public host', async () => {
    const target = await resolvePublicTarget('smtp.example.com', {
      resolver: fakeDns({ 'smtp.example.com': ['93.184.216.34', '2606:2800:220:1::1'] }),
    });
    expect(target).toEqual({ host: 'smtp.example.com', address: '93.184.216.34', family: 4 });
  });

  it('refuses a host when any of its addresses is not public', async () => {
    const resolver = fakeDns({ 'mixed.example.com': ['93.184.216.34', '10.0.0.5'] });
    const err = await resolvePublicTarget('mixed.example.com', { resolver, label: 'The SMTP host' }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(OutboundRefusedError);
    expect((err as OutboundRefusedError).message).toBe(
      'The SMTP host mixed.example.com resolves to 10.0.0.5, a private network address. Connections to private, loopback, link-local and other non-public addresses are not allowed.',
    );
    expect((err as OutboundRefusedError).kind).toBe('private');
  });

  it.each([
    ['metadata.example.com', '169.254.169.254', 'link-local'],
    ['v6loop.example.com', '::1', 'loopback'],
    ['mapped.example.com', '::ffff:127.0.0.1', 'loopback'],
    ['ula.example.com', 'fd00::1', 'unique-local'],
    ['cgnat.example.com', '100.64.1.1', 'shared'],
    ['zero.example.com', '0.0.0.0', 'unspecified'],
    ['multicast.example.com', '224.0.0.251', 'multicast'],
  ])('refuses %s (%s)', async (host, address, kind) => {
    const err = await resolvePublicTarget(host, { resolver: fakeDns({ [host]: [address] }) }).catch(
      (e: unknown) => e as OutboundRefusedError,
    );
    expect(err).toBeInstanceOf(OutboundRefusedError);
    expect((err as OutboundRefusedError).kind).toBe(kind);
  });

  it('says so when the name does not resolve', async () => {
    await expect(resolvePublicTarget('nowhere.invalid', { resolver: fakeDns({}) })).rejects.toThrow(
      'The host nowhere.invalid could not be found (DNS lookup failed: ENOTFOUND).',
    );
    await expect(
      resolvePublicTarget('empty.example.com', { resolver: fakeDns({ 'empty.example.com': [] }) }),
    ).rejects.toThrow('has no address');
  });

  // The system resolver accepts integer, hex, octal and short IPv4 spellings; what it answers is checked.
  it.each([
    '127.0.0.1',
    'localhost',
    '2130706433',
    '0x7f000001',
    '0177.0.0.1',
    '127.1',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '0.0.0.0',
    '10.1.2.3',
  ])('refuses %s through the system resolver', async (host) => {
    const err = await resolvePublicTarget(host).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundRefusedError);
    expect((err as OutboundRefusedError).reason).toBe('not_public');
  });
});

describe('guarded SMTP', () => {
  const settings: SmtpSettings = {
    host: 'mail.agency.example',
    port: 587,
    secure: false,
    username: 'u',
    password: 'p',
    companyId: 42,
  };
  const recording = () => {
    const seen: SmtpSettings[] = [];
    const inner = (s: SmtpSettings): MailTransport => {
      seen.push(s);
      return { name: 'smtp', deliver: async () => ({ status: 'sent', providerMessageId: 'x' }) };
    };
    return { seen, inner };
  };
  const message = { from: { address: 'a@b.example', name: '' }, to: 'c@d.example', subject: 's', text: 't' };

  it('connects to the checked address and verifies TLS against the host name', async () => {
    const { seen, inner } = recording();
    const factory = createGuardedSmtpFactory({
      inner,
      isTrusted: async () => false,
      resolver: fakeDns({ 'mail.agency.example': ['93.184.216.34'] }),
    });
    await factory.transport(settings).deliver(message);
    expect(seen).toEqual([{ ...settings, host: '93.184.216.34', tlsServername: 'mail.agency.example' }]);
  });

  it('refuses before connecting when the host is private', async () => {
    const { seen, inner } = recording();
    const factory = createGuardedSmtpFactory({
      inner,
      isTrusted: async () => false,
      resolver: fakeDns({ 'mail.agency.example': ['192.168.0.10'] }),
    });
    await expect(factory.transport(settings).deliver(message)).rejects.toThrow(
      'The SMTP host mail.agency.example resolves to 192.168.0.10',
    );
    expect(seen).toEqual([]);
  });

  it("leaves the operator's own (trusted) server as configured", async () => {
    const { seen, inner } = recording();
    const factory = createGuardedSmtpFactory({
      inner,
      isTrusted: async (id) => id === 42,
      resolver: fakeDns({}),
    });
    await factory.transport({ ...settings, host: '127.0.0.1' }).deliver(message);
    expect(seen[0]?.host).toBe('127.0.0.1');
  });
});
