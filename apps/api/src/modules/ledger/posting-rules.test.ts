import type { Cents } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { LedgerError } from './ledger-error.js';
import { checkPosting, MAX_POSTING_LINES, type PostingInput } from './posting-rules.js';

/** The clock the rules compare a posting's date with. */
const NOW = new Date('2026-11-29T12:00:00Z');
const line = (accountId: number, amount: number) => ({ accountId, amount: amount as Cents });
const posting = (overrides: Partial<PostingInput> = {}): PostingInput => ({
  systemId: 1,
  cause: {
    kind: 'onboarding_charge',
    description: 'Onboarding charge',
    businessKey: 'onboarding:7',
    companyId: 7,
  },
  lines: [line(1, 50_000), line(2, -50_000)],
  ...overrides,
});
const refusal = (input: PostingInput) => {
  try {
    checkPosting(input, NOW);
  } catch (error) {
    expect(error).toBeInstanceOf(LedgerError);
    expect((error as LedgerError).code).toBe('invalid_posting');
    return (error as LedgerError).message;
  }
  throw new Error('the posting was accepted');
};

describe('posting rules (checked before any SQL)', () => {
  it('dates a posting in the past for history, never in the future nor before 2000 (decision 0035)', () => {
    expect(() => checkPosting(posting({ postedAt: new Date('2026-06-01T09:00:00Z') }), NOW)).not.toThrow();
    const later = new Date(NOW.getTime() + 3_600_000);
    for (const postedAt of [later, new Date('1999-12-31T23:59:59Z'), new Date('not a date')])
      expect(refusal(posting({ postedAt }))).toBe('A posting can be dated from 2000 up to now, not later.');
  });

  it('accepts a balanced posting of two or more lines', () => {
    expect(() => checkPosting(posting(), NOW)).not.toThrow();
    expect(() =>
      checkPosting(
        posting({
          lines: [line(1, 700), line(2, 300), line(3, -1000)],
          gateway: { name: 'sandbox', objectId: 'ch_1' },
        }),
        NOW,
      ),
    ).not.toThrow();
  });

  it('refuses an unbalanced posting and says by how much', () => {
    expect(refusal(posting({ lines: [line(1, 50_000), line(2, -49_999)] }))).toBe(
      'A posting must balance: its debits are 50000 cents and its credits 49999 cents.',
    );
  });

  it('refuses zero lines and a single line', () => {
    expect(refusal(posting({ lines: [] }))).toBe('A posting needs at least two lines; this one has 0.');
    expect(refusal(posting({ lines: [line(1, 0)] }))).toBe(
      'A posting needs at least two lines; this one has 1.',
    );
  });

  it('refuses more lines than a posting may hold', () => {
    const many = Array.from({ length: MAX_POSTING_LINES + 1 }, (_, i) =>
      line(i + 1, i === 0 ? -MAX_POSTING_LINES : 1),
    );
    expect(refusal(posting({ lines: many }))).toBe(`A posting has at most ${MAX_POSTING_LINES} lines.`);
  });

  it('refuses a non-integer, zero, unsafe or non-number amount', () => {
    expect(refusal(posting({ lines: [line(1, 0.5), line(2, -0.5)] }))).toBe(
      'Line 1: 0.5 is not a non-zero whole number of cents.',
    );
    expect(refusal(posting({ lines: [line(1, 100), line(2, 0), line(3, -100)] }))).toBe(
      'Line 2: 0 is not a non-zero whole number of cents.',
    );
    expect(refusal(posting({ lines: [line(1, 2 ** 53), line(2, -(2 ** 53))] }))).toMatch(/^Line 1: /);
    expect(refusal(posting({ lines: [line(1, Number.NaN), line(2, 1)] }))).toMatch(/^Line 1: NaN/);
  });

  it('refuses sums that could not be added exactly', () => {
    const big = Number.MAX_SAFE_INTEGER;
    expect(refusal(posting({ lines: [line(1, big), line(2, big), line(3, -big), line(4, -big)] }))).toBe(
      'The amounts of the posting are too large to add up exactly.',
    );
  });

  it('refuses a bad account id', () => {
    expect(refusal(posting({ lines: [line(0, 1), line(2, -1)] }))).toBe(
      'Line 1: the account id 0 is not an id.',
    );
  });

  it('refuses an unknown cause, an empty description and a key with spaces', () => {
    const cause = posting().cause;
    expect(refusal(posting({ cause: { ...cause, kind: 'gift' as never } }))).toBe(
      '"gift" is not a ledger cause.',
    );
    expect(refusal(posting({ cause: { ...cause, description: '   ' } }))).toMatch(/needs a description/);
    expect(refusal(posting({ cause: { ...cause, businessKey: 'onboarding 7' } }))).toMatch(/business key/);
    expect(refusal(posting({ cause: { ...cause, businessKey: '' } }))).toMatch(/business key/);
    expect(refusal(posting({ cause: { ...cause, companyId: -3 } }))).toBe('The company id -3 is not an id.');
  });

  it('refuses a gateway object without its id', () => {
    expect(refusal(posting({ gateway: { name: 'stripe', objectId: '' } }))).toMatch(/gateway object/);
  });
});
