import { SITE_CHECK_BLOCKED_MESSAGE, TEST_LEAD_TOO_SOON } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { campaignListPath, campaignListQuery, siteCheckOfFailure, testLeadFailureText } from './campaigns';
import { ApiRequestError } from './http';

describe('campaign list call', () => {
  it("builds the spec's path: 'all' for View All, 'none/none' unsorted, '-' without a search", () => {
    expect(
      campaignListPath({ module: 'local', companyID: 5, clientID: 0, group: '', sort: null, search: '' }),
    ).toBe('/leadspeek/client/all/local/5/0/none/none/-');
  });

  it('names the group, the client, the sort and an escaped search', () => {
    expect(
      campaignListPath({
        module: 'enhance',
        companyID: 5,
        clientID: 9,
        group: '12',
        sort: { key: 'total_leads', order: 'desc' },
        search: ' a/b ',
      }),
    ).toBe('/leadspeek/client/12/enhance/5/9/total_leads/desc/a%2Fb');
  });

  it('sends Page, PerPage, view and CampaignStatus', () => {
    expect(campaignListQuery({ page: 2, perPage: 10, view: 'archived', status: 'running' })).toEqual({
      Page: 2,
      PerPage: 10,
      view: 'archived',
      CampaignStatus: 'running',
    });
  });
});

describe('site tests', () => {
  it("shows a 504 as the spec's synthetic 'not exist' result", () => {
    const now = new Date('2026-11-26T10:00:00Z');
    expect(siteCheckOfFailure(new ApiRequestError(504, 'timeout', 'x'), 'https://a.example/', now)).toEqual({
      status: 'not exist',
      outcome: 'blocked',
      message: SITE_CHECK_BLOCKED_MESSAGE,
      url: 'https://a.example/',
      checked_at: now.toISOString(),
    });
  });

  it('leaves other failures as failures', () => {
    expect(siteCheckOfFailure(new ApiRequestError(502, 'bad', 'x'), 'u')).toBeNull();
    expect(siteCheckOfFailure(new Error('offline'), 'u')).toBeNull();
  });

  it("says the once-a-minute text for a 429 test lead and the server's text otherwise", () => {
    const other = (e: unknown) => (e instanceof Error ? e.message : '?');
    expect(testLeadFailureText(new ApiRequestError(429, 'too_many', 'slow down'), other)).toBe(
      TEST_LEAD_TOO_SOON,
    );
    expect(testLeadFailureText(new ApiRequestError(409, 'x', 'Not running'), other)).toBe('Not running');
  });
});
