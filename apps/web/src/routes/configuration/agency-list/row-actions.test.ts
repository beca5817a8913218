import type { AgencyNode } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { USERS } from '../../../../../../packages/policy/src/test-fixtures';
import { rowActionsFor } from './row-actions';

const node = (overrides: Partial<AgencyNode> = {}): AgencyNode => ({
  id: 5,
  company_id: 50,
  company_name: 'Acme',
  name: 'Ann Acme',
  email: 'ann@acme.test',
  phonenum: '',
  user_type: 'userdownline',
  subdomain: null,
  domain: null,
  manual_bill: 'F',
  api_mode: 'F',
  payment_status: 'ok',
  profile_setup_completed: 'T',
  salesrep: null,
  created_at: '2024-01-01',
  ...overrides,
});

describe('row actions', () => {
  it('lets a system user switch into a row, not a sales user', () => {
    expect(rowActionsFor(USERS.root(), node()).has('switch-user')).toBe(true);
    expect(rowActionsFor(USERS.salesRep(), node()).has('switch-user')).toBe(false);
  });

  it('shows nothing on a row of an unknown user type', () => {
    expect(rowActionsFor(USERS.root(), node({ user_type: 'mystery' })).size).toBe(0);
  });
});
