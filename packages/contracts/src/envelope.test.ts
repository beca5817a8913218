import { describe, expect, it } from 'vitest';
import { EnvelopeError, importEnvelopeKey, openEnvelope, sealEnvelope } from './envelope.js';

const keyA = Buffer.alloc(32, 1).toString('base64');
const keyB = Buffer.alloc(32, 2).toString('base64');

describe('dt envelope', () => {
  it('round-trips a JSON body, with a fresh IV each time', async () => {
    const key = await importEnvelopeKey(keyA);
    const body = { username: 'ada@example.test', password: 'pässword ✓', nested: { list: [1, 2, 3] } };
    const first = await sealEnvelope(key, body);
    const second = await sealEnvelope(key, body);
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(await openEnvelope(key, first)).toEqual(body);
  });

  it('rejects every single-byte change of the sealed bytes', async () => {
    const key = await importEnvelopeKey(keyA);
    const sealed = Buffer.from((await sealEnvelope(key, { a: 1 })).slice(3), 'base64url');
    for (let i = 0; i < sealed.length; i++) {
      const tampered = Buffer.from(sealed);
      tampered[i] = (tampered[i] ?? 0) ^ 0x80;
      await expect(openEnvelope(key, `v1.${tampered.toString('base64url')}`)).rejects.toBeInstanceOf(
        EnvelopeError,
      );
    }
  });

  it('rejects another key, other versions, junk and truncation', async () => {
    const key = await importEnvelopeKey(keyA);
    const other = await importEnvelopeKey(keyB);
    const sealed = await sealEnvelope(key, { a: 1 });
    await expect(openEnvelope(other, sealed)).rejects.toThrow('could not be decrypted');
    await expect(openEnvelope(key, sealed.replace('v1.', 'v2.'))).rejects.toThrow('unknown format');
    await expect(openEnvelope(key, `${sealed}.x`)).rejects.toThrow('unknown format');
    await expect(openEnvelope(key, 'v1.@@@')).rejects.toThrow('base64url');
    // 16 bytes: valid base64url (22 characters), shorter than IV + tag.
    await expect(openEnvelope(key, sealed.slice(0, 3 + 22))).rejects.toThrow('too short');
  });

  it('refuses keys that are not 32 bytes', async () => {
    await expect(importEnvelopeKey(Buffer.alloc(16).toString('base64'))).rejects.toThrow('32 bytes');
  });
});
