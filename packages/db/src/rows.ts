/** The first row of a result that must have one (an insert's RETURNING, a lookup by a known key). */
export function firstRow<T>(rows: readonly T[], what: string): T {
  const row = rows[0];
  if (row === undefined) throw new Error(`${what}: no row`);
  return row;
}
