import { z } from 'zod';

/**
 * Row ids in requests. Every id column is a PostgreSQL `integer`, so an id is a positive int32; a
 * number beyond that range names no row and is answered like an unknown id (404), never handed to
 * the database (where it would fail as out of range).
 */
export const INT32_MAX = 2_147_483_647;

/** The text of an id outside the range; the API's error handler answers it as 404 Not found. */
export const ID_NOT_FOUND = 'Not found';

/** True when `n` is an id a row can have (1 … 2^31 − 1). */
export const isRowId = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= INT32_MAX;

/** An id in a JSON body. */
export const idSchema = z.number().int().min(1, ID_NOT_FOUND).max(INT32_MAX, ID_NOT_FOUND);
/** An id, or 0 for "none" / "new" where a form sends 0. */
export const idOrZeroSchema = z.number().int().min(0, ID_NOT_FOUND).max(INT32_MAX, ID_NOT_FOUND);
/**
 * Path and query ids are decimal digits only. `Number()` alone would read "0x3", " 3", "3.0" and
 * "3e0" as 3, so a malformed id named (and a purge emptied) row 3; such text names no row: 404.
 */
const paramId = (min: number) =>
  // A missing value stays a plain validation error (400: "what is missing"), not an unknown id.
  z
    .union([z.string(), z.number()])
    .pipe(z.coerce.string<string | number>().regex(/^\d+$/, ID_NOT_FOUND))
    .pipe(z.coerce.number<string>().int().min(min, ID_NOT_FOUND).max(INT32_MAX, ID_NOT_FOUND));
/** An id in a path or query string (a string turned into a number). */
export const idParamSchema = paramId(1);
/** A path or query id, or 0 for "none". */
export const idOrZeroParamSchema = paramId(0);
