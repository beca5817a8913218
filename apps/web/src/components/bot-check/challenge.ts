/**
 * What the bot-check endpoint answered, as the widget needs it: an ALTCHA challenge as the JSON text
 * the widget's `challenge` attribute takes, or nothing to render (a reCAPTCHA site key, which this app
 * does not render, or an answer it cannot read). With nothing to render the forms send an empty
 * gtoken and the server decides.
 */
export type BotChallenge = { kind: 'altcha'; json: string } | { kind: 'none' };

const NONE: BotChallenge = { kind: 'none' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const allStrings = (record: Record<string, unknown>, keys: string[]) =>
  keys.every((key) => typeof record[key] === 'string');

/** Protocol v2 (what the server issues): signed `parameters`. */
function isAltchaV2(answer: Record<string, unknown>): boolean {
  const { parameters } = answer;
  return isRecord(parameters) && allStrings(parameters, ['algorithm', 'nonce', 'salt', 'keyPrefix']);
}

/** Protocol v1 (the contracts' `altchaChallengeSchema`), which the widget still solves. */
function isAltchaV1(answer: Record<string, unknown>): boolean {
  return allStrings(answer, ['algorithm', 'challenge', 'salt', 'signature']);
}

export function readBotChallenge(answer: unknown): BotChallenge {
  if (!isRecord(answer)) return NONE;
  const { kind, ...challenge } = answer;
  if (kind !== undefined && kind !== 'altcha') return NONE;
  if (!isAltchaV2(challenge) && !isAltchaV1(challenge)) return NONE;
  // `kind` is ours, not ALTCHA's: the widget copies the challenge into its payload, so it stays out.
  return { kind: 'altcha', json: JSON.stringify(challenge) };
}

/** The widget's `statechange` detail; only a verified state carries a usable payload. */
export function payloadOfState(detail: unknown): string {
  if (!isRecord(detail) || detail.state !== 'verified') return '';
  return typeof detail.payload === 'string' ? detail.payload : '';
}
