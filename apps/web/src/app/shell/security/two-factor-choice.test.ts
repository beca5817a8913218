import { describe, expect, it } from 'vitest';
import {
  choiceFromSetting,
  chooseTwoFactorType,
  planTwoFactorSave,
  qrImageSource,
  TWO_FACTOR_OFF,
} from './two-factor-choice';

const email = { enabled: true, type: 'email' } as const;
const google = { enabled: true, type: 'google' } as const;

describe('two-factor selection (spec 1 §4)', () => {
  it('reads the saved setting; a type without the switch on counts as off', () => {
    expect(choiceFromSetting({ two_factor_auth: true, two_factor_auth_type: 'email' })).toEqual(email);
    expect(choiceFromSetting({ two_factor_auth: false, two_factor_auth_type: 'google' })).toEqual(
      TWO_FACTOR_OFF,
    );
    expect(choiceFromSetting({ two_factor_auth: true, two_factor_auth_type: null })).toEqual(TWO_FACTOR_OFF);
  });

  it('choosing the active type turns it off, another type turns it on', () => {
    expect(chooseTwoFactorType(email, 'email')).toEqual(TWO_FACTOR_OFF);
    expect(chooseTwoFactorType(email, 'google')).toEqual(google);
    expect(chooseTwoFactorType(TWO_FACTOR_OFF, 'email')).toEqual(email);
  });

  it('switching google on goes through the authenticator; the rest is saved directly', () => {
    expect(planTwoFactorSave(TWO_FACTOR_OFF, google)).toEqual({ kind: 'google-setup' });
    expect(planTwoFactorSave(email, google)).toEqual({ kind: 'google-setup' });
    expect(planTwoFactorSave(TWO_FACTOR_OFF, email)).toEqual({ kind: 'save', choice: email });
    expect(planTwoFactorSave(google, TWO_FACTOR_OFF)).toEqual({ kind: 'save', choice: TWO_FACTOR_OFF });
    expect(planTwoFactorSave(google, google)).toEqual({ kind: 'unchanged' });
  });
});

describe('qrImageSource', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';

  it('turns SVG markup, with or without an XML header, into an image data URL', () => {
    const plain = qrImageSource(svg);
    expect(plain).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    const withHeader = `\n<?xml version="1.0" encoding="UTF-8"?>\n${svg}`;
    expect(decodeURIComponent(qrImageSource(withHeader)?.split(',')[1] ?? '')).toBe(withHeader.trim());
  });

  it('never returns markup that could reach the page, and passes image data URLs through', () => {
    const hostile = '<svg onload="alert(1)"><script>alert(1)</script></svg>';
    const source = qrImageSource(hostile) ?? '';
    expect(source.startsWith('data:image/svg+xml')).toBe(true);
    expect(source).not.toContain('<');
    expect(qrImageSource('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(qrImageSource('javascript:alert(1)')).toBeNull();
    expect(qrImageSource('https://example.test/qr.svg')).toBeNull();
  });
});
