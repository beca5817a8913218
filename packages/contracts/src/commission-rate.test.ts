import { describe, expect, it } from 'vitest';
import { COMMISSION_RATE_TEXTS, formatCommissionRate, parseCommissionRate } from './commission-rate.js';

describe('parseCommissionRate (decision 0089)', () => {
  it.each([
    ['5', 500],
    ['0', 0],
    ['50', 5000],
    ['50.00', 5000],
    ['7.5', 750],
    ['7.25', 725],
    ['0.01', 1],
    [' 12.3 ', 1230],
    ['7.25 %', 725],
    ['007', 700],
  ])('reads %j as %i basis points', (text, bps) => {
    expect(parseCommissionRate(text)).toEqual({ bps });
  });

  it.each([
    ['', COMMISSION_RATE_TEXTS.required],
    ['   ', COMMISSION_RATE_TEXTS.required],
    ['50.01', COMMISSION_RATE_TEXTS.range],
    ['51', COMMISSION_RATE_TEXTS.range],
    ['100', COMMISSION_RATE_TEXTS.range],
    ['-1', COMMISSION_RATE_TEXTS.range],
    ['-0.5', COMMISSION_RATE_TEXTS.range],
    ['7.255', COMMISSION_RATE_TEXTS.format],
    ['1e1', COMMISSION_RATE_TEXTS.format],
    ['five', COMMISSION_RATE_TEXTS.format],
    ['5,5', COMMISSION_RATE_TEXTS.format],
    ['.5', COMMISSION_RATE_TEXTS.format],
    ['5.', COMMISSION_RATE_TEXTS.format],
    ['1000', COMMISSION_RATE_TEXTS.format],
    ['0x10', COMMISSION_RATE_TEXTS.format],
  ])('refuses %j with its text', (text, error) => {
    expect(parseCommissionRate(text)).toEqual({ error });
  });

  it('formats basis points as the percentage typed, and reads back what it wrote', () => {
    expect([500, 0, 5000, 750, 725, 705, 1, 10].map(formatCommissionRate)).toEqual([
      '5',
      '0',
      '50',
      '7.5',
      '7.25',
      '7.05',
      '0.01',
      '0.1',
    ]);
    for (let bps = 0; bps <= 5000; bps += 1)
      expect(parseCommissionRate(formatCommissionRate(bps))).toEqual({ bps });
  });
});
