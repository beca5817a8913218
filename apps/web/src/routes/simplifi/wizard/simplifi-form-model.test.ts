import {
  asCents,
  asMicros,
  BUDGET_REQUIRED,
  DAILY_BUDGET_BELOW_MINIMUM,
  MAX_BID_BELOW_MINIMUM,
  MONTHLY_BELOW_DAILY,
  type SimplifiCampaignDetail,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  CHOOSE_CLIENT,
  checkSimplifiBudget,
  checkSimplifiCreate,
  checkSimplifiUpdate,
  emptySimplifiForm,
  errorsOfSimplifiStep,
  firstSimplifiStepWithError,
  formOfSimplifi,
  raisesRunningDaily,
  type SimplifiFormValues,
  simplifiFormErrors,
} from './simplifi-form-model';

const filled = (over: Partial<SimplifiFormValues> = {}): SimplifiFormValues => ({
  ...emptySimplifiForm('501'),
  campaignName: 'Spring display',
  startdatecampaign: '2026-04-01',
  enddatecampaign: '2026-06-30',
  clickUrl: ' https://harbor.example/spring ',
  maxBid: asMicros(4_500_000),
  monthlyBudget: asCents(150_000),
  dailyBudget: asCents(5_000),
  goalType: 'cpc',
  goalValue: '2.50',
  agencyMarkup: 20,
  ...over,
});

const minimums = { maxBid: '3.00', dailyBudget: '25.00' };

describe('the Simplifi wizard model', () => {
  it('sends the budget as the wire’s dollar strings and the click URL trimmed', () => {
    const checked = checkSimplifiCreate(filled(), minimums);
    expect(checked).toEqual({
      ok: true,
      request: {
        clientID: 501,
        campaignName: 'Spring display',
        startdatecampaign: '2026-04-01',
        enddatecampaign: '2026-06-30',
        timezone: 'America/Chicago',
        clickUrl: 'https://harbor.example/spring',
        maxBid: '4.50',
        monthlyBudget: '1500.00',
        dailyBudget: '50.00',
        goalType: 'cpc',
        goalValue: '2.50',
        agencyMarkup: 20,
      },
    });
  });

  it('asks an agency user for a client and refuses what the contracts refuse, in their words', () => {
    const checked = checkSimplifiCreate(
      filled({ clientID: '', campaignName: '', clickUrl: 'harbor.example', goalValue: 'two' }),
      minimums,
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.clientID).toBe(CHOOSE_CLIENT);
    expect(checked.errors.campaignName).toBeTruthy();
    expect(checked.errors.clickUrl).toBe('Enter the full address, starting with https://.');
    expect(checked.errors.goalValue).toBe('Enter the goal as a number, for example 2.50.');
    expect(firstSimplifiStepWithError(checked.errors)).toBe('campaign');
    expect(Object.keys(errorsOfSimplifiStep(checked.errors, 'budget'))).toEqual(['goalValue']);
  });

  it('holds the budget to the minimums and the monthly to at least the daily', () => {
    const low = checkSimplifiCreate(
      filled({ maxBid: asMicros(2_000_000), dailyBudget: asCents(1_000) }),
      minimums,
    );
    expect(low.ok ? {} : low.errors).toEqual({
      maxBid: MAX_BID_BELOW_MINIMUM('3.00'),
      dailyBudget: DAILY_BUDGET_BELOW_MINIMUM('25.00'),
    });
    const none = checkSimplifiCreate(
      filled({ monthlyBudget: asCents(0), dailyBudget: asCents(0) }),
      minimums,
    );
    expect(none.ok ? {} : none.errors).toEqual({
      monthlyBudget: BUDGET_REQUIRED,
      dailyBudget: BUDGET_REQUIRED,
    });
    const inverted = checkSimplifiCreate(filled({ monthlyBudget: asCents(4_000) }), minimums);
    expect(inverted.ok ? {} : inverted.errors).toEqual({ monthlyBudget: MONTHLY_BELOW_DAILY });
    // No minimums set ('0'): any budget above $0 will do.
    expect(
      checkSimplifiCreate(filled({ maxBid: asMicros(1_000) }), { maxBid: '0', dailyBudget: '0' }).ok,
    ).toBe(true);
    expect(firstSimplifiStepWithError({ dailyBudget: 'x' })).toBe('budget');
  });

  it('refuses a markup outside 0–99 and dates out of order', () => {
    const checked = checkSimplifiCreate(
      filled({ agencyMarkup: 100, startdatecampaign: '2026-07-01', enddatecampaign: '2026-06-01' }),
      minimums,
    );
    expect(checked.ok ? {} : checked.errors).toEqual({
      agencyMarkup: 'The agency markup is a whole percent from 0 to 99.',
      enddatecampaign: 'The end date must not be before the start date.',
    });
  });

  const detail = {
    leadspeekID: 9,
    leadspeek_api_id: '50010009',
    campaignName: 'Spring display',
    clientID: 501,
    company_name: 'Harbor Dental',
    status: 'running',
    pause_reason: null,
    archived: 'F',
    startdatecampaign: '2026-04-01',
    enddatecampaign: '',
    timezone: 'America/New_York',
    clickUrl: 'https://harbor.example/spring',
    maxBid: '4.5',
    monthlyBudget: '1500.00',
    dailyBudget: '50.00',
    goalType: 'ctr',
    goalValue: '0.8',
    agencyMarkup: 15,
    remainingDays: 12,
    totalSpend: '300.00',
    remainingBudget: '600.00',
    platform: { name: 'sandbox', campaign_id: 'c-1', synced: true },
    audiences: [],
    charges: [],
    refunds: [],
  } satisfies SimplifiCampaignDetail;

  it('fills the edit from the stored campaign and sends its two bodies', () => {
    const form = formOfSimplifi(detail);
    expect(form.maxBid).toBe(4_500_000);
    expect(form.dailyBudget).toBe(5_000);
    expect(checkSimplifiUpdate(form)).toEqual({
      ok: true,
      request: {
        campaignName: 'Spring display',
        startdatecampaign: '2026-04-01',
        enddatecampaign: '',
        timezone: 'America/New_York',
        clickUrl: 'https://harbor.example/spring',
      },
    });
    expect(checkSimplifiBudget(form, 9, minimums)).toEqual({
      ok: true,
      request: {
        leadspeekID: 9,
        maxBid: '4.50',
        monthlyBudget: '1500.00',
        dailyBudget: '50.00',
        goalType: 'ctr',
        goalValue: '0.8',
        agencyMarkup: 15,
      },
    });
    expect(simplifiFormErrors(form, minimums, true)).toEqual({});
  });

  it('knows when saving raises a running campaign’s daily budget', () => {
    expect(raisesRunningDaily(detail, { dailyBudget: asCents(6_000) })).toBe(true);
    expect(raisesRunningDaily(detail, { dailyBudget: asCents(5_000) })).toBe(false);
    expect(raisesRunningDaily(detail, { dailyBudget: asCents(4_000) })).toBe(false);
    expect(raisesRunningDaily({ ...detail, status: 'paused' }, { dailyBudget: asCents(6_000) })).toBe(false);
  });
});
