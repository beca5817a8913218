import { importEnvelopeKey, openEnvelope, sealEnvelope } from '@app/contracts';

/**
 * Encrypts secrets kept in the database (SMTP passwords, authenticator secrets) with the
 * deployment's data key, using the same AES-256-GCM format as the dt envelope.
 */
export async function createSecretBox(base64Key: string) {
  const key = await importEnvelopeKey(base64Key);
  return {
    seal: (plain: string) => sealEnvelope(key, plain),
    async open(sealed: string): Promise<string> {
      const value = await openEnvelope(key, sealed);
      if (typeof value !== 'string') throw new Error('sealed secret does not hold a string');
      return value;
    },
  };
}

export type SecretBox = Awaited<ReturnType<typeof createSecretBox>>;
