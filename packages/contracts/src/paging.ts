import { z } from 'zod';

/**
 * The paginated answer every list of the product shares: the page asked for, its size, the total,
 * the last page (at least 1), the 1-based positions of the first and last row shown (null when the
 * page is empty, for 'Showing X to Y of Z entries') and the rows.
 */
export const pagedResponseSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    data: z.array(row),
  });

/** Builds that answer from one page of rows and the total. */
export function pageOf<Row>(page: number, perPage: number, total: number, data: Row[]) {
  const from = total === 0 || data.length === 0 ? null : (page - 1) * perPage + 1;
  return {
    current_page: page,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    from,
    to: from === null ? null : from + data.length - 1,
    data,
  };
}
