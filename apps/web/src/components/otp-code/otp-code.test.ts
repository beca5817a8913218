import { describe, expect, it } from 'vitest';
import { CODE_FORMAT_MESSAGE, codeError, normaliseCode } from './otp-code';

describe('normaliseCode', () => {
  it('keeps six digits of whatever was typed or pasted', () => {
    expect(normaliseCode('123 456')).toBe('123456');
    expect(normaliseCode('12-34-56-78')).toBe('123456');
    expect(normaliseCode('abc')).toBe('');
  });
});

describe('codeError', () => {
  it('accepts exactly six digits', () => {
    expect(codeError('012345')).toBeNull();
    expect(codeError('12345')).toBe(CODE_FORMAT_MESSAGE);
    expect(codeError('')).toBe(CODE_FORMAT_MESSAGE);
  });
});
