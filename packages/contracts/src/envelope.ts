/**
 * The `dt` body envelope of spec 1 §7, one implementation for the browser, the server and tests
 * (both have WebCrypto). Format, documented in docs/dt-envelope.md:
 *
 *   dt = "v1." + base64url( iv[12] || ciphertext || tag[16] )
 *
 * AES-256-GCM with a fresh random 96-bit IV per message; the plaintext is the UTF-8 JSON body.
 * This is obfuscation required by the spec, not the protection: TLS is (docs/decisions/0004).
 */

export const ENVELOPE_VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class EnvelopeError extends Error {}

export async function importEnvelopeKey(base64Key: string): Promise<CryptoKey> {
  const raw = fromBase64(base64Key);
  if (raw.length !== 32) throw new EnvelopeError('dt key must be 32 bytes');
  return crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

export async function sealEnvelope(key: CryptoKey, body: unknown): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(body));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv, 0);
  out.set(sealed, IV_BYTES);
  return `${ENVELOPE_VERSION}.${toBase64Url(out)}`;
}

/** Opens an envelope; throws EnvelopeError with a reason a caller can show. */
export async function openEnvelope(key: CryptoKey, dt: string): Promise<unknown> {
  const [version, payload, extra] = dt.split('.');
  if (version !== ENVELOPE_VERSION || !payload || extra !== undefined) {
    throw new EnvelopeError('dt envelope has an unknown format');
  }
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64Url(payload);
  } catch {
    throw new EnvelopeError('dt envelope is not valid base64url');
  }
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new EnvelopeError('dt envelope is too short');
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES) },
      key,
      bytes.subarray(IV_BYTES),
    );
  } catch {
    throw new EnvelopeError('dt envelope could not be decrypted');
  }
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain));
  } catch {
    throw new EnvelopeError('dt envelope does not hold JSON');
  }
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new EnvelopeError('not base64url');
  return fromBase64(text.replace(/-/g, '+').replace(/_/g, '/'));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
