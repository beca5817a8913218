import type { Action } from '@app/policy';
import { makeUser, USERS } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import { sectionControls, settingSections } from './sections';

describe('General Setting sections by user', () => {
  it('root company on the master system: onboarding, minimum spend and Simplifi; no modules, domain or cancel', () => {
    expect(settingSections(USERS.root())).toEqual([
      'branding',
      'payment-term',
      'smtp',
      'onboarding',
      'minimum-spend',
      'simplifi',
      'payment-gateway',
    ]);
    expect(settingSections(USERS.systemAdmin())).toEqual(settingSections(USERS.root()));
  });

  it('root company of another system: campaign minimums (enhance) but no minimum spend', () => {
    const sections = settingSections({ ...USERS.root(), is_master_system: false });
    expect(sections).not.toContain('minimum-spend');
    expect(sections).toContain('simplifi');
    expect(sections).toContain('onboarding');
  });

  it('agency owner: domain, payment account and subscription', () => {
    expect(settingSections(USERS.userdownline())).toEqual([
      'branding',
      'modules',
      'payment-term',
      'smtp',
      'domain',
      'payment-account',
      'subscription',
    ]);
    expect(settingSections(USERS.administrator())).toContain('payment-account');
    expect(settingSections(USERS.userdownline())).toContain('modules');
  });

  it('agency staff and an owner seen in view mode cannot cancel the subscription', () => {
    expect(settingSections(USERS.administrator())).not.toContain('subscription');
    expect(settingSections(USERS.agencyUser())).not.toContain('subscription');
    expect(settingSections(USERS.viewModeAgency())).not.toContain('subscription');
    expect(settingSections(USERS.administrator())).toContain('domain');
  });

  it('agencies never see the root-only parts', () => {
    const sections = settingSections(makeUser());
    expect(sections).not.toContain('onboarding');
    expect(sections).not.toContain('minimum-spend');
    expect(sections).not.toContain('simplifi');
    expect(sections).not.toContain('payment-gateway');
  });

  it('clients and sales see nothing', () => {
    expect(settingSections(USERS.client())).toEqual([]);
    expect(settingSections(USERS.salesRep())).toEqual([]);
  });
});

describe('General Setting buttons by the policy action behind them', () => {
  const only =
    (...allowed: Action[]) =>
    (action: Action) =>
      allowed.includes(action);

  it('saves most sections with settings.update and adds or removes nothing there', () => {
    for (const id of ['branding', 'modules', 'payment-term', 'smtp', 'domain', 'onboarding'] as const) {
      expect(sectionControls(id, only('settings.update'))).toEqual({
        canSave: true,
        canCreate: false,
        canDelete: false,
      });
      expect(sectionControls(id, only('settings.platformPrices')).canSave).toBe(false);
    }
  });

  it("saves the campaign minimums only with the platform's prices", () => {
    expect(sectionControls('simplifi', only('settings.update')).canSave).toBe(false);
    expect(sectionControls('simplifi', only('settings.platformPrices')).canSave).toBe(true);
  });

  it('gives the minimum-spend defaults and plans their own actions', () => {
    expect(sectionControls('minimum-spend', only('settings.update'))).toEqual({
      canSave: false,
      canCreate: false,
      canDelete: false,
    });
    expect(sectionControls('minimum-spend', only('minimumSpend.update', 'minimumSpend.delete'))).toEqual({
      canSave: true,
      canCreate: false,
      canDelete: true,
    });
  });
});
