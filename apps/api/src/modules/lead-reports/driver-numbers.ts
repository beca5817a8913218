/**
 * A whole number as the drivers answer it: a number from PGlite, the text of a bigint from
 * node-postgres under drizzle. Parsed as an integer, so an amount is exact, never a float.
 */
export const whole = (value: unknown) => Number.parseInt(String(value), 10);
