import { type AgencyCost, asCents, asMicros } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  costModuleRequestOf,
  EMPTY_PRICES,
  floorHint,
  perLeadFields,
  perLeadFloor,
  pricesOfCampaign,
} from './prices-model';

const term = (Costperlead: string) => ({ PlatformFee: '0', MinCostMonth: '0', Costperlead });
const sheet = (enhance: string): AgencyCost => {
  const terms = (cpl: string) => ({
    Weekly: term(cpl),
    Monthly: term(cpl),
    OneTime: term(cpl),
    Prepaid: term(cpl),
  });
  const local = (cpl: string) => {
    const t = { ...term(cpl), LeadspeekCostperleadAdvanced: '0' };
    return { Weekly: t, Monthly: t, OneTime: t, Prepaid: t };
  };
  return { local: local('0'), locator: terms('0'), enhance: terms(enhance), b2b: terms('0.75') };
};

describe('client prices', () => {
  it('writes dollar strings from cents and micro-dollars', () => {
    const body = costModuleRequestOf(
      { ...EMPTY_PRICES, PlatformFee: asCents(9900), CostMonth: asCents(4900), CostSet: asMicros(1_500_000) },
      12,
    );
    expect(body).toMatchObject({
      leadspeekID: 12,
      PlatformFee: '99.00',
      CostMonth: '49.00',
      CostSet: '1.50',
      leadsbuy: 0,
    });
  });

  it('sends leads bought only for Prepaid', () => {
    expect(costModuleRequestOf({ ...EMPTY_PRICES, PaymentTerm: 'Prepaid', leadsbuy: 100 }, 1).leadsbuy).toBe(
      100,
    );
    expect(costModuleRequestOf({ ...EMPTY_PRICES, PaymentTerm: 'Monthly', leadsbuy: 100 }, 1).leadsbuy).toBe(
      0,
    );
  });

  it('reads a stored cost module back', () => {
    const prices = pricesOfCampaign({
      PaymentTerm: 'Monthly',
      PlatformFee: '99.00',
      CostMonth: '49.00',
      CostSet: '0.95',
      CostSetAdvanced: '0',
      CostSetB2b: '0',
      CostMaxLead: '0',
      LimitLead: 20,
      LimitLeadFreq: 'day',
      LimitLeadStart: '',
      LimitLeadEnd: '',
      contiDurationSelection: 'T',
      topupoptions: 'onetime',
      leadsbuy: 0,
      leads_left: null,
    });
    expect(prices).toMatchObject({
      PaymentTerm: 'Monthly',
      PlatformFee: 9900,
      CostMonth: 4900,
      CostSet: 950_000,
      LimitLead: 20,
    });
  });

  it('prices a module by its catalogue fields', () => {
    expect(perLeadFields('local')).toEqual(['CostSet', 'CostSetAdvanced']);
    expect(perLeadFields('b2b')).toEqual(['CostSetB2b']);
  });

  it("floors enhance at the agency's cost for the term, else the system's, and hints below it", () => {
    const own = perLeadFloor({ data: sheet('0.50'), rootcostagency: sheet('0.40') }, 'enhance', 'Weekly');
    expect(own).toBe(500_000);
    const fallback = perLeadFloor({ data: sheet('0'), rootcostagency: sheet('0.40') }, 'enhance', 'Weekly');
    expect(fallback).toBe(400_000);
    expect(
      perLeadFloor({ data: sheet('0.50'), rootcostagency: sheet('0.40') }, 'locator', 'Weekly'),
    ).toBeNull();
    expect(floorHint(asMicros(300_000), own)).toBe('*Cost Per Lead Minimum $0.50');
    expect(floorHint(asMicros(500_000), own)).toBeNull();
    expect(floorHint(asMicros(0), null)).toBeNull();
  });
});
