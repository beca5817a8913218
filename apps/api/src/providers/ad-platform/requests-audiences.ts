import { createHash } from 'node:crypto';
import type { AddAudienceKeysInput, AttachAudiencesInput, CreateAudienceInput } from './ad-platform.js';
import {
  checkIdempotencyKey,
  checkName,
  fail,
  MAX_AUDIENCE_KEYS_PER_CALL,
  MAX_CAMPAIGN_AUDIENCES,
} from './requests.js';
import { checkObjectId } from './requests-organizations.js';

/*
 * Input rules of the audience calls (decision 0112). A key is what Simpli.fi-style platforms match
 * people by without ever seeing an address: the MD5 of the normalised e-mail, as 32 hex digits.
 */

const MD5_HEX = /^[0-9a-f]{32}$/;

/** The keys in lower case, repeats dropped, first-seen order kept; at least one, at most a call's worth. */
export function checkAudienceKeys(keys: unknown): string[] {
  if (!Array.isArray(keys)) return fail('keys', 'The keys must be a list.');
  if (keys.length === 0) fail('keys', 'Send at least one key.');
  if (keys.length > MAX_AUDIENCE_KEYS_PER_CALL)
    fail(
      'keys',
      `At most ${MAX_AUDIENCE_KEYS_PER_CALL.toLocaleString('en-US')} keys a call; send the rest with addAudienceKeys.`,
    );
  const kept = new Set<string>();
  keys.forEach((key, index) => {
    const text = typeof key === 'string' ? key.trim().toLowerCase() : '';
    if (!MD5_HEX.test(text))
      fail('keys', `Key ${index + 1} is not an MD5 (32 hexadecimal digits): ${String(key).slice(0, 40)}`);
    kept.add(text);
  });
  return [...kept];
}

export function checkAudience(input: CreateAudienceInput) {
  checkIdempotencyKey(input.idempotencyKey);
  return {
    organizationId: checkObjectId(input.organizationId, 'organizationId', 'organisation'),
    name: checkName(input.name, 'name', 'The audience name'),
    keys: checkAudienceKeys(input.keys),
  };
}

export function checkAudienceKeysInput(input: AddAudienceKeysInput) {
  checkIdempotencyKey(input.idempotencyKey);
  return {
    audienceId: checkObjectId(input.audienceId, 'audienceId', 'audience'),
    keys: checkAudienceKeys(input.keys),
  };
}

export function checkAttachAudiences(input: AttachAudiencesInput) {
  checkIdempotencyKey(input.idempotencyKey);
  const campaignId = checkObjectId(input.campaignId, 'campaignId', 'campaign');
  if (!Array.isArray(input.audienceIds)) return fail('audienceIds', 'The audience ids must be a list.');
  const ids = [...new Set(input.audienceIds.map((id) => checkObjectId(id, 'audienceIds', 'audience')))];
  if (ids.length > MAX_CAMPAIGN_AUDIENCES)
    fail('audienceIds', `A campaign targets at most ${MAX_CAMPAIGN_AUDIENCES} audiences.`);
  return { campaignId, audienceIds: ids };
}

/**
 * What an audience call's idempotency fingerprint holds instead of its keys: their digest, so a
 * replay of ten thousand keys is compared without storing them in the key store.
 */
export function withKeysDigest<T extends { keys: unknown }>(input: T): Omit<T, 'keys'> & { keys: string } {
  const keys = Array.isArray(input.keys) ? input.keys.map(String).join('\n') : String(input.keys);
  return { ...input, keys: createHash('sha256').update(keys).digest('hex') };
}
