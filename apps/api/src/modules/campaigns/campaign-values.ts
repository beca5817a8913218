import {
  type CampaignModule,
  targetingProblems,
  type UpdateCampaignInput,
  type UpdateLocalCampaignInput,
  type UpdateLocatorCampaignInput,
} from '@app/contracts';
import { badRequest } from '../../http-errors.js';
import type { NewCampaign } from './campaign-repository.js';

/*
 * A lead campaign's wire fields (spec 2 §3 "Campaign (leadspeek)") as the row's columns: the fields
 * every lead module has, the pixel's site fields and the targeting fields; only what was sent is
 * written. Shared by create and the three updates.
 */

export const tf = (value: 'T' | 'F') => value === 'T';
export const orNull = (day: string) => (day === '' ? null : day);

export function commonValues(b: Partial<UpdateCampaignInput>): Partial<NewCampaign> {
  const v: Partial<NewCampaign> = {};
  if (b.campaignName !== undefined) v.name = b.campaignName;
  if (b.companyGroupID !== undefined) v.companyGroupId = b.companyGroupID === 0 ? null : b.companyGroupID;
  if (b.reportType !== undefined) v.reportType = b.reportType;
  if (b.reportSentTo !== undefined) v.reportSentTo = b.reportSentTo;
  if (b.adminNotifyTo !== undefined) v.adminNotifyTo = b.adminNotifyTo;
  if (b.leadsAmountNotification !== undefined) v.leadsAmountNotification = b.leadsAmountNotification;
  if (b.enableMinimumLimitLeads !== undefined || b.minimumLimitLeads !== undefined)
    v.minimumLimitLeads = b.enableMinimumLimitLeads === 'F' ? null : (b.minimumLimitLeads ?? 0);
  if (b.clientOrganizationID !== undefined) v.clientOrganizationId = b.clientOrganizationID;
  if (b.clientCampaignID !== undefined) v.clientCampaignId = b.clientCampaignID;
  if (b.clientHidePhone !== undefined) v.hidePhone = tf(b.clientHidePhone);
  if (b.startdatecampaign !== undefined) v.startDate = orNull(b.startdatecampaign);
  if (b.enddatecampaign !== undefined) v.endDate = orNull(b.enddatecampaign);
  if (b.timezone !== undefined) v.timeZone = b.timezone;
  if (b.phoneenabled !== undefined) v.requirePhone = tf(b.phoneenabled);
  if (b.homeaddressenabled !== undefined) v.requireAddress = tf(b.homeaddressenabled);
  if (b.requireemailaddress !== undefined) v.requireEmail = tf(b.requireemailaddress);
  if (b.reidentificationtype !== undefined) v.reidentification = b.reidentificationtype;
  if (b.applyreidentificationall !== undefined) v.reidentifyAcrossClient = tf(b.applyreidentificationall);
  return v;
}

export function localValues(b: Partial<UpdateLocalCampaignInput>): Partial<NewCampaign> {
  const v: Partial<NewCampaign> = {};
  if (b.urlCode !== undefined) v.urlCode = b.urlCode;
  if (b.urlCodeThankyou !== undefined) v.urlCodeThankyou = b.urlCodeThankyou;
  if (b.gtminstalled !== undefined) v.gtmInstalled = tf(b.gtminstalled);
  if (b.locatorstate !== undefined) v.states = b.locatorstate;
  if (b.locationtarget !== undefined) v.localStateMode = b.locationtarget;
  return v;
}

/** Keyword and geography targeting; the module's extra options merged into what it has (`options`). */
export function targetingValues(
  b: Partial<UpdateLocatorCampaignInput>,
  options: Record<string, unknown>,
): Partial<NewCampaign> {
  const v: Partial<NewCampaign> = {};
  if (b.locatorkeyword !== undefined) v.keywords = b.locatorkeyword;
  if (b.locatorkeywordcontextual !== undefined) v.contextualKeywords = b.locatorkeywordcontextual;
  if (b.locatorzip !== undefined) v.zips = b.locatorzip;
  if (b.locatorstate !== undefined) v.states = b.locatorstate;
  if (b.locatorcity !== undefined) v.cities = b.locatorcity;
  if (b.nationaltargeting !== undefined) v.national = tf(b.nationaltargeting);
  if (b.locatordesc !== undefined) v.locatorDescription = b.locatordesc;
  const extras = [
    'locatorrequire',
    'listAdvanceInformationId',
    'listB2BInformationId',
    'campaign_information_type',
  ] as const;
  const moduleOptions = { ...options };
  for (const key of extras) if (b[key] !== undefined) moduleOptions[key] = b[key];
  v.moduleOptions = moduleOptions;
  return v;
}

/** Where a campaign looks for people must be complete after the change (the contracts' one rule). */
export function checkTargeting(
  module: CampaignModule,
  after: { national: boolean; zips: string[]; states: string[]; cities: string[]; keywords: string[] },
) {
  const problems = targetingProblems(module, {
    national: after.national,
    zips: after.zips.length,
    states: after.states.length,
    cities: after.cities.length,
    keywords: after.keywords.length,
  });
  const first = Object.values(problems)[0];
  if (first) throw badRequest(first, problems);
}
