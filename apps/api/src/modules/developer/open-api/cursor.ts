import { badRequest } from '../../../http-errors.js';

/** Opaque page cursors: base64url JSON of where the page before ended. */
export const encodeCursor = (value: object): string =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

export function decodeCursor<T>(cursor: string | undefined, valid: (value: unknown) => value is T): T | null {
  if (cursor === undefined) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (valid(value)) return value;
  } catch {
    // falls through to the refusal
  }
  throw badRequest('The cursor is not valid.', { cursor: 'The cursor is not valid.' });
}
