/**
 * Our own ALTCHA v2 solver (decision 0025): the `altcha` widget cost 37 KB gzip on the sign-in page for
 * a loop of Web Crypto calls. The server (altcha-lib, `providers/bot-check/altcha-bot-check.ts`) issues
 * PBKDF2 challenges; the answer is the counter whose key, PBKDF2(nonce ‖ counter as big-endian uint32,
 * salt, cost iterations, keyLength bytes), starts with `keyPrefix` (hex). The payload the server
 * verifies is base64(JSON `{challenge: {parameters, signature}, solution: {counter, derivedKey, time}}`),
 * with the parameters exactly as issued (the signature covers them all).
 */
export interface AltchaChallenge {
  /** Kept whole, unknown keys included: the server checks its signature over every one. */
  parameters: AltchaParameters;
  signature: string;
}

export interface AltchaParameters {
  algorithm: string;
  nonce: string;
  salt: string;
  cost: number;
  keyLength: number;
  keyPrefix: string;
  expiresAt?: number;
  [key: string]: unknown;
}

const HASH_OF_ALGORITHM: Record<string, string> = {
  'PBKDF2/SHA-256': 'SHA-256',
  'PBKDF2/SHA-384': 'SHA-384',
  'PBKDF2/SHA-512': 'SHA-512',
};

/** Whether this solver can answer challenges of `algorithm`. */
export const canSolve = (algorithm: string) => algorithm in HASH_OF_ALGORITHM;

export interface SolveOptions {
  signal?: AbortSignal;
  /** Counters tried at once: Web Crypto runs them off the main thread, which stays responsive. */
  parallel?: number;
  /** Largest counter tried before giving up (the server's answers lie below 3,000). */
  maxCounter?: number;
}

/** The payload to send as `gtoken`; rejects when aborted or when no counter up to `maxCounter` fits. */
export async function solveAltcha(challenge: AltchaChallenge, options: SolveOptions = {}): Promise<string> {
  const { signal, parallel = 8, maxCounter = 1_000_000 } = options;
  const { parameters } = challenge;
  const hash = HASH_OF_ALGORITHM[parameters.algorithm];
  if (!hash) throw new Error(`unsupported bot-check algorithm ${parameters.algorithm}`);
  const nonce = hexToBytes(parameters.nonce);
  const salt = hexToBytes(parameters.salt);
  const prefix = parameters.keyPrefix.toLowerCase();
  const started = performance.now();
  const derive = (counter: number) =>
    deriveKeyHex(nonce, counter, { salt, hash, cost: parameters.cost, keyLength: parameters.keyLength });

  for (let first = 0; first <= maxCounter; first += parallel) {
    signal?.throwIfAborted();
    const counters = Array.from({ length: Math.min(parallel, maxCounter + 1 - first) }, (_, i) => first + i);
    const keys = await Promise.all(counters.map(derive));
    // The lowest fitting counter of the batch, as a one-at-a-time search would find.
    const index = keys.findIndex((key) => key.startsWith(prefix));
    if (index >= 0) {
      const solution = {
        counter: first + index,
        derivedKey: keys[index],
        time: Math.round(performance.now() - started),
      };
      return encodePayload({ challenge: { parameters, signature: challenge.signature }, solution });
    }
  }
  throw new Error('no bot-check answer below the limit');
}

interface DeriveParams {
  salt: Uint8Array<ArrayBuffer>;
  hash: string;
  cost: number;
  keyLength: number;
}

async function deriveKeyHex(nonce: Uint8Array, counter: number, p: DeriveParams): Promise<string> {
  const password = new Uint8Array(nonce.length + 4);
  password.set(nonce);
  new DataView(password.buffer).setUint32(nonce.length, counter);
  const key = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: p.hash, salt: p.salt, iterations: p.cost },
    key,
    p.keyLength * 8,
  );
  return bytesToHex(new Uint8Array(bits));
}

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0 || /[^0-9a-f]/i.test(hex)) throw new Error('bot-check challenge is not hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

const bytesToHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** base64 of the UTF-8 JSON (btoa alone takes Latin-1 only). */
function encodePayload(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
