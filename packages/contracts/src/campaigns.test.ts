import { describe, expect, it } from 'vitest';
import {
  costModuleRequestSchema,
  createCampaignRequestSchema,
  keywordTags,
  LEADS_BUY_REQUIRED,
  updateCampaignRequestSchema,
  zipLinesOf,
} from './campaigns.js';

describe('campaign contracts', () => {
  it('reads the zip text area as spec 2 §5 says: commas and spaces break lines, only digits stay', () => {
    expect(zipLinesOf('78701, 78702 7870a3\n\n 10001')).toEqual(['78701', '78702', '78703', '10001']);
    expect(
      createCampaignRequestSchema.safeParse({
        leadspeekType: 'locator',
        clientID: 1,
        campaignName: 'x',
        locatorzip: '7870',
      }).success,
    ).toBe(false);
  });

  it('splits pasted keywords, drops blanks and case-insensitive duplicates', () => {
    expect(keywordTags('roof repair, Roof  Repair;gutters\n\n  siding ')).toEqual([
      'roof repair',
      'gutters',
      'siding',
    ]);
  });

  it('fills a new campaign with the defaults and refuses an end before the start', () => {
    const parsed = createCampaignRequestSchema.parse({
      leadspeekType: 'local',
      clientID: 5,
      campaignName: ' Spring ',
    });
    expect(parsed).toMatchObject({
      campaignName: 'Spring',
      timezone: 'America/Chicago',
      locatorzip: [],
      reidentificationtype: 'never',
    });
    const bad = updateCampaignRequestSchema.safeParse({
      leadspeekID: 1,
      startdatecampaign: '2026-05-02',
      enddatecampaign: '2026-05-01',
    });
    expect(bad.success).toBe(false);
    expect(updateCampaignRequestSchema.safeParse({ leadspeekID: 1, timezone: 'Mars/Olympus' }).success).toBe(
      false,
    );
    expect(
      updateCampaignRequestSchema.safeParse({ leadspeekID: 1, startdatecampaign: '2026-02-30' }).success,
    ).toBe(false);
  });

  it('reads cost-module money as integers and needs leads bought for Prepaid', () => {
    const body = {
      leadspeekID: 1,
      PaymentTerm: 'Weekly',
      PlatformFee: '10.50',
      CostMonth: '99',
      CostSet: '0.125',
      LimitLead: 0,
      LimitLeadFreq: 'day',
    } as const;
    expect(costModuleRequestSchema.parse(body)).toMatchObject({
      PlatformFee: 1050,
      CostMonth: 9900,
      CostSet: 125_000,
      CostSetB2b: 0,
    });
    const prepaid = costModuleRequestSchema.safeParse({ ...body, PaymentTerm: 'Prepaid' });
    expect(prepaid.success ? null : prepaid.error.issues[0]?.message).toBe(LEADS_BUY_REQUIRED);
    expect(costModuleRequestSchema.safeParse({ ...body, CostSet: '0.1255' }).success).toBe(false);
  });
});
