import type { simplifiStatsRowSchema } from '@app/contracts';

/** One campaign's totals as `GET /leadspeek/simplifi/stats` answers them. */
export type SimplifiStatsRow = ReturnType<typeof simplifiStatsRowSchema.parse>;

/** The stats rows by campaign id (leadspeekID), for the list's rows to find theirs. */
export function statsById(rows: readonly SimplifiStatsRow[] | undefined): Map<number, SimplifiStatsRow> {
  return new Map((rows ?? []).map((row) => [row.leadspeekID, row]));
}
