import { END_BEFORE_START, setupCompleteRequestSchema } from '@app/contracts';
import { makeUser } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import { campaignSetupFrom, campaignSetupPayload } from './campaign-setup-fields';

describe('a client’s campaign setup (decision 0094)', () => {
  it('starts from what the client saved, else nothing required and the browser’s zone', () => {
    const fresh = campaignSetupFrom(makeUser({ user_type: 'client', time_zone: null, campaign_setup: null }));
    expect(fresh).toMatchObject({
      group: '0',
      start: '',
      end: '',
      siteId: { phone: false },
      search: { email: false },
    });
    const saved = campaignSetupFrom(
      makeUser({
        time_zone: 'America/Denver',
        campaign_setup: {
          companyGroupID: 7,
          startdatecampaign: '2027-01-01',
          phoneenabledsiteid: 'T',
          requireemailaddress: 'T',
        },
      }),
    );
    expect(saved).toMatchObject({
      group: '7',
      start: '2027-01-01',
      timeZone: 'America/Denver',
      siteId: { phone: true, address: false },
      search: { email: true, phone: false },
    });
  });

  it('sends the setupcomplete fields the contracts accept, and stops dates out of order', () => {
    const values = {
      ...campaignSetupFrom(makeUser({ time_zone: 'Europe/Berlin' })),
      group: '12',
      start: '2027-02-01',
      end: '2027-03-01',
      siteId: { phone: true, address: false, email: true },
    };
    const result = campaignSetupPayload(values);
    if (!result.ok) throw new Error('refused');
    expect(result.body).toMatchObject({
      timezone: 'Europe/Berlin',
      companyGroupID: 12,
      phoneenabledsiteid: 'T',
      homeaddressenabledsiteid: 'F',
      requireemailaddresssiteid: 'T',
      phoneenabled: 'F',
    });
    expect(
      setupCompleteRequestSchema.safeParse({ usrID: 1, statuscomplete: 'T', ...result.body }).success,
    ).toBe(true);
    expect(campaignSetupPayload({ ...values, start: '2027-04-01' })).toEqual({
      ok: false,
      end: END_BEFORE_START,
    });
  });
});
