import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type VendorCallbackNonces, verifyVendorCallback } from './vendor-callback.js';
import {
  signVendorCallback,
  VendorSignatureError,
  type VendorSignatureFailure,
  verifyVendorSignature,
} from './vendor-signature.js';

const SECRET = 'vendor-secret-current';
const OLD_SECRET = 'vendor-secret-previous';
const BODY = '{"identities":[{"emailMd5":"0bc83cb571cd1c50ba6f3e8a78ef1346"}]}';
const T = 1_790_000_000;
const NOW = new Date(T * 1000);
const at = (seconds: number) => new Date((T + seconds) * 1000);

/** Why a delivery is refused, or null when it is accepted. */
function failure(
  header: string | undefined,
  { body = BODY, now = NOW, secrets = [SECRET] }: { body?: string; now?: Date; secrets?: string[] } = {},
): VendorSignatureFailure | null {
  try {
    verifyVendorSignature(body, header, secrets, now);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(VendorSignatureError);
    return (err as VendorSignatureError).reason;
  }
}

describe('vendor callback signature: t=<unix>,v1=<HMAC-SHA256 of "t.body">', () => {
  it('signs the timestamp, a dot and the raw body with HMAC-SHA256', () => {
    const hex = createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex');
    expect(signVendorCallback(SECRET, BODY, T)).toBe(`t=${T},v1=${hex}`);
  });

  it('accepts its own signature and answers the digest of "t.body"', () => {
    expect(verifyVendorSignature(BODY, signVendorCallback(SECRET, BODY, T), [SECRET], NOW)).toEqual({
      timestamp: T,
      digest: createHash('sha256').update(`${T}.${BODY}`).digest('hex'),
    });
  });

  const good = signVendorCallback(SECRET, BODY, T);
  const v1 = (secret: string, t = T, body = BODY) => signVendorCallback(secret, body, t).split(',')[1];
  it.each<[string, string | undefined, Parameters<typeof failure>[1], VendorSignatureFailure | null]>([
    ['unsigned (no header)', undefined, {}, 'missing'],
    ['unsigned (empty header)', '  ', {}, 'missing'],
    ['malformed: no timestamp', `${v1(SECRET)}`, {}, 'malformed'],
    ['malformed: no v1', `t=${T}`, {}, 'malformed'],
    ['malformed: timestamp not digits', `t=12e5,${v1(SECRET)}`, {}, 'malformed'],
    ['malformed: two timestamps', `t=${T},t=${T},${v1(SECRET)}`, {}, 'malformed'],
    ['malformed: v1 not 64 hex digits', `t=${T},v1=abc`, {}, 'malformed'],
    ['malformed: garbage', 'hello', {}, 'malformed'],
    ['tampered body', good, { body: `${BODY} ` }, 'mismatch'],
    ['tampered timestamp', good.replace(`t=${T}`, `t=${T + 1}`), {}, 'mismatch'],
    ['wrong secret', signVendorCallback('guessed', BODY, T), {}, 'mismatch'],
    ['no secret configured', good, { secrets: [''] }, 'no_secret'],
    ['stale: 301 s old', good, { now: at(301) }, 'stale'],
    ['still fresh: 300 s old', good, { now: at(300) }, null],
    ['future-dated: 301 s ahead', good, { now: at(-301) }, 'future'],
    ['clock skew: 300 s ahead', good, { now: at(-300) }, null],
    [
      'rotated key: signed with the old secret, both held',
      signVendorCallback(OLD_SECRET, BODY, T),
      { secrets: [SECRET, OLD_SECRET] },
      null,
    ],
    ['rotated key: old secret no longer held', signVendorCallback(OLD_SECRET, BODY, T), {}, 'mismatch'],
    ['rotation: two v1 values, the second one ours', `t=${T},${v1('retired')},${v1(SECRET)}`, {}, null],
    ['an unknown scheme beside v1 is ignored', `t=${T},v0=zzz,${v1(SECRET)}`, {}, null],
  ])('%s', (_, header, options, expected) => {
    expect(failure(header, options)).toBe(expected);
  });

  it('checks the signature before the time, so a forged old request reads as forged', () => {
    expect(failure(signVendorCallback('guessed', BODY, T), { now: at(10_000) })).toBe('mismatch');
  });
});

describe('verifyVendorCallback: authentic, fresh and new', () => {
  /** The store's contract in memory (the database one is tested in vendor-callback.api.test.ts). */
  const memoryNonces = (): VendorCallbackNonces & { seen: Set<string> } => {
    const seen = new Set<string>();
    return {
      seen,
      async claim(digest) {
        if (seen.has(digest)) return false;
        seen.add(digest);
        return true;
      },
    };
  };

  it('accepts a delivery once; the same signed body again is a replay', async () => {
    const nonces = memoryNonces();
    const header = signVendorCallback(SECRET, BODY, T);
    await expect(verifyVendorCallback(BODY, header, [SECRET], NOW, nonces)).resolves.toMatchObject({
      timestamp: T,
    });
    await expect(verifyVendorCallback(BODY, header, [SECRET], at(5), nonces)).rejects.toMatchObject({
      reason: 'replayed',
      message: 'This signed delivery was accepted before.',
    });
    // Re-signed at a new time by the vendor (its retry): a new delivery.
    const retry = signVendorCallback(SECRET, BODY, T + 30);
    await expect(verifyVendorCallback(BODY, retry, [SECRET], at(31), nonces)).resolves.toMatchObject({
      timestamp: T + 30,
    });
  });

  it('remembers nothing of a refused delivery', async () => {
    const nonces = memoryNonces();
    await expect(
      verifyVendorCallback(BODY, signVendorCallback('guessed', BODY, T), [SECRET], NOW, nonces),
    ).rejects.toMatchObject({ reason: 'mismatch' });
    await expect(
      verifyVendorCallback(BODY, signVendorCallback(SECRET, BODY, T), [SECRET], at(600), nonces),
    ).rejects.toMatchObject({ reason: 'stale' });
    expect(nonces.seen.size).toBe(0);
  });
});
