import { asCents, asMicros, ENHANCE_MIN_LEADS_INVALID, simplifiMinimumsValueSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  normaliseWholeNumberInput,
  type SimplifiForm,
  simplifiFormFrom,
  toSimplifiValue,
  validateSimplifi,
} from './simplifi-model';

const form = (overrides: Partial<SimplifiForm> = {}): SimplifiForm => ({
  maxBid: asMicros(2_500_000),
  dailyBudget: asCents(2000),
  enhanceMinLeads: '35',
  ...overrides,
});

describe('Simplifi and enhance minimums form', () => {
  it('starts from the stored minimums', () => {
    expect(
      simplifiFormFrom({
        maxBid: { minimum: '1.125' },
        dailyBudget: { minimum: '15.50' },
        enhanceMinLeadsPerDay: 12,
      }),
    ).toEqual({ maxBid: 1_125_000, dailyBudget: 1550, enhanceMinLeads: '12' });
  });

  it('sends all three in one value the server accepts', () => {
    const value = toSimplifiValue(form());
    expect(value).toEqual({ maxBid: '2.50', dailyBudget: '20.00', enhanceMinLeadsPerDay: 35 });
    expect(simplifiMinimumsValueSchema.safeParse(value).success).toBe(true);
    expect(validateSimplifi(form({ enhanceMinLeads: '0' }))).toEqual({});
    expect(validateSimplifi(form({ enhanceMinLeads: '10000' }))).toEqual({});
  });

  it('refuses a blank or too large count with the server’s text', () => {
    for (const enhanceMinLeads of ['', ' ', '10001', '1.5', '-1']) {
      expect(validateSimplifi(form({ enhanceMinLeads })), enhanceMinLeads).toEqual({
        enhanceMinLeadsPerDay: ENHANCE_MIN_LEADS_INVALID,
      });
    }
  });

  it('keeps only digits as the count is typed', () => {
    expect(normaliseWholeNumberInput('1.5')).toBe('15');
    expect(normaliseWholeNumberInput('-20 leads')).toBe('20');
    expect(normaliseWholeNumberInput('12345678')).toBe('123456');
  });
});
