import { describe, expect, it } from 'vitest';
import { payloadOfState, readBotChallenge } from './challenge';

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
  it('hands an ALTCHA v2 challenge to the widget without our kind field', () => {
    const read = readBotChallenge(v2);
    expect(read.kind).toBe('altcha');
    const { kind: _kind, ...expected } = v2;
    expect(read.kind === 'altcha' && JSON.parse(read.json)).toEqual(expected);
  });

  it('accepts the v1 shape of the contracts', () => {
    const v1 = { algorithm: 'SHA-256', challenge: 'c', maxnumber: 100, salt: 's', signature: 'x' };
    expect(readBotChallenge(v1)).toEqual({ kind: 'altcha', json: JSON.stringify(v1) });
  });

  it('renders nothing for reCAPTCHA or anything it cannot read', () => {
    expect(readBotChallenge({ kind: 'recaptcha', siteKey: 'k' })).toEqual({ kind: 'none' });
    expect(readBotChallenge({ parameters: { algorithm: 'x' } })).toEqual({ kind: 'none' });
    expect(readBotChallenge('<html>')).toEqual({ kind: 'none' });
    expect(readBotChallenge(null)).toEqual({ kind: 'none' });
  });
});

describe('payloadOfState', () => {
  it('takes the payload of a verified state only', () => {
    expect(payloadOfState({ state: 'verified', payload: 'p' })).toBe('p');
    expect(payloadOfState({ state: 'verifying', payload: null })).toBe('');
    expect(payloadOfState({ state: 'expired', payload: 'stale' })).toBe('');
    expect(payloadOfState(undefined)).toBe('');
  });
});
