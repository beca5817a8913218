import type { LogCampaignOption } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { runningCampaignIds, yesterdayIn } from './campaign-performance';

const option = (id: number, extra: Partial<LogCampaignOption> = {}): LogCampaignOption => ({
  id,
  leadspeek_api_id: String(40000000 + id),
  campaign_name: `Campaign ${id}`,
  company_name: 'Harbor Dental',
  module: 'local',
  status: 'running',
  archived: false,
  removed: false,
  ...extra,
});

describe('campaign performance (decision 0094)', () => {
  it('judges running campaigns only, at most 100', () => {
    const options = [
      option(1),
      option(2, { status: 'paused' }),
      option(3, { removed: true }),
      option(4, { archived: true }),
      ...Array.from({ length: 120 }, (_, i) => option(10 + i)),
    ];
    const ids = runningCampaignIds(options);
    expect(ids[0]).toBe(1);
    expect(ids).not.toContain(2);
    expect(ids).not.toContain(3);
    expect(ids).not.toContain(4);
    expect(ids).toHaveLength(100);
  });

  it('defaults to the last whole day where the viewer is', () => {
    const at = new Date('2026-03-20T03:00:00Z');
    expect(yesterdayIn('UTC', at)).toBe('2026-03-19');
    expect(yesterdayIn('America/Chicago', at)).toBe('2026-03-18');
  });
});
