import type { Audience } from '@app/contracts';
import type { AudienceRepository, AudienceRow } from './audience-repository.js';
import { audienceView } from './audience-view.js';

/** A campaign's public id and name, from the campaigns module. */
export type CampaignLabels = (
  ids: readonly number[],
) => Promise<readonly { id: number; publicId: string; name: string }[]>;

/**
 * Audience rows as answers: the names of their companies and uploaders and the campaigns using them,
 * read in one query each for the whole list (decision 0114).
 */
export function createDescribeAudiences(deps: {
  repo: Pick<AudienceRepository, 'campaignsOf'>;
  companyNames: (ids: readonly number[]) => Promise<Map<number, string>>;
  personNames: (systemId: number, ids: readonly number[]) => Promise<Map<number, string>>;
  campaignLabels: CampaignLabels;
}) {
  return async function describe(rows: readonly AudienceRow[]): Promise<Audience[]> {
    if (rows.length === 0) return [];
    const systemId = rows[0]?.system_id ?? 0;
    const uploaders = [...new Set(rows.flatMap((r) => (r.uploaded_by === null ? [] : [r.uploaded_by])))];
    const [companyNames, personNames, campaignsOf] = await Promise.all([
      deps.companyNames([...new Set(rows.map((r) => r.company_id))]),
      deps.personNames(systemId, uploaders),
      deps.repo.campaignsOf(rows.map((r) => r.id)),
    ]);
    const labels = await deps.campaignLabels([...new Set([...campaignsOf.values()].flat())]);
    const campaignLabels = new Map(labels.map((l) => [l.id, { publicId: l.publicId, name: l.name }]));
    return rows.map((row) => audienceView(row, { companyNames, personNames, campaignsOf, campaignLabels }));
  };
}

export type DescribeAudiences = ReturnType<typeof createDescribeAudiences>;
