import {
  asCents,
  asMicros,
  COST_MODULES,
  type CostModule,
  PAYMENT_TERMS,
  type PaymentTerm,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { activationCharge } from './activation.js';
import { type ClientPrice, findClientFloorViolation } from './client-price.js';
import { leadPrices, testLeadPrices } from './lead-prices.js';
import { type PriceSheet, rootFee, type StoredPrice, wholesalePrice } from './price-layers.js';

/*
 * Every module × term gets its own numbers (module digit m, term digit t), so a price read from
 * the wrong module, term, column or layer shows: agency rows exist for local and enhance only
 * (locator and b2b fall back to the system's defaults), the master's rows are the root fee.
 */
const M: Record<CostModule, number> = { local: 1, locator: 2, enhance: 3, b2b: 4 };
const T: Record<PaymentTerm, number> = { Weekly: 1, Monthly: 2, OneTime: 3, Prepaid: 4 };

const sheet = (modules: readonly CostModule[], cpl: number, setup: number, platform: number): PriceSheet =>
  modules.flatMap((module) =>
    PAYMENT_TERMS.map(
      (term): StoredPrice => ({
        module,
        term,
        setupFeeCents: asCents(setup * M[module] + T[term]),
        platformFeeCents: asCents(platform * M[module] + T[term]),
        costPerLeadMicros: asMicros(cpl + M[module] * 100_000 + T[term] * 10_000),
        costPerLeadAdvancedMicros: asMicros(cpl + M[module] * 100_000 + T[term] * 10_000 + 5_000),
      }),
    ),
  );
const agencySheet = sheet(['local', 'enhance'], 1_000_000, 1_000, 2_000); // $1.mt per lead
const systemSheet = sheet(COST_MODULES, 0, 500, 700); // $0.mt per lead
const masterSheet = sheet(COST_MODULES, 10_000, 100, 200); // below the system's

/** The expected cost-settings unit price, written from the fixtures' rule, not from the code. */
const cpl = (base: number, module: CostModule, term: PaymentTerm, advanced = false) =>
  base + M[module] * 100_000 + T[term] * 10_000 + (advanced ? 5_000 : 0);

const client = (term: PaymentTerm, change: Partial<ClientPrice> = {}): ClientPrice => ({
  term,
  setupFeeCents: asCents(5_000),
  periodFeeCents: asCents(9_900),
  costPerLeadMicros: asMicros(2_500_000),
  costPerLeadAdvancedMicros: asMicros(3_000_000),
  costPerLeadB2bMicros: asMicros(3_500_000),
  leadsBought: term === 'Prepaid' ? 100 : 0,
  ...change,
});

const input = (
  module: CostModule,
  term: PaymentTerm,
  isMaster = false,
  change: Partial<ClientPrice> = {},
) => ({
  module,
  client: client(term, change),
  wholesale: wholesalePrice({ agency: agencySheet, system: systemSheet }, module, term),
  root: rootFee({ isMaster }, masterSheet, module, term),
});

const combos = COST_MODULES.flatMap((module) => PAYMENT_TERMS.map((term) => [module, term] as const));
const hasAgencyRow = (module: CostModule) => module === 'local' || module === 'enhance';

describe('leadPrices: client price, agency wholesale and root fee for 4 modules × 4 terms', () => {
  it.each(combos)('%s / %s', (module, term) => {
    const prices = leadPrices(input(module, term));
    if (term === 'OneTime') {
      expect(prices).toMatchObject({
        clientMicros: 0,
        wholesaleMicros: 0,
        rootFeeMicros: 0,
        clientPriceSource: 'one_time_term',
      });
      return;
    }
    const clientSet = module === 'b2b' ? 3_500_000 : 2_500_000;
    expect(prices).toEqual({
      module,
      term,
      information: 'basic',
      clientMicros: clientSet,
      setClientMicros: clientSet,
      clientPriceSource: module === 'b2b' ? 'CostSetB2b' : 'CostSet',
      wholesaleMicros: hasAgencyRow(module) ? cpl(1_000_000, module, term) : cpl(0, module, term),
      rootFeeMicros: cpl(10_000, module, term),
    });
  });

  it.each(PAYMENT_TERMS.filter((t) => t !== 'OneTime'))(
    'local advanced leads use the advanced columns (%s)',
    (term) => {
      const prices = leadPrices({ ...input('local', term), information: 'advanced' });
      expect(prices).toMatchObject({
        information: 'advanced',
        clientMicros: 3_000_000,
        clientPriceSource: 'CostSetAdvanced',
        wholesaleMicros: cpl(1_000_000, 'local', term, true),
        rootFeeMicros: cpl(10_000, 'local', term, true),
      });
    },
  );

  it('advanced information prices only local leads', () => {
    expect(leadPrices({ ...input('locator', 'Weekly'), information: 'advanced' })).toMatchObject({
      information: 'basic',
      clientMicros: 2_500_000,
      wholesaleMicros: cpl(0, 'locator', 'Weekly'),
    });
  });

  // One Time leads cost nothing per lead already; every other term has a price to take away.
  it.each(combos.filter(([, term]) => term !== 'OneTime'))(
    'a site test’s lead costs nobody anything, and still says what a lead costs: %s / %s',
    (module, term) => {
      const real = leadPrices(input(module, term));
      expect(real.clientMicros).toBeGreaterThan(0);
      expect(testLeadPrices(real)).toEqual({
        ...real,
        clientMicros: 0,
        wholesaleMicros: 0,
        rootFeeMicros: 0,
      });
    },
  );

  it.each(combos)('a master-system agency owes no root fee: %s / %s', (module, term) => {
    expect(leadPrices(input(module, term, true)).rootFeeMicros).toBe(0);
  });

  it('refuses layers of another module or term', () => {
    expect(() =>
      leadPrices({ ...input('enhance', 'Weekly'), wholesale: input('enhance', 'Monthly').wholesale }),
    ).toThrow("The wholesale price is for enhance/Monthly, not the campaign's enhance/Weekly.");
    expect(() => leadPrices({ ...input('b2b', 'Weekly'), root: input('local', 'Weekly').root })).toThrow(
      "The root price is for local/Weekly, not the campaign's b2b/Weekly.",
    );
  });
});

describe('floors: enhance and b2b client prices never below the agency’s cost', () => {
  const low = { costPerLeadMicros: asMicros(100_000), costPerLeadB2bMicros: asMicros(100_000) };
  it.each(combos.filter(([, term]) => term !== 'OneTime'))('%s / %s set at $0.10', (module, term) => {
    const prices = leadPrices(input(module, term, false, low));
    const wholesale = hasAgencyRow(module) ? cpl(1_000_000, module, term) : cpl(0, module, term);
    const floored = module === 'enhance' || module === 'b2b';
    expect(prices).toMatchObject({
      setClientMicros: 100_000,
      clientMicros: floored ? wholesale : 100_000,
      clientPriceSource: floored ? 'floor' : 'CostSet',
    });
  });

  it('a price equal to the floor stands', () => {
    const at = cpl(1_000_000, 'enhance', 'Monthly');
    expect(leadPrices(input('enhance', 'Monthly', false, { costPerLeadMicros: asMicros(at) }))).toMatchObject(
      {
        clientMicros: at,
        clientPriceSource: 'CostSet',
      },
    );
  });

  it.each([
    [
      'enhance below',
      'enhance',
      'Weekly',
      low,
      {
        field: 'CostSet',
        minimum: cpl(1_000_000, 'enhance', 'Weekly'),
        message: '*Cost Per Lead Minimum $1.31',
      },
    ],
    [
      'b2b below (system default)',
      'b2b',
      'Prepaid',
      low,
      { field: 'CostSetB2b', minimum: cpl(0, 'b2b', 'Prepaid'), message: '*Cost Per Lead Minimum $0.44' },
    ],
    ['enhance at the floor', 'enhance', 'Weekly', { costPerLeadMicros: asMicros(1_310_000) }, null],
    ['local below: no floor', 'local', 'Weekly', low, null],
    ['locator below: no floor', 'locator', 'Monthly', low, null],
    ['b2b judged by CostSetB2b, not CostSet', 'b2b', 'Weekly', { costPerLeadMicros: asMicros(0) }, null],
  ] as const)('findClientFloorViolation: %s', (_name, module, term, change, expected) => {
    const { client: price, wholesale } = input(module, term, false, change);
    const violation = findClientFloorViolation(module, price, wholesale);
    expect(violation).toEqual(expected && { module, term, ...expected });
  });
});

describe('activationCharge: what activation charges now, per term', () => {
  it.each(combos)('%s / %s', (module, term) => {
    const charge = activationCharge(input(module, term));
    const w = wholesalePrice({ agency: agencySheet, system: systemSheet }, module, term);
    const r = rootFee({ isMaster: false }, masterSheet, module, term);
    if (term === 'Prepaid') {
      // 100 leads × the Prepaid unit price, in cents (agency rows for local and enhance, else the system's).
      const clientLeads = module === 'b2b' ? 35_000 : 25_000;
      const wholesaleLeads = { local: 11_400, locator: 2_400, enhance: 13_400, b2b: 4_400 }[module];
      const rootLeads = { local: 1_500, locator: 2_500, enhance: 3_500, b2b: 4_500 }[module];
      expect(charge.client).toEqual({
        setupFeeCents: 5_000,
        periodFeeCents: 0,
        leads: 100,
        leadsCents: clientLeads,
        totalCents: 5_000 + clientLeads,
      });
      expect(charge.wholesale).toEqual({
        setupFeeCents: w.setupFeeCents,
        periodFeeCents: 0,
        leads: 100,
        leadsCents: wholesaleLeads,
        totalCents: w.setupFeeCents + wholesaleLeads,
      });
      expect(charge.root).toEqual({
        setupFeeCents: r.setupFeeCents,
        periodFeeCents: 0,
        leads: 100,
        leadsCents: rootLeads,
        totalCents: r.setupFeeCents + rootLeads,
      });
    } else {
      // Weekly / Monthly: setup + the first period's fee; One Time: setup + the one fee.
      expect(charge.client).toEqual({
        setupFeeCents: 5_000,
        periodFeeCents: 9_900,
        leads: 0,
        leadsCents: 0,
        totalCents: 14_900,
      });
      expect(charge.wholesale).toEqual({
        setupFeeCents: w.setupFeeCents,
        periodFeeCents: w.platformFeeCents,
        leads: 0,
        leadsCents: 0,
        totalCents: w.setupFeeCents + w.platformFeeCents,
      });
      expect(charge.root).toEqual({
        setupFeeCents: r.setupFeeCents,
        periodFeeCents: r.platformFeeCents,
        leads: 0,
        leadsCents: 0,
        totalCents: r.setupFeeCents + r.platformFeeCents,
      });
    }
    expect(charge.platformPartCents).toBe(charge.wholesale.totalCents);
    expect(charge.applicationFeeCents).toBe(charge.wholesale.totalCents);
    expect(charge.agencyChargeCents).toBe(0);
  });

  it('prepaid leads are charged at the floored price and rounded once per line', () => {
    const charge = activationCharge(
      input('enhance', 'Prepaid', false, {
        costPerLeadMicros: asMicros(0),
        leadsBought: 3,
        setupFeeCents: asCents(0),
      }),
    );
    // The floor is the agency's $1.34 (enhance/Prepaid): 3 × $1.34 = $4.02.
    expect(charge.client).toMatchObject({ leads: 3, leadsCents: 402, totalCents: 402 });
    const rounding = activationCharge(
      input('local', 'Prepaid', false, {
        costPerLeadMicros: asMicros(125_000),
        leadsBought: 3,
        setupFeeCents: asCents(0),
      }),
    );
    expect(rounding.client.leadsCents).toBe(38); // 37.5 cents, half up, once
  });

  it('caps the application fee at what the client pays and charges the rest of the part to the agency', () => {
    const charge = activationCharge(
      input('local', 'Weekly', false, { setupFeeCents: asCents(0), periodFeeCents: asCents(100) }),
    );
    expect(charge.client.totalCents).toBe(100);
    expect(charge.applicationFeeCents).toBe(100);
    expect(charge.agencyChargeCents).toBe(charge.wholesale.totalCents - 100);
  });

  it('a client at 0 still owes the platform its part: all of it on the agency card', () => {
    const charge = activationCharge(
      input('local', 'Monthly', false, { setupFeeCents: asCents(0), periodFeeCents: asCents(0) }),
    );
    expect(charge.client.totalCents).toBe(0);
    expect(charge.applicationFeeCents).toBe(0);
    expect(charge.agencyChargeCents).toBe(charge.wholesale.totalCents);
  });

  it('on a non-master system the part is never below the root fee', () => {
    const cheap: PriceSheet = systemSheet.map((r) => ({
      ...r,
      setupFeeCents: asCents(0),
      platformFeeCents: asCents(0),
    }));
    const charge = activationCharge({
      module: 'locator',
      client: client('Weekly', { setupFeeCents: asCents(0), periodFeeCents: asCents(0) }),
      wholesale: wholesalePrice({ agency: [], system: cheap }, 'locator', 'Weekly'),
      root: rootFee({ isMaster: false }, masterSheet, 'locator', 'Weekly'),
    });
    expect(charge.wholesale.totalCents).toBe(0);
    expect(charge.platformPartCents).toBe(charge.root.totalCents);
    expect(charge.agencyChargeCents).toBe(charge.root.totalCents);
  });

  it.each([0, -1, 1.5])('refuses a prepaid activation buying %s leads', (leads) => {
    expect(() => activationCharge(input('local', 'Prepaid', false, { leadsBought: leads }))).toThrow(
      `A prepaid campaign buys at least one lead at a time: ${leads}`,
    );
  });
});
