import {
  advancedInformationField,
  countOutcomeOf,
  type EnhancementCountRow,
  fieldsOfType,
  INFORMATION_TYPES,
  type InformationType,
  KEYWORD_COUNT_BUSY,
  KEYWORD_COUNT_PENDING,
  type KeywordCountStatus,
} from '@app/contracts';
import type { EnhancementCountRecord } from './enhancement-count-repository.js';

/** The campaign a count row names, as the screens show it. */
export interface CountedCampaign {
  leadspeekID: number;
  leadspeek_api_id: string;
  campaignName: string;
}

/** A stored enhancement count as the history shows it: every field of its type, in catalogue order. */
export function enhancementCountRowOf(r: EnhancementCountRecord, c: CountedCampaign): EnhancementCountRow {
  const status = r.status as KeywordCountStatus;
  const type = r.informationType as InformationType;
  const outcome = countOutcomeOf(status, r.audience);
  const counts = r.fieldCounts ?? {};
  return {
    id: r.id,
    leadspeekID: c.leadspeekID,
    leadspeek_api_id: c.leadspeek_api_id,
    campaign_name: c.campaignName,
    type,
    type_label: INFORMATION_TYPES[type].label,
    status,
    outcome,
    audience: r.audience,
    fields:
      status === 'done'
        ? fieldsOfType(type).map((f) => ({
            id: f.id,
            label: advancedInformationField(f.id)?.label ?? f.id,
            count: counts[f.id] ?? 0,
          }))
        : [],
    message:
      outcome === 'failed'
        ? (r.error ?? KEYWORD_COUNT_BUSY)
        : outcome === 'pending' && r.vendorTicket
          ? KEYWORD_COUNT_PENDING
          : '',
    api_version: r.apiVersion,
    created_at: r.createdAt.toISOString(),
    counted_at: r.countedAt?.toISOString() ?? null,
  };
}
