import { pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type AltchaChallenge, solveAltcha } from './solve-altcha';

/** Node's own PBKDF2, an implementation apart from the Web Crypto calls of the solver. */
const keyOf = (nonce: string, counter: number, salt: string, cost: number) => {
  const password = Buffer.alloc(nonce.length / 2 + 4);
  Buffer.from(nonce, 'hex').copy(password);
  password.writeUInt32BE(counter, nonce.length / 2);
  return pbkdf2Sync(password, Buffer.from(salt, 'hex'), cost, 32, 'sha256').toString('hex');
};

function challengeAnsweredBy(counter: number): { challenge: AltchaChallenge; lowest: number } {
  const nonce = '0badc0ffee0ddf00d0badc0ffee0ddf0';
  const salt = '5a175a175a175a175a175a175a175a17';
  const keyPrefix = keyOf(nonce, counter, salt, 5).slice(0, 4);
  // The answer is the lowest counter whose key fits (one below `counter` may fit by chance).
  let lowest = 0;
  while (!keyOf(nonce, lowest, salt, 5).startsWith(keyPrefix)) lowest++;
  const parameters = {
    algorithm: 'PBKDF2/SHA-256',
    nonce,
    salt,
    cost: 5,
    keyLength: 32,
    keyPrefix,
    keySignature: 'k',
    expiresAt: 1_900_000_000,
    data: { systemId: 7 },
  };
  return { challenge: { parameters, signature: 'f'.repeat(64) }, lowest };
}

const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));

describe('solveAltcha', () => {
  it('finds the lowest fitting counter and posts the challenge as issued with its solution', async () => {
    const { challenge, lowest } = challengeAnsweredBy(53);
    const payload = decode(await solveAltcha(challenge, { parallel: 4 }));
    expect(payload.challenge).toEqual(challenge);
    expect(payload.solution.counter).toBe(lowest);
    expect(payload.solution.derivedKey).toBe(
      keyOf(challenge.parameters.nonce, lowest, challenge.parameters.salt, 5),
    );
    expect(payload.solution.time).toBeGreaterThanOrEqual(0);
  });

  it('gives up past its limit instead of answering', async () => {
    const { challenge, lowest } = challengeAnsweredBy(53);
    await expect(solveAltcha(challenge, { maxCounter: lowest - 1 })).rejects.toThrow('no bot-check answer');
  });

  it('refuses an algorithm it does not know and stops when aborted', async () => {
    const { challenge } = challengeAnsweredBy(53);
    const argon = { ...challenge, parameters: { ...challenge.parameters, algorithm: 'ARGON2ID' } };
    await expect(solveAltcha(argon)).rejects.toThrow('unsupported');
    const aborted = new AbortController();
    aborted.abort();
    await expect(solveAltcha(challenge, { signal: aborted.signal })).rejects.toThrow();
  });
});
