import { sql } from '@app/db';

/*
 * Arrays as one bound parameter each (a JSON text), the same on PostgreSQL and PGlite: a batch's
 * ids or keys go to the database in one statement whatever their number.
 */

/** `int[]` from whole numbers. */
export const intArray = (values: readonly number[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)::int)`;

/** `text[]` from strings. */
export const textArray = (values: readonly string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
