import {
  type CampaignCostModule,
  type CampaignDetail,
  type CampaignListRow,
  centsToDollars,
  isMirroredToAdPlatform,
  microsToDollars,
  siteCheckOutcomeOf,
  toTF,
} from '@app/contracts';
import { type CampaignState, describeState } from '@app/lead-engine';
import type { CampaignRecord, CampaignRow } from './campaign-repository.js';

/** A stored campaign's state in the state machine's terms. */
export const stateOf = (row: CampaignRow): CampaignState => ({
  status: row.status as CampaignState['status'],
  pauseReason: (row.pauseReason as CampaignState['pauseReason']) ?? null,
  archived: row.archived,
  removed: row.removedAt !== null,
});

/** 'Running', 'Paused on run (payment failed)', 'Archived and stopped'. */
export function statusLabel(state: CampaignState): string {
  const text = describeState(state);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const opt = <T extends string>(value: unknown, fallback: T): T =>
  typeof value === 'string' ? (value as T) : fallback;
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/**
 * How far the ad platform is behind a locator campaign. A refusal's text is the platform's answer
 * about the targeting (the viewer can fix it); an outage's text is ours to keep, so it is not shown.
 */
export function adPlatformSyncOf(
  r: Pick<CampaignRecord, 'module' | 'mirror'>,
): Pick<CampaignListRow, 'ad_platform_sync' | 'ad_platform_note'> {
  if (!isMirroredToAdPlatform(r.module)) return { ad_platform_sync: '', ad_platform_note: '' };
  const m = r.mirror;
  if (m === null || (m.behind && m.attempts === 0))
    return {
      ad_platform_sync: 'pending',
      ad_platform_note: 'Sending the latest changes to the ad platform.',
    };
  if (!m.behind) return { ad_platform_sync: 'in_sync', ad_platform_note: '' };
  if (m.parked)
    return {
      ad_platform_sync: 'refused',
      ad_platform_note: `The ad platform refused the campaign: ${(m.lastError ?? 'no reason given').replace(/[.\s]+$/, '')}. Edit the campaign to try again.`,
    };
  return {
    ad_platform_sync: 'retrying',
    ad_platform_note: 'The ad platform is not answering; the changes are sent again automatically.',
  };
}

export function listRowOf(r: CampaignRecord): CampaignListRow {
  const state = stateOf(r);
  return {
    leadspeekID: r.id,
    leadspeek_api_id: r.publicId,
    campaignName: r.name,
    leadspeekType: r.module as CampaignListRow['leadspeekType'],
    status: state.status,
    pause_reason: state.pauseReason,
    status_label: statusLabel(state),
    archived: toTF(r.archived),
    statuscomplete: toTF(r.setupComplete),
    clientID: r.clientId,
    client_company_name: r.clientName,
    agencyID: r.agencyId,
    companyGroupID: r.companyGroupId ?? 0,
    company_group_name: r.groupName,
    PaymentTerm: r.paymentTerm,
    urlCode: r.urlCode,
    embed_status: siteCheckOutcomeOf(r.embedStatus),
    ...adPlatformSyncOf(r),
    startdatecampaign: r.startDate ?? '',
    enddatecampaign: r.endDate ?? '',
    total_leads: r.totalLeads,
    leads_today: r.leadsToday,
    created_at: r.createdAt.toISOString(),
    activated_at: iso(r.activatedAt),
  };
}

export function costModuleOf(r: CampaignRecord): CampaignCostModule {
  return {
    PaymentTerm: r.paymentTerm,
    PlatformFee: centsToDollars(r.setupFeeCents),
    CostMonth: centsToDollars(r.periodFeeCents),
    CostSet: microsToDollars(r.costPerLeadMicros),
    CostSetAdvanced: microsToDollars(r.costPerLeadAdvancedMicros),
    CostSetB2b: microsToDollars(r.costPerLeadB2bMicros),
    CostMaxLead: microsToDollars(r.costMaxLeadMicros),
    LimitLead: r.leadLimit ?? 0,
    LimitLeadFreq: r.leadLimitFrequency as CampaignCostModule['LimitLeadFreq'],
    LimitLeadStart: r.limitStartDate ?? '',
    LimitLeadEnd: r.limitEndDate ?? '',
    contiDurationSelection: toTF(r.continuousDuration),
    topupoptions: r.continualTopUp ? 'continual' : 'onetime',
    leadsbuy: r.prepaidLeadsPerBlock,
    leads_left: r.leadsLeft,
  };
}

export function detailOf(r: CampaignRecord): CampaignDetail {
  const o = r.moduleOptions;
  return {
    ...listRowOf(r),
    reportType: r.reportType as CampaignDetail['reportType'],
    reportSentTo: r.reportSentTo,
    adminNotifyTo: r.adminNotifyTo,
    leadsAmountNotification: r.leadsAmountNotification,
    enableMinimumLimitLeads: toTF(r.minimumLimitLeads !== null),
    minimumLimitLeads: r.minimumLimitLeads ?? 0,
    clientOrganizationID: r.clientOrganizationId,
    clientCampaignID: r.clientCampaignId,
    clientHidePhone: toTF(r.hidePhone),
    timezone: r.timeZone,
    phoneenabled: toTF(r.requirePhone),
    homeaddressenabled: toTF(r.requireAddress),
    requireemailaddress: toTF(r.requireEmail),
    reidentificationtype: r.reidentification as CampaignDetail['reidentificationtype'],
    applyreidentificationall: toTF(r.reidentifyAcrossClient),
    urlCodeThankyou: r.urlCodeThankyou,
    gtminstalled: toTF(r.gtmInstalled),
    locationtarget: r.localStateMode as CampaignDetail['locationtarget'],
    locatorkeyword: r.keywords,
    locatorkeywordcontextual: r.contextualKeywords,
    locatorzip: r.zips.join('\n'),
    locatorstate: r.states,
    locatorcity: r.cities,
    nationaltargeting: toTF(r.national),
    locatordesc: r.locatorDescription,
    locatorrequire: opt(o.locatorrequire, ''),
    listAdvanceInformationId: list(o.listAdvanceInformationId),
    listB2BInformationId: list(o.listB2BInformationId),
    campaign_information_type: opt(o.campaign_information_type, ''),
    answers: r.answers,
    embed_checked_at: iso(r.embedCheckedAt),
    ad_platform_campaign_id: r.adPlatformCampaignId,
    costmodule: costModuleOf(r),
  };
}
