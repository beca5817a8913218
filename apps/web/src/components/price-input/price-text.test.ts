import { describe, expect, it } from 'vitest';
import {
  formatPrice,
  isAllowedPriceKey,
  isBelowMin,
  isClipboardShortcut,
  isPriceText,
  minimumHint,
  parsePrice,
  priceToEditText,
  settlePrice,
} from './price-text';

describe('price text (spec 2 §5: digits and one decimal point)', () => {
  it.each([
    ['', true],
    ['.', true],
    ['0', true],
    ['12', true],
    ['12.', true],
    ['.5', true],
    ['12.50', true],
    ['1.2.3', false],
    ['-1', false],
    ['1e3', false],
    ['$12', false],
    ['1,000', false],
    [' 12', false],
    ['12a', false],
  ])('%j is price text: %s', (text, expected) => {
    expect(isPriceText(text)).toBe(expected);
  });
});

describe('restricted keys', () => {
  it('lets digits and control keys through', () => {
    for (const key of [
      '0',
      '5',
      '9',
      'Backspace',
      'Delete',
      'Tab',
      'ArrowLeft',
      'ArrowRight',
      'Home',
      'End',
    ]) {
      expect(isAllowedPriceKey({ key }, '12', 'cents')).toBe(true);
    }
  });

  it('refuses letters, signs and symbols', () => {
    for (const key of ['a', 'e', 'E', '-', '+', ',', '$', ' ', '/']) {
      expect(isAllowedPriceKey({ key }, '12', 'cents')).toBe(false);
    }
  });

  it('allows one decimal point only', () => {
    expect(isAllowedPriceKey({ key: '.' }, '12', 'cents')).toBe(true);
    expect(isAllowedPriceKey({ key: '.' }, '12.5', 'cents')).toBe(false);
    expect(isAllowedPriceKey({ key: '.' }, '', 'cents')).toBe(true);
  });

  it('allows a point that replaces the selected point', () => {
    // '12.5' with '.5' selected (positions 2..4): typing '.' replaces it.
    expect(isAllowedPriceKey({ key: '.' }, '12.5', 'cents', { start: 2, end: 4 })).toBe(true);
    // Selection elsewhere keeps the existing point.
    expect(isAllowedPriceKey({ key: '.' }, '12.5', 'cents', { start: 0, end: 1 })).toBe(false);
  });

  it('stops at the decimals the unit allows: 2 for fees, 3 for per-lead prices', () => {
    expect(isAllowedPriceKey({ key: '5' }, '1.2', 'cents')).toBe(true);
    expect(isAllowedPriceKey({ key: '5' }, '1.25', 'cents')).toBe(false);
    expect(isAllowedPriceKey({ key: '5' }, '0.12', 'micros')).toBe(true);
    expect(isAllowedPriceKey({ key: '5' }, '0.125', 'micros')).toBe(false);
    // Typing in front of the point is still fine.
    expect(isAllowedPriceKey({ key: '5' }, '1.25', 'cents', { start: 0, end: 0 })).toBe(true);
    // Replacing a selected decimal is fine too.
    expect(isAllowedPriceKey({ key: '5' }, '1.25', 'cents', { start: 3, end: 4 })).toBe(true);
    // A point that would leave too many decimals behind it is refused... as a digit would be.
    expect(isAllowedPriceKey({ key: '.' }, '1234', 'cents', { start: 1, end: 1 })).toBe(true);
  });

  it('stops at seven dollar digits (the server refuses $10,000,000 and more)', () => {
    expect(isAllowedPriceKey({ key: '9' }, '999999', 'cents')).toBe(true);
    expect(isAllowedPriceKey({ key: '9' }, '9999999', 'cents')).toBe(false);
    expect(isAllowedPriceKey({ key: '9' }, '9999999.', 'cents')).toBe(true);
    // Leading zeros do not count.
    expect(isAllowedPriceKey({ key: '9' }, '0000000', 'cents')).toBe(true);
  });

  it('blocks copy, cut and paste shortcuts but keeps select all and undo', () => {
    for (const key of ['c', 'v', 'x', 'C', 'V', 'X']) {
      expect(isAllowedPriceKey({ key, ctrlKey: true }, '1', 'cents')).toBe(false);
      expect(isAllowedPriceKey({ key, metaKey: true }, '1', 'cents')).toBe(false);
    }
    expect(isClipboardShortcut({ key: 'Insert', shiftKey: true })).toBe(true);
    expect(isClipboardShortcut({ key: 'Insert', ctrlKey: true })).toBe(true);
    expect(isClipboardShortcut({ key: 'Delete', shiftKey: true })).toBe(true);
    expect(isClipboardShortcut({ key: 'Delete' })).toBe(false);
    expect(isAllowedPriceKey({ key: 'a', ctrlKey: true }, '1', 'cents')).toBe(true);
    expect(isAllowedPriceKey({ key: 'z', metaKey: true }, '1', 'cents')).toBe(true);
    expect(isAllowedPriceKey({ key: 'p', ctrlKey: true }, '1', 'cents')).toBe(false);
  });
});

describe('parsePrice: text to integer minor units, no floats', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['.5', 50],
    ['12.', 1200],
    ['0.01', 1],
    ['0.29', 29], // 0.29 * 100 is 28.999… as a float
    ['1234567.89', 123456789],
    ['007', 700],
  ])('%j is %i cents', (text, cents) => {
    expect(parsePrice(text, 'cents')).toBe(cents);
  });

  it.each([
    ['0.35', 350_000],
    ['0.125', 125_000],
    ['2', 2_000_000],
  ])('%j is %i micro-dollars', (text, micros) => {
    expect(parsePrice(text, 'micros')).toBe(micros);
  });

  it.each(['', '.', 'abc', '1.2.3', '-5', '$5', '1e3', '0.005', '10000000'])('%j is not a fee', (text) => {
    expect(parsePrice(text, 'cents')).toBeNull();
  });

  it('refuses a fourth decimal on per-lead prices', () => {
    expect(parsePrice('0.1255', 'micros')).toBeNull();
  });
});

describe('formatPrice: US dollars', () => {
  it.each([
    [0, 'cents', '$0.00'],
    [5, 'cents', '$0.05'],
    [1250, 'cents', '$12.50'],
    [123456789, 'cents', '$1,234,567.89'],
    [0, 'micros', '$0.00'],
    [350_000, 'micros', '$0.35'],
    [125_000, 'micros', '$0.125'],
    [2_000_000_000, 'micros', '$2,000.00'],
  ] as const)('%i %s is %s', (units, unit, text) => {
    expect(formatPrice(units, unit)).toBe(text);
  });

  it('gives the plain text for editing', () => {
    expect(priceToEditText(1250, 'cents')).toBe('12.5');
    expect(priceToEditText(1200, 'cents')).toBe('12');
    expect(priceToEditText(123456789, 'cents')).toBe('1234567.89');
    expect(priceToEditText(125_000, 'micros')).toBe('0.125');
    expect(priceToEditText(0, 'cents')).toBe('0');
  });

  it('round-trips every amount it formats', () => {
    for (const cents of [0, 1, 9, 10, 99, 100, 101, 12345, 100000, 999_999_999]) {
      expect(parsePrice(priceToEditText(cents, 'cents'), 'cents')).toBe(cents);
    }
    for (const micros of [0, 1000, 125_000, 500_000, 1_001_000, 9_999_999_999_000]) {
      expect(parsePrice(priceToEditText(micros, 'micros'), 'micros')).toBe(micros);
    }
  });
});

describe('settlePrice: what blur does', () => {
  it('formats a valid price', () => {
    expect(settlePrice('12.5', 'cents')).toEqual({ units: 1250, display: '$12.50', raisedToMin: false });
  });

  it('resets anything else to 0', () => {
    expect(settlePrice('', 'cents')).toEqual({ units: 0, display: '$0.00', raisedToMin: false });
    expect(settlePrice('.', 'cents').units).toBe(0);
    expect(settlePrice('abc', 'cents').units).toBe(0);
    expect(settlePrice('1.2.3', 'cents').units).toBe(0);
  });

  it('raises a value below the floor to the floor', () => {
    expect(settlePrice('0.10', 'micros', 500_000)).toEqual({
      units: 500_000,
      display: '$0.50',
      raisedToMin: true,
    });
    expect(settlePrice('', 'micros', 500_000).units).toBe(500_000);
    expect(settlePrice('0.75', 'micros', 500_000)).toEqual({
      units: 750_000,
      display: '$0.75',
      raisedToMin: false,
    });
    expect(settlePrice('0.5', 'micros', 500_000).raisedToMin).toBe(false);
  });

  it('ignores a missing or zero floor', () => {
    expect(settlePrice('0', 'cents', null).raisedToMin).toBe(false);
    expect(settlePrice('0', 'cents', 0).raisedToMin).toBe(false);
  });
});

describe('the floor hint', () => {
  it('shows only below a positive floor', () => {
    expect(isBelowMin('0.4', 'micros', 500_000)).toBe(true);
    expect(isBelowMin('', 'micros', 500_000)).toBe(true);
    expect(isBelowMin('0.5', 'micros', 500_000)).toBe(false);
    expect(isBelowMin('3', 'micros', 500_000)).toBe(false);
    expect(isBelowMin('0', 'micros', 0)).toBe(false);
    expect(isBelowMin('0', 'micros', null)).toBe(false);
  });

  it("reads '*Cost Per Lead Minimum {value}'", () => {
    expect(minimumHint(500_000, 'micros')).toBe('*Cost Per Lead Minimum $0.50');
    expect(minimumHint(125_000, 'micros')).toBe('*Cost Per Lead Minimum $0.125');
    expect(minimumHint(125, 'cents')).toBe('*Cost Per Lead Minimum $1.25');
  });
});
