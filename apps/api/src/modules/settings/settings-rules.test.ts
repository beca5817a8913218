import { agencyCostInputSchema, asCents, asMicros } from '@app/contracts';
import { drawLogoPng } from '@app/db';
import { describe, expect, it } from 'vitest';
import { createSandboxCertificateProvider } from '../../providers/certificates/sandbox-certificate-provider.js';
import type { HostResolver } from '../../providers/outbound/safe-resolve.js';
import { detectBrandingImageType, isIco } from './branding-images.js';
import { isWithin } from './company-hosts.js';
import { floorViolationOf, rowsFromInput, toAgencyCost } from './cost-settings.js';
import { applyNaming, currentNaming, RESERVED_MODULE_SLUGS } from './module-names.js';

const price = (
  module: string,
  term: string,
  costPerLeadMicros: number,
  extra: { setupFeeCents?: number; platformFeeCents?: number } = {},
) => ({
  module,
  term: term as 'Weekly',
  setupFeeCents: asCents(extra.setupFeeCents ?? 0),
  platformFeeCents: asCents(extra.platformFeeCents ?? 0),
  costPerLeadMicros: asMicros(costPerLeadMicros),
  costPerLeadAdvancedMicros: asMicros(0),
});

describe('cost settings', () => {
  it('reads the company’s own row, else the parent’s, else zero, as dollar strings', () => {
    const own = [price('enhance', 'Weekly', 900_000, { setupFeeCents: 1000 })];
    const parent = [
      price('enhance', 'Weekly', 750_000),
      price('enhance', 'Monthly', 600_000, { platformFeeCents: 4999 }),
    ];
    const cost = toAgencyCost(own, parent);
    expect(cost.enhance.Weekly).toEqual({ PlatformFee: '10.00', MinCostMonth: '0', Costperlead: '0.90' });
    expect(cost.enhance.Monthly).toEqual({ PlatformFee: '0', MinCostMonth: '49.99', Costperlead: '0.60' });
    expect(cost.b2b.Prepaid).toEqual({ PlatformFee: '0', MinCostMonth: '0', Costperlead: '0' });
    expect(cost.local.OneTime.LeadspeekCostperleadAdvanced).toBe('0');
  });

  it('turns a parsed input into complete rows, only for the terms sent', () => {
    const input = agencyCostInputSchema.parse({
      local: {
        Weekly: {
          PlatformFee: '1',
          MinCostMonth: '2',
          Costperlead: '0.125',
          LeadspeekCostperleadAdvanced: '0.5',
        },
      },
      b2b: { Prepaid: { PlatformFee: '0', MinCostMonth: '0', Costperlead: '3' } },
    });
    expect(rowsFromInput(input)).toEqual([
      {
        module: 'local',
        term: 'Weekly',
        setupFeeCents: 100,
        platformFeeCents: 200,
        costPerLeadMicros: 125_000,
        costPerLeadAdvancedMicros: 500_000,
      },
      {
        module: 'b2b',
        term: 'Prepaid',
        setupFeeCents: 0,
        platformFeeCents: 0,
        costPerLeadMicros: 3_000_000,
        costPerLeadAdvancedMicros: 0,
      },
    ]);
  });

  it('finds the first enhance or b2b price below the parent’s for the same term', () => {
    const parent = [
      price('enhance', 'Weekly', 750_000),
      price('b2b', 'Monthly', 1_000_000),
      price('local', 'Weekly', 5_000_000),
    ];
    const rows = (r: ReturnType<typeof price>[]) => r as Parameters<typeof floorViolationOf>[0];
    expect(floorViolationOf(rows([price('local', 'Weekly', 1)]), parent)).toBeNull();
    expect(floorViolationOf(rows([price('enhance', 'Weekly', 750_000)]), parent)).toBeNull();
    expect(floorViolationOf(rows([price('enhance', 'Monthly', 0)]), parent)).toBeNull(); // parent has none
    expect(floorViolationOf(rows([price('b2b', 'Monthly', 999_999)]), parent)).toMatchObject({
      module: 'b2b',
      term: 'Monthly',
      minimum: 1_000_000,
      message: '*Cost Per Lead Minimum $1.00',
      field: 'comsetval.b2b.Monthly.Costperlead',
    });
  });
});

describe('module names', () => {
  const current = currentNaming(
    [{ module: 'local', displayName: 'Visitors', slug: 'visitors' }],
    ['local', 'locator', 'enhance'],
  );

  it('starts from the stored naming and the defaults', () => {
    expect(current.map((n) => n.slug)).toEqual(['visitors', 'searchid', 'enhanceid']);
  });

  it('reserves the static routes of the web app and the server prefixes', () => {
    for (const slug of ['configuration', 'user', 'login', 'register', 'integrations', 'api', 'files'])
      expect(RESERVED_MODULE_SLUGS.has(slug), slug).toBe(true);
    expect(RESERVED_MODULE_SLUGS.has('siteid')).toBe(false);
  });

  it('checks new slugs against every other module, stored or default', () => {
    expect(applyNaming(current, { locator: { name: 'X', url: 'visitors' } })).toEqual({
      ok: false,
      fields: { 'comsetval.locator.url': 'Each module needs its own URL.' },
    });
    const swapped = applyNaming(current, {
      local: { name: 'Search', url: 'searchid-old' },
      locator: { name: 'Visitors', url: 'visitors' },
    });
    expect(swapped.ok).toBe(true);
    expect(applyNaming(current, { enhance: { name: 'E', url: 'leads' } }).ok).toBe(true);
    expect(applyNaming(current, { enhance: { name: 'E', url: 'dashboard' } })).toMatchObject({ ok: false });
    expect(applyNaming(current, { enhance: { name: 'E', url: 'campaign' } })).toMatchObject({ ok: false });
  });
});

describe('favicon images', () => {
  const png = drawLogoPng('#123456', 16);
  const ico = (entry: Buffer, patch?: (b: Buffer) => void) => {
    const header = Buffer.alloc(22);
    header.writeUInt16LE(1, 2);
    header.writeUInt16LE(1, 4);
    header.writeUInt32LE(entry.length, 14);
    header.writeUInt32LE(22, 18);
    const file = Buffer.concat([header, entry]);
    patch?.(file);
    return file;
  };

  it('recognises icons holding a PNG or a BMP, and nothing that merely starts like one', () => {
    expect(isIco(ico(png))).toBe(true);
    const bmp = Buffer.alloc(40 + 16);
    bmp.writeUInt32LE(40, 0);
    expect(isIco(ico(bmp))).toBe(true);
    expect(isIco(ico(Buffer.from('<svg></svg>')))).toBe(false);
    expect(isIco(ico(png, (b) => b.writeUInt32LE(10_000, 14)))).toBe(false); // entry past the end
    expect(isIco(ico(png, (b) => b.writeUInt16LE(0, 4)))).toBe(false); // no images
    expect(isIco(ico(png, (b) => b.writeUInt16LE(2, 2)))).toBe(false); // a cursor, not an icon
    expect(isIco(Buffer.from([0, 0, 1, 0]))).toBe(false);
  });

  it('accepts ICO for favicons only', () => {
    expect(detectBrandingImageType(ico(png), 'favicon')).toBe('image/x-icon');
    expect(detectBrandingImageType(ico(png), 'logo')).toBeNull();
    expect(detectBrandingImageType(png, 'logo')).toBe('image/png');
  });
});

describe('sandbox certificate provider', () => {
  const resolver =
    (table: Record<string, string[]>): HostResolver =>
    async (host) => {
      const found = table[host];
      if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };

  it('issues when every address of the domain is the platform’s', async () => {
    const provider = createSandboxCertificateProvider({
      resolver: resolver({
        'app.example.com': ['198.51.100.7', '2001:db8::7'],
        'leads.agency.com': ['2001:DB8::7'],
      }),
      now: () => new Date('2026-01-02T03:04:05Z'),
    });
    expect(await provider.issue('leads.agency.com', 'app.example.com')).toEqual({
      status: 'active',
      detail:
        'Sandbox certificate for leads.agency.com issued at 2026-01-02T03:04:05.000Z (not trusted by browsers).',
    });
    expect(provider.issued.get('leads.agency.com')?.addresses).toEqual(['2001:db8::7']);
  });

  it('fails with a reason a person can act on', async () => {
    const provider = createSandboxCertificateProvider({
      resolver: resolver({ 'app.example.com': ['198.51.100.7'], 'elsewhere.com': ['203.0.113.1'] }),
    });
    expect(await provider.issue('missing.com', 'app.example.com')).toEqual({
      status: 'failed',
      reason:
        'The domain missing.com could not be found in DNS (ENOTFOUND). Point its A/AAAA records (or a CNAME) at app.example.com (198.51.100.7) and retry.',
    });
    expect(await provider.issue('elsewhere.com', 'app.example.com')).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('points to 203.0.113.1, not to this platform (198.51.100.7)'),
    });
    expect(await provider.issue('elsewhere.com', 'gone.example.com')).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining("The platform's own address could not be determined"),
    });
  });
});

describe('domains', () => {
  it('knows what lies within a platform domain', () => {
    expect(isWithin('localhost', 'localhost')).toBe(true);
    expect(isWithin('a.b.localhost', 'localhost')).toBe(true);
    expect(isWithin('notlocalhost', 'localhost')).toBe(false);
    expect(isWithin('localhost.com', 'localhost')).toBe(false);
  });
});
