import { describe, expect, it } from 'vitest';
import { judge } from './under-perform.js';

const campaign = (minimum: number | null, start: string | null = null, end: string | null = null) => ({
  minimum_limit_leads: minimum,
  start_date: start,
  end_date: end,
});

describe('under-perform rule (decision 0094)', () => {
  it('takes the campaign’s own minimum leads per day first', () => {
    expect(judge(campaign(5), '2026-03-10', { onDay: 4, previous7: 70 })).toEqual({
      basis: 'minimum',
      expected: 5,
      under: true,
    });
    expect(judge(campaign(5), '2026-03-10', { onDay: 5, previous7: 0 }).under).toBe(false);
  });

  it('else the daily average of the 7 days before, in whole numbers', () => {
    expect(judge(campaign(null), '2026-03-10', { onDay: 1, previous7: 10 })).toEqual({
      basis: 'average',
      expected: 1.43,
      under: true,
    });
    expect(judge(campaign(0), '2026-03-10', { onDay: 2, previous7: 14 }).under).toBe(false);
    expect(judge(campaign(null), '2026-03-10', { onDay: 0, previous7: 0 })).toEqual({
      basis: 'none',
      expected: null,
      under: false,
    });
  });

  it('does not judge a day outside the campaign’s dates', () => {
    expect(judge(campaign(5, '2026-03-11'), '2026-03-10', { onDay: 0, previous7: 0 }).basis).toBe('none');
    expect(judge(campaign(5, null, '2026-03-09'), '2026-03-10', { onDay: 0, previous7: 0 }).basis).toBe(
      'none',
    );
    expect(
      judge(campaign(5, '2026-03-10', '2026-03-10'), '2026-03-10', { onDay: 0, previous7: 0 }).under,
    ).toBe(true);
  });
});
