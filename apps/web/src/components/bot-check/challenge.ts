import { type AltchaChallenge, canSolve } from './solve-altcha';

/**
 * What the bot-check endpoint answered, as the solver needs it: an ALTCHA v2 challenge (and its JSON
 * text, which names it for the AnswerGate), or nothing to render (a reCAPTCHA site key, which this app
 * does not render, or an answer it cannot read or solve). With nothing to render the forms send an
 * empty gtoken and the server decides.
 */
export type BotChallenge = { kind: 'altcha'; json: string; challenge: AltchaChallenge } | { kind: 'none' };

const NONE: BotChallenge = { kind: 'none' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const allOfType = (record: Record<string, unknown>, type: 'string' | 'number', keys: string[]) =>
  keys.every((key) => typeof record[key] === type);

export function readBotChallenge(answer: unknown): BotChallenge {
  if (!isRecord(answer)) return NONE;
  const { kind, parameters, signature } = answer;
  if (kind !== undefined && kind !== 'altcha') return NONE;
  if (!isRecord(parameters) || typeof signature !== 'string') return NONE;
  if (!allOfType(parameters, 'string', ['algorithm', 'nonce', 'salt', 'keyPrefix'])) return NONE;
  if (!allOfType(parameters, 'number', ['cost', 'keyLength'])) return NONE;
  if (!canSolve(parameters.algorithm as string)) return NONE;
  // `kind` is ours, not ALTCHA's: it stays out of the challenge the payload carries back.
  const challenge = { parameters, signature } as AltchaChallenge;
  return { kind: 'altcha', json: JSON.stringify(challenge), challenge };
}
