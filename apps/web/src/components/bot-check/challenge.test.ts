import { describe, expect, it } from 'vitest';
import { readBotChallenge } from './challenge';

const v2 = {
  kind: 'altcha',
  parameters: {
    algorithm: 'PBKDF2/SHA-256',
    nonce: 'n',
    salt: 's',
    cost: 200,
    keyLength: 32,
    keyPrefix: '00',
    keySignature: 'k',
    expiresAt: 1_900_000_000,
    data: { systemId: 1 },
  },
  signature: 'sig',
};

describe('readBotChallenge', () => {
  it('hands an ALTCHA v2 challenge to the solver whole, without our kind field', () => {
    const read = readBotChallenge(v2);
    const { kind: _kind, ...expected } = v2;
    expect(read).toEqual({ kind: 'altcha', json: JSON.stringify(expected), challenge: expected });
  });

  it('renders nothing for reCAPTCHA, an algorithm it cannot solve, or anything it cannot read', () => {
    expect(readBotChallenge({ kind: 'recaptcha', siteKey: 'k' })).toEqual({ kind: 'none' });
    const argon = { ...v2, parameters: { ...v2.parameters, algorithm: 'ARGON2ID' } };
    expect(readBotChallenge(argon)).toEqual({ kind: 'none' });
    const noCost = { ...v2, parameters: { ...v2.parameters, cost: '200' } };
    expect(readBotChallenge(noCost)).toEqual({ kind: 'none' });
    const v1 = { algorithm: 'SHA-256', challenge: 'c', maxnumber: 100, salt: 's', signature: 'x' };
    expect(readBotChallenge(v1)).toEqual({ kind: 'none' });
    expect(readBotChallenge({ parameters: { algorithm: 'x' } })).toEqual({ kind: 'none' });
    expect(readBotChallenge('<html>')).toEqual({ kind: 'none' });
    expect(readBotChallenge(null)).toEqual({ kind: 'none' });
  });
});
