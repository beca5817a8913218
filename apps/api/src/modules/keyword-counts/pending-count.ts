import { sql } from '@app/db';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * How long a pending count absorbs a repeated request for the same count. Its job touches the row on
 * every step (a vendor's ticket, an answer, a failure); a row untouched this long lost its job (a
 * process stopped between storing it and queueing the job) and is not trusted to answer anyone.
 */
export const PENDING_COUNT_ABSORBS_HOURS = 24;

/** A pending row whose job has touched it within PENDING_COUNT_ABSORBS_HOURS. */
export const liveSince = (updatedAt: AnyPgColumn) =>
  sql`${updatedAt} > now() - make_interval(hours => ${PENDING_COUNT_ABSORBS_HOURS})`;
