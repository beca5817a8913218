import { describe, expect, it } from 'vitest';
import {
  CHOOSE_COUNTRY,
  callingCodeOf,
  countryOptions,
  EMPTY_PHONE,
  examplePhone,
  nationalNumber,
  PHONE_INVALID,
  phoneError,
  phoneFieldState,
} from './phone';

describe('phone input rules (spec 1 §5)', () => {
  it('starts on the US, +1', () => {
    expect(EMPTY_PHONE.countryCode).toBe('US');
    expect(callingCodeOf('US')).toBe('+1');
    expect(callingCodeOf('gb')).toBe('+44');
    expect(callingCodeOf('')).toBeNull();
  });

  it.each([
    [
      { number: '', countryCode: 'US' },
      { countryError: null, invalid: false },
    ],
    [
      { number: '201 555 0123', countryCode: 'US' },
      { countryError: null, invalid: false },
    ],
    [
      { number: '555', countryCode: 'US' },
      { countryError: null, invalid: true },
    ],
    [
      { number: '201 555 0123', countryCode: '' },
      { countryError: CHOOSE_COUNTRY, invalid: false },
    ],
    [
      { number: '020 7946 0018', countryCode: 'GB' },
      { countryError: null, invalid: false },
    ],
    [
      { number: '12345', countryCode: 'GB' },
      { countryError: null, invalid: true },
    ],
  ])('live state of %o', (value, expected) => {
    expect(phoneFieldState(value)).toEqual(expected);
  });

  it.each([
    [{ number: '', countryCode: 'US' }, PHONE_INVALID],
    [{ number: '12', countryCode: 'US' }, PHONE_INVALID],
    [{ number: '(201) 555-0123', countryCode: '' }, CHOOSE_COUNTRY],
    [{ number: '(201) 555-0123', countryCode: 'US' }, null],
  ])('submit check of %o', (value, expected) => {
    expect(phoneError(value)).toBe(expected);
  });

  it('gives an example in national format and sends national digits', () => {
    expect(examplePhone('US')).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
    expect(examplePhone('')).toBeNull();
    expect(nationalNumber({ number: '(201) 555-0123', countryCode: 'US' })).toBe('2015550123');
    expect(nationalNumber({ number: '+1 201-555-0123', countryCode: 'US' })).toBe('2015550123');
  });

  it('lists the countries by name with their calling codes', () => {
    const options = countryOptions();
    expect(options.length).toBeGreaterThan(200);
    expect(options.find((o) => o.value === 'US')?.label).toBe('+1 United States');
    const names = options.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
