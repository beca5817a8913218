import { describe, expect, it } from 'vitest';
import { enrichableCampaigns, fieldShare, readSelection, writeSelection } from './data-enrichment-model';

describe('the data enrichment screen', () => {
  it('keeps the campaign and the type in the URL, anything unknown falling back', () => {
    const params = writeSelection(new URLSearchParams('x=1'), { campaignId: 42, type: 'financial' });
    expect(params.toString()).toBe('x=1&campaign=42&type=financial');
    expect(readSelection(params)).toEqual({ campaignId: 42, type: 'financial' });
    expect(readSelection(new URLSearchParams('campaign=abc&type=nope'))).toEqual({
      campaignId: 0,
      type: 'all',
    });
    expect(writeSelection(params, { campaignId: 0, type: 'all' }).toString()).toBe('x=1');
  });

  it('offers enhance and b2b campaigns only', () => {
    const row = (id: number, module: string) =>
      ({
        leadspeekID: id,
        leadspeek_api_id: `4001000${id}`,
        campaignName: `C${id}`,
        client_company_name: 'Harbor',
        leadspeekType: module,
      }) as never;
    expect(
      enrichableCampaigns([row(1, 'local'), row(2, 'enhance'), row(3, 'b2b'), row(4, 'locator')]).map(
        (c) => c.value,
      ),
    ).toEqual(['2', '3']);
  });

  it('writes a field count with its share of the audience', () => {
    expect(fieldShare(1234, 2468)).toBe('1,234 (50%)');
    expect(fieldShare(0, 0)).toBe('0');
    expect(fieldShare(5, null)).toBe('5');
  });
});
