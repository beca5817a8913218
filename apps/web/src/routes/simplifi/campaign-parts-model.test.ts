import type { AdMedia, Audience } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { usableAudiences, withTargeting } from './campaign-audience-model';
import { attachableMedia, mediaSizeText, platformAdText } from './campaign-media-model';

describe('a campaign’s ads and audiences', () => {
  const media = (id: number, campaign_id: number | null, platform_ad_id: string | null = null) =>
    ({ id, campaign_id, platform_ad_id, width: 300, height: 250, size_bytes: 49_000 }) as AdMedia;

  it('offers only ads on no campaign yet, and says their size and whether the platform has them', () => {
    expect(attachableMedia([media(1, null), media(2, 7), media(3, null)], 7).map((m) => m.id)).toEqual([
      1, 3,
    ]);
    expect(mediaSizeText(media(1, null))).toBe('300×250, 48 KB');
    expect(mediaSizeText({ width: 320, height: 50, size_bytes: 10 })).toBe('320×50, 1 KB');
    expect(platformAdText(media(1, 7, 'ad-9'))).toBe('On the ad platform');
    expect(platformAdText(media(1, 7))).toBe('Not sent yet');
  });

  it('offers the client’s and the agency’s audiences, and sends the whole targeted list', () => {
    const audience = (id: number, company_id: number) => ({ id, company_id }) as Audience;
    const list = [audience(1, 501), audience(2, 100), audience(3, 502)];
    expect(usableAudiences(list, 501, 100).map((a) => a.id)).toEqual([1, 2]);
    expect(withTargeting([4, 5], 6, true)).toEqual([4, 5, 6]);
    expect(withTargeting([4, 5, 6], 5, false)).toEqual([4, 6]);
    expect(withTargeting([4, 5], 5, true)).toEqual([4, 5]);
  });
});
