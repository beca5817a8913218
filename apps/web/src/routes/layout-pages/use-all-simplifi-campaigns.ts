import type { CampaignListRow } from '@app/contracts';
import { useMemo } from 'react';
import {
  type SimplifiListParams,
  useSimplifiCampaignList,
  useSimplifiCampaignPages,
  useSimplifiStatsChunks,
} from '../../api/simplifi';
import { useSelectedCompanyGroup } from '../../components/company-group/selected-group';
import type { SimplifiStatsRow } from '../simplifi/simplifi-stats';
import type { SimplifiScreen } from '../simplifi/use-simplifi-screen';

/** The list call's largest page (the contracts' limit). */
const PAGE = 100;
/** The overview reads up to this many pages (1,000 campaigns); beyond, it says it shows the newest. */
export const MAX_PAGES = 10;
export const MAX_CAMPAIGNS = MAX_PAGES * PAGE;

export interface AllCampaigns {
  rows: CampaignListRow[];
  statsOf: (id: number) => SimplifiStatsRow | undefined;
  /** Campaigns there are in all (the list's total). */
  total: number;
  loading: boolean;
  error: unknown;
  refetch: () => void;
}

/**
 * Every Simplifi campaign of the viewer's agency (or the client's own), current and archived, with
 * their stats: the list call 100 a page, newest first, and the stats call 100 ids at a time.
 */
export function useAllSimplifiCampaigns(screen: SimplifiScreen): AllCampaigns {
  const group = useSelectedCompanyGroup();
  const { user, isClientUser } = screen;
  const base: SimplifiListParams = {
    companyID: user.company_id,
    clientID: isClientUser ? user.company_id : 0,
    group,
    sort: null,
    search: '',
    page: 1,
    perPage: PAGE,
    view: 'all',
    status: 'all',
  };
  const first = useSimplifiCampaignList(screen.unavailable ? null : base);
  const lastPage = Math.min(first.data?.last_page ?? 1, MAX_PAGES);
  const more = useSimplifiCampaignPages(
    Array.from({ length: Math.max(0, lastPage - 1) }, (_, i) => ({ ...base, page: i + 2 })),
  );
  const rows = useMemo(
    () => [...(first.data?.data ?? []), ...more.flatMap((q) => q.data?.data ?? [])],
    [first.data, more],
  );
  const ids = useMemo(() => rows.map((r) => r.leadspeekID), [rows]);
  const stats = useSimplifiStatsChunks(ids);
  const byId = useMemo(() => {
    const map = new Map<number, SimplifiStatsRow>();
    for (const chunk of stats) for (const row of chunk.data?.data ?? []) map.set(row.leadspeekID, row);
    return map;
  }, [stats]);
  const failed = [first, ...more, ...stats].find((q) => q.isError);
  return {
    rows,
    statsOf: (id) => byId.get(id),
    total: first.data?.total ?? 0,
    loading: first.isPending || more.some((q) => q.isPending) || stats.some((q) => q.isPending),
    error: failed?.error ?? null,
    refetch: () => {
      void first.refetch();
      for (const q of [...more, ...stats]) void q.refetch();
    },
  };
}
