import { describe, expect, it } from 'vitest';
import { ApiRequestError, GENERIC_FAILURE_MESSAGE } from '../../../api/http';
import { DEFAULT_INVALID_REASON, readInvalidReason, readResetLink, resetLinkOutcome } from './reset-link';

describe('readResetLink', () => {
  it('needs both the token and the e-mail of the query', () => {
    expect(readResetLink('tok', '?email=ann%40example.test')).toEqual({
      token: 'tok',
      email: 'ann@example.test',
    });
    expect(readResetLink('tok', '')).toBeNull();
    expect(readResetLink(undefined, '?email=a@b.test')).toBeNull();
  });
});

describe('resetLinkOutcome', () => {
  it("opens the form only for a valid answer and passes the server's reason on", () => {
    expect(resetLinkOutcome({ valid: true, reason: '' }, null)).toEqual({ kind: 'valid' });
    expect(resetLinkOutcome({ valid: false, reason: 'The link has expired.' }, null)).toEqual({
      kind: 'invalid',
      reason: 'The link has expired.',
    });
    expect(resetLinkOutcome({ valid: false, reason: '' }, null)).toEqual({
      kind: 'invalid',
      reason: DEFAULT_INVALID_REASON,
    });
  });

  it('treats a refused request as invalid but offline, server faults and rate limits as retryable', () => {
    const refused = new ApiRequestError(422, 'validation_failed', 'E-mail is invalid.');
    expect(resetLinkOutcome(undefined, refused)).toEqual({ kind: 'invalid', reason: 'E-mail is invalid.' });
    const bare = new ApiRequestError(404, 'http_404', GENERIC_FAILURE_MESSAGE);
    expect(resetLinkOutcome(undefined, bare)).toEqual({ kind: 'invalid', reason: DEFAULT_INVALID_REASON });
    for (const status of [0, 429, 503]) {
      expect(resetLinkOutcome(undefined, new ApiRequestError(status, 'x', 'x'))).toEqual({
        kind: 'unavailable',
      });
    }
  });
});

describe('readInvalidReason', () => {
  it('shows the reason from router state, else a general one', () => {
    expect(readInvalidReason({ reason: ' Token expired. ' })).toBe('Token expired.');
    expect(readInvalidReason(null)).toBe(DEFAULT_INVALID_REASON);
    expect(readInvalidReason({ reason: 42 })).toBe(DEFAULT_INVALID_REASON);
    expect(readInvalidReason({ reason: 'x'.repeat(1000) })).toHaveLength(300);
  });
});
