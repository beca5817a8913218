import { describe, expect, it } from 'vitest';
import { ApiRequestError, GENERIC_FAILURE_MESSAGE } from '../../../api/http';
import {
  DEFAULT_INVALID_REASON,
  PASSWORD_FORM_TEXTS,
  readInvalidPurpose,
  readInvalidReason,
  readResetLink,
  resetLinkOutcome,
} from './reset-link';

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
  it("opens the form only for a valid answer and passes the server's reason and the link's purpose on", () => {
    expect(resetLinkOutcome({ valid: true, reason: '', purpose: 'reset' }, null)).toEqual({
      kind: 'valid',
      purpose: 'reset',
    });
    expect(resetLinkOutcome({ valid: true, reason: '', purpose: 'invitation' }, null)).toEqual({
      kind: 'valid',
      purpose: 'invitation',
    });
    expect(
      resetLinkOutcome({ valid: false, reason: 'The link has expired.', purpose: 'invitation' }, null),
    ).toEqual({ kind: 'invalid', reason: 'The link has expired.', purpose: 'invitation' });
    expect(resetLinkOutcome({ valid: false, reason: '', purpose: 'reset' }, null)).toEqual({
      kind: 'invalid',
      reason: DEFAULT_INVALID_REASON,
      purpose: 'reset',
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

describe('the words of an invitation and of a reset', () => {
  it('an invited person sets a first password; only a reset link resets one', () => {
    expect(PASSWORD_FORM_TEXTS.invitation.title).toBe('Set Your Password');
    expect(PASSWORD_FORM_TEXTS.invitation.submit).toBe('Set Password');
    expect(JSON.stringify(PASSWORD_FORM_TEXTS.invitation.intro('a@b.test'))).not.toMatch(/reset/i);
    expect(PASSWORD_FORM_TEXTS.reset.submit).toBe('Reset Password');
    expect(readInvalidPurpose({ reason: 'x', purpose: 'invitation' })).toBe('invitation');
    expect(readInvalidPurpose({ purpose: 'other' })).toBe('reset');
    expect(readInvalidPurpose(null)).toBe('reset');
  });
});
