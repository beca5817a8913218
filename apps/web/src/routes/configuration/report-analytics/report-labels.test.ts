import { describe, expect, it } from 'vitest';
import { ACCOUNT_STATUS_LABELS, categoryLabel } from './report-labels';

describe('report labels', () => {
  it('names every account status', () => {
    expect(ACCOUNT_STATUS_LABELS['']).toBe('Not connected');
    expect(ACCOUNT_STATUS_LABELS.completed).toBe('Connected');
  });

  it('turns category slugs into words', () => {
    expect(categoryLabel('user_management')).toBe('User management');
    expect(categoryLabel('auth')).toBe('Auth');
    expect(categoryLabel('')).toBe('Other');
  });
});
