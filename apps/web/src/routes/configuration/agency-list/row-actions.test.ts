import { USERS } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import { makeNode } from '../../../../test/agency-node';
import {
  agencyRowAccess,
  rowActionsFor,
  rowIconStates,
  salesDownlineOf,
  showsCostIcon,
  switchTarget,
} from './row-actions';

describe('row actions', () => {
  it('lets a system user switch into a row, not a sales user', () => {
    expect(rowActionsFor(USERS.root(), makeNode()).has('switch-user')).toBe(true);
    expect(rowActionsFor(USERS.salesRep(), makeNode()).has('switch-user')).toBe(false);
  });

  it('shows nothing on a row of an unknown user type', () => {
    expect(rowActionsFor(USERS.root(), makeNode({ user_type: 'mystery' })).size).toBe(0);
  });

  it('offers Set Cost on agency rows to system staff only, not to sales or on client rows', () => {
    expect(showsCostIcon(rowActionsFor(USERS.root(), makeNode()))).toBe(true);
    expect(showsCostIcon(rowActionsFor(USERS.salesRep(), makeNode()))).toBe(false);
    expect(showsCostIcon(rowActionsFor(USERS.root(), makeNode({ user_type: 'client' })))).toBe(false);
  });

  it('shows the red card only on a payment-failed row', () => {
    expect(rowActionsFor(USERS.root(), makeNode({ payment_status: 'failed' })).has('payment-failed')).toBe(
      true,
    );
    expect(rowActionsFor(USERS.root(), makeNode()).has('payment-failed')).toBe(false);
  });
});

describe('what a row opens', () => {
  it('lets system staff edit an agency and open its clients', () => {
    expect(agencyRowAccess(USERS.root(), makeNode())).toEqual({ edit: true, clients: true });
  });

  it('gives sales the clients only of agencies they are account executive of, and no edit', () => {
    const ae = USERS.accountExecutive();
    expect(agencyRowAccess(ae, makeNode({ accountexecutiveid: ae.id }))).toEqual({
      edit: false,
      clients: true,
    });
    expect(agencyRowAccess(ae, makeNode({ accountexecutiveid: 99 }))).toEqual({
      edit: false,
      clients: false,
    });
    const rep = USERS.salesRep();
    expect(agencyRowAccess(rep, makeNode({ accountexecutiveid: rep.id })).clients).toBe(false);
  });
});

describe('row icon states (spec 2 §4)', () => {
  it('reads manual bill, minimum spend and onboarding exclusions', () => {
    expect(rowIconStates(makeNode())).toMatchObject({
      manualBill: false,
      minimumSpendExcluded: false,
      onboardingColour: 'green',
    });
    expect(
      rowIconStates(makeNode({ manual_bill: 'T', exclude_minimum_spend: 1, exclude_onboard_charge: 1 })),
    ).toMatchObject({ manualBill: true, minimumSpendExcluded: true, onboardingColour: 'gray' });
  });

  it.each([
    ['menu on and key generated', { api_mode: 'T', is_user_generate_api: 'T' }, 'green'],
    [
      'menu on, agreed and paying, no key',
      { api_mode: 'T', is_marketing_services_agreement_developer: 'T', customer_payment_id: 'cus_1' },
      'blue',
    ],
    ['menu on, agreement missing', { api_mode: 'T' }, 'orange'],
    ['key generated but menu off', { is_user_generate_api: 'T' }, 'orange'],
    ['inactive', {}, 'gray'],
  ] as const)('API key colour: %s → %s', (_rule, overrides, colour) => {
    expect(rowIconStates(makeNode(overrides)).apiColour).toBe(colour);
  });
});

describe('switch and sales downline', () => {
  it('switches to the row’s user with its known user type', () => {
    expect(switchTarget(makeNode())).toEqual({ usrID: 5, userType: 'userdownline' });
    expect(switchTarget(makeNode({ user_type: 'mystery' }))).toEqual({ usrID: 5, userType: null });
  });

  it('reads a sales user’s agencies from their own downline', () => {
    expect(salesDownlineOf(USERS.salesRep())).toBe(30);
    expect(salesDownlineOf(USERS.root())).toBeUndefined();
  });
});
