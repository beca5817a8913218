import type { ApiAnswer } from './transport.js';

/* The GoHighLevel sandbox's answers, in GoHighLevel's shapes (decisions 0097, 0109). */

export const answer = (status: number, body: unknown): ApiAnswer => ({ status, body });

/** A refusal as GoHighLevel words it: `{ statusCode, message, error }` (message a text or a list). */
export const refused = (status: number, message: string | string[]): ApiAnswer =>
  answer(status, {
    statusCode: status,
    message,
    error: {
      400: 'Bad Request',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'Not Found',
      422: 'Unprocessable Entity',
    }[status],
  });

export const isAnswer = (x: object): x is ApiAnswer => 'status' in x && 'body' in x;

/** A sub-account of the sandbox agency, as the sandbox tables hold it. */
export interface SandboxLocation {
  id: number;
  external_id: string;
  name: string;
  parent_id: number | null;
  data: Record<string, unknown>;
}
