import type { SessionUser } from '@app/contracts';
import { makeUser, USERS } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import {
  type AgencyRow,
  type AgencyRowAction,
  agencyListFilters,
  agencyRowActions,
  apiStatusColour,
} from './agency-actions.js';

const agencyRow = { user_type: 'userdownline', payment_status: null } as const;
const failedRow = { user_type: 'userdownline', payment_status: 'failed' } as const;
const clientRow = { user_type: 'client', payment_status: null } as const;
const salesRow = { user_type: 'sales', payment_status: null } as const;

const FULL_AGENCY: AgencyRowAction[] = [
  'manual-bill',
  'delete',
  'user-logs',
  'set-sales',
  'exclude-minimum-spend',
  'onboarding-charge',
  'api-status',
  'agreement-download',
  'switch-user',
  'package',
];

describe('agencyRowActions (spec 2 §6)', () => {
  it.each([
    {
      rule: 'root on an agency row sees every icon but payment failed',
      viewer: USERS.root(),
      row: agencyRow,
      expected: FULL_AGENCY,
    },
    {
      rule: 'payment failed icon when the row failed',
      viewer: USERS.root(),
      row: failedRow,
      expected: ['manual-bill', 'delete', 'user-logs', 'payment-failed', ...FULL_AGENCY.slice(3)],
    },
    {
      rule: 'sales see no switch, delete, logs or payment failed, and cannot switch into a user',
      viewer: USERS.salesRep(),
      row: failedRow,
      expected: ['api-status', 'agreement-download'],
    },
    {
      rule: 'account executive is sales too',
      viewer: USERS.accountExecutive(),
      row: agencyRow,
      expected: ['api-status', 'agreement-download'],
    },
    {
      rule: 'an agency (its clients in Client Management) has no platform switches',
      viewer: makeUser(),
      row: clientRow,
      expected: ['delete', 'user-logs', 'agreement-download', 'switch-user'],
    },
    {
      rule: 'set sales is the system user’s: a root administrator sees everything else',
      viewer: makeUser({ user_type: 'admin', rootcomp: true, systemuser: false, company_parent: null }),
      row: agencyRow,
      expected: FULL_AGENCY.filter((action) => action !== 'set-sales'),
    },
    {
      rule: 'client rows: agreement download, no agency billing icons',
      viewer: USERS.root(),
      row: clientRow,
      expected: ['delete', 'user-logs', 'agreement-download', 'switch-user'],
    },
    {
      rule: 'sales rows: no agreement download',
      viewer: USERS.root(),
      row: salesRow,
      expected: ['delete', 'user-logs', 'switch-user'],
    },
    {
      rule: 'no nested view mode',
      viewer: { ...USERS.root(), isViewMode: true },
      row: clientRow,
      expected: ['delete', 'user-logs', 'agreement-download'],
    },
    {
      rule: 'user-type agency rows count as agencies',
      viewer: USERS.root(),
      row: { user_type: 'user', payment_status: null },
      expected: FULL_AGENCY,
    },
  ] as {
    rule: string;
    viewer: SessionUser;
    row: Pick<AgencyRow, 'user_type' | 'payment_status'>;
    expected: AgencyRowAction[];
  }[])('$rule', ({ viewer, row, expected }) => {
    expect(agencyRowActions(viewer, row)).toEqual(expected);
  });
});

describe('agencyListFilters (spec 2 §2)', () => {
  it('API filters only for the root company', () => {
    expect(agencyListFilters(USERS.root())).toEqual([
      'direct-payment',
      'payment-failed',
      'api-key-generated',
      'developer-mode-enabled',
    ]);
    expect(agencyListFilters(makeUser())).toEqual(['direct-payment', 'payment-failed']);
  });
});

describe('apiStatusColour (spec 2 §4)', () => {
  const row = {
    api_mode: 'T',
    is_user_generate_api: false,
    is_marketing_services_agreement_developer: 'T',
    customer_payment_id: 'cus_1',
  } as const;
  it.each([
    { rule: 'green: menu on and key generated', change: { is_user_generate_api: true }, expected: 'green' },
    { rule: 'green: key flag as T', change: { is_user_generate_api: 'T' }, expected: 'green' },
    { rule: 'blue: menu on, no key, agreement and payment done', change: {}, expected: 'blue' },
    {
      rule: 'orange: menu on, agreement missing',
      change: { is_marketing_services_agreement_developer: 'F' },
      expected: 'orange',
    },
    { rule: 'orange: menu on, payment missing', change: { customer_payment_id: null }, expected: 'orange' },
    {
      rule: 'orange: menu on, both missing',
      change: { customer_payment_id: '', is_marketing_services_agreement_developer: 'F' },
      expected: 'orange',
    },
    {
      rule: 'orange: key generated but menu off',
      change: { api_mode: 'F', is_user_generate_api: 1 },
      expected: 'orange',
    },
    { rule: 'gray: inactive', change: { api_mode: 'F' }, expected: 'gray' },
    {
      rule: 'gray: key flag F is not a key',
      change: { api_mode: 'F', is_user_generate_api: 'F' },
      expected: 'gray',
    },
  ] as { rule: string; change: Partial<AgencyRow>; expected: string }[])('$rule', ({ change, expected }) => {
    expect(apiStatusColour({ ...row, ...change })).toBe(expected);
  });
});
