import { describe, expect, it } from 'vitest';
import { ACTIONS, type Action, type ActionRule } from './actions.js';
import type { Actor } from './actor.js';
import { authorize, can, reaches } from './authorize.js';
import { API_SCOPES, type ApiScope, type KeyActor } from './key-actor.js';
import {
  groupListCompany,
  mayActAs,
  mayReadBilling,
  mayReadBillingAccount,
  mayReadCommissions,
  mayReadList,
  type TargetPerson,
} from './relations.js';

const base: Actor = {
  userId: 1,
  systemId: 1,
  companyId: 1,
  companyKind: 'root',
  companyParentId: null,
  rootCompanyId: 1,
  userType: 'root',
  isSystemUser: true,
  isAccExecutive: false,
  actorUserId: null,
  permissions: null,
};
const SYSTEM_USER = base;
const ROOT_ADMIN: Actor = { ...base, userId: 2, userType: 'admin', isSystemUser: false };
const SALES: Actor = { ...base, userId: 3, userType: 'sales', isSystemUser: false };
const ACCOUNT_EXECUTIVE: Actor = { ...SALES, userId: 4, isAccExecutive: true };
const AGENCY_OWNER: Actor = {
  ...base,
  userId: 10,
  companyId: 10,
  companyKind: 'agency',
  companyParentId: 1,
  userType: 'userdownline',
  isSystemUser: false,
};
const AGENCY_ADMIN: Actor = { ...AGENCY_OWNER, userId: 11, userType: 'administrator' };
const CLIENT: Actor = {
  ...AGENCY_OWNER,
  userId: 20,
  companyId: 20,
  companyKind: 'client',
  companyParentId: 10,
  userType: 'client',
};

const noSwitches = { enable: false, create: false, update: false, delete: false };
const allSwitches = { enable: true, create: true, update: true, delete: true };
const withRole = (a: Actor, settings: typeof noSwitches): Actor => ({ ...a, permissions: { settings } });

const target = (a: Actor, extra: Partial<TargetPerson> = {}): TargetPerson => ({
  userId: a.userId,
  systemId: a.systemId,
  userType: a.userType,
  isSystemUser: a.isSystemUser,
  companyKind: a.companyKind,
  companyParentId: a.companyParentId,
  disabled: false,
  ...extra,
});

describe('mayActAs (view mode and single sign-on)', () => {
  it('lets a system user act as anybody else in the system', () => {
    for (const t of [ROOT_ADMIN, SALES, AGENCY_OWNER, AGENCY_ADMIN, CLIENT])
      expect(mayActAs(SYSTEM_USER, target(t))).toBe(true);
  });

  it('keeps a root administrator away from the system user and the other root administrators', () => {
    expect(mayActAs(ROOT_ADMIN, target(SYSTEM_USER))).toBe(false);
    expect(mayActAs(ROOT_ADMIN, target({ ...ROOT_ADMIN, userId: 5 }))).toBe(false);
    expect(mayActAs(ROOT_ADMIN, target(AGENCY_OWNER))).toBe(true);
    expect(mayActAs(ROOT_ADMIN, target(CLIENT))).toBe(true);
  });

  it("lets agency staff act only as their own agency's clients, never as their owner or peers", () => {
    expect(mayActAs(AGENCY_ADMIN, target(AGENCY_OWNER))).toBe(false);
    expect(mayActAs(AGENCY_OWNER, target(AGENCY_ADMIN))).toBe(false);
    expect(mayActAs(AGENCY_ADMIN, target(CLIENT))).toBe(true);
    expect(mayActAs(AGENCY_ADMIN, target(CLIENT, { companyParentId: 99 }))).toBe(false);
    expect(mayActAs(AGENCY_OWNER, target(SYSTEM_USER))).toBe(false);
  });

  it('refuses sales staff, clients, oneself, other systems and disabled people', () => {
    expect(mayActAs(ACCOUNT_EXECUTIVE, target(CLIENT))).toBe(false);
    expect(mayActAs(CLIENT, target({ ...CLIENT, userId: 21 }))).toBe(false);
    expect(mayActAs(SYSTEM_USER, target(SYSTEM_USER))).toBe(false);
    expect(mayActAs(SYSTEM_USER, target(CLIENT, { systemId: 2 }))).toBe(false);
    expect(mayActAs(SYSTEM_USER, target(CLIENT, { disabled: true }))).toBe(false);
  });
});

describe('authorize', () => {
  it('answers 404 to people whose place does not reach an action and 403 to a role without its switch', () => {
    expect(authorize(CLIENT, 'groups.create')).toEqual({ allowed: false, status: 404 });
    expect(authorize(SALES, 'groups.create')).toEqual({ allowed: false, status: 404 });
    expect(authorize(ACCOUNT_EXECUTIVE, 'groups.create')).toEqual({ allowed: true });
    expect(authorize(withRole(AGENCY_ADMIN, noSwitches), 'groups.create')).toEqual({
      allowed: false,
      status: 403,
      reason: 'permission',
    });
    expect(can(withRole(AGENCY_ADMIN, allSwitches), 'groups.delete')).toBe(true);
  });

  it('needs the Settings update switch to change the company from the profile', () => {
    expect(can(withRole(AGENCY_ADMIN, noSwitches), 'account.company.update')).toBe(false);
    expect(can(withRole(AGENCY_ADMIN, { ...noSwitches, update: true }), 'account.company.update')).toBe(true);
    expect(can(CLIENT, 'account.company.update')).toBe(true);
  });

  it('refuses single sign-on from a session acting as someone else', () => {
    expect(authorize({ ...SYSTEM_USER, actorUserId: 99 }, 'sso.create')).toMatchObject({ status: 403 });
  });

  it("keeps a company's card to its own people: no stand-in saves one (view mode, single sign-on)", () => {
    for (const own of [AGENCY_OWNER, CLIENT]) {
      expect(can(own, 'cards.update')).toBe(true);
      expect(authorize({ ...own, actorUserId: 99 }, 'cards.update')).toEqual({
        allowed: false,
        status: 403,
        reason: 'acting_as_other',
      });
      // Reading which card pays stays open to a stand-in (support).
      expect(can({ ...own, actorUserId: 99 }, 'cards.read')).toBe(true);
    }
  });

  it("gives stopping a prepaid campaign's continual top-up to the agency's staff, never the client", () => {
    expect(can(AGENCY_OWNER, 'campaigns.prepaidTopUp.stop')).toBe(true);
    expect(can(AGENCY_ADMIN, 'campaigns.prepaidTopUp.stop')).toBe(true);
    for (const other of [CLIENT, SALES, ACCOUNT_EXECUTIVE, SYSTEM_USER])
      expect(authorize(other, 'campaigns.prepaidTopUp.stop')).toEqual({ allowed: false, status: 404 });
    const noLeadspeekUpdate: Actor = {
      ...AGENCY_ADMIN,
      permissions: { leadspeek: { ...allSwitches, update: false } },
    };
    expect(authorize(noLeadspeekUpdate, 'campaigns.prepaidTopUp.stop')).toMatchObject({ status: 403 });
  });

  it('gives keyword counts to the people who run campaigns and data enhancement to company staff', () => {
    for (const runner of [AGENCY_OWNER, AGENCY_ADMIN, CLIENT]) {
      expect(can(runner, 'keywordCounts.read')).toBe(true);
      expect(can(runner, 'keywordCounts.run')).toBe(true);
    }
    for (const other of [SALES, ACCOUNT_EXECUTIVE, SYSTEM_USER, ROOT_ADMIN])
      expect(authorize(other, 'keywordCounts.run')).toEqual({ allowed: false, status: 404 });
    for (const staff of [AGENCY_OWNER, AGENCY_ADMIN, SYSTEM_USER, ROOT_ADMIN])
      expect(can(staff, 'enrichment.run')).toBe(true);
    for (const other of [CLIENT, SALES, ACCOUNT_EXECUTIVE])
      expect(authorize(other, 'enrichment.read')).toEqual({ allowed: false, status: 404 });
    const readOnly: Actor = {
      ...AGENCY_ADMIN,
      permissions: { leadspeek: { ...allSwitches, update: false } },
    };
    expect(can(readOnly, 'keywordCounts.read')).toBe(true);
    expect(authorize(readOnly, 'keywordCounts.run')).toMatchObject({ status: 403 });
    expect(authorize(readOnly, 'enrichment.run')).toMatchObject({ status: 403 });
    for (const anyone of [SALES, CLIENT, SYSTEM_USER]) expect(can(anyone, 'dataVendor.reference')).toBe(true);
  });

  it('gives the banner builder to company staff by the Ads Design switches, never to clients or sales (decision 0113)', () => {
    const banners = ['banners.read', 'banners.create', 'banners.update', 'banners.delete'] as const;
    for (const staff of [AGENCY_OWNER, AGENCY_ADMIN, SYSTEM_USER, ROOT_ADMIN])
      for (const action of banners) expect(can(staff, action)).toBe(true);
    for (const other of [CLIENT, SALES, ACCOUNT_EXECUTIVE])
      for (const action of [...banners, 'banners.attach'] as const)
        expect(authorize(other, action)).toEqual({ allowed: false, status: 404 });
    // Attaching makes media in a client's campaign: the agency's people, never the system's directly.
    expect(can(AGENCY_OWNER, 'banners.attach')).toBe(true);
    expect(authorize(SYSTEM_USER, 'banners.attach')).toEqual({ allowed: false, status: 404 });
    const designer: Actor = {
      ...AGENCY_ADMIN,
      permissions: { ads_design: { ...allSwitches, delete: false } },
    };
    expect(can(designer, 'banners.update')).toBe(true);
    expect(authorize(designer, 'banners.delete')).toMatchObject({ status: 403 });
    const noDesign: Actor = {
      ...AGENCY_ADMIN,
      permissions: { ads_design: noSwitches, leadspeek: allSwitches },
    };
    for (const action of banners) expect(authorize(noDesign, action)).toMatchObject({ status: 403 });
    // Media go with the campaigns (the LeadsPeek switches), not with Ads Design; so does attaching a
    // banner to a campaign (the ad-builder module also asks banners.read of the person).
    expect(can(noDesign, 'media.upload')).toBe(true);
    expect(can(noDesign, 'banners.attach')).toBe(true);
    expect(authorize(designer, 'media.upload')).toMatchObject({ status: 403 });
    expect(authorize(designer, 'banners.attach')).toMatchObject({ status: 403 });
  });

  it('keeps the platform’s prices and reports to the platform', () => {
    expect(can(AGENCY_OWNER, 'settings.platformPrices')).toBe(false);
    expect(can(ROOT_ADMIN, 'settings.platformPrices')).toBe(true);
    expect(can(ROOT_ADMIN, 'reports.root')).toBe(false);
    expect(can(SYSTEM_USER, 'reports.root')).toBe(true);
  });

  it('lets a client and a sales representative reach only these actions (nothing widens unnoticed)', () => {
    const reached = (actor: Actor) => (Object.keys(ACTIONS) as Action[]).filter((a) => ACTIONS[a].who(actor));
    const own = [
      'session.read',
      'session.end',
      'account.update',
      'account.password',
      'account.twoFactor',
      'account.twoFactor.change',
      'account.company.update',
      'logs.write',
      'groups.read',
    ];
    // Agreements: one's own (and, by scope, whose one manages); the gate of a feature for oneself.
    const agreements = [
      'agreements.read',
      'agreements.accept',
      'agreements.download',
      'agreements.openLink',
      'betaFeatures.gate',
    ];
    expect(reached(CLIENT)).toEqual([
      ...own,
      'roles.read',
      'campaignMinimums.read',
      'cards.read',
      'cards.update',
      'billing.read',
      ...agreements,
      // Campaigns: a client runs its own (decision 0045); its prices are its agency's to set.
      'campaigns.read',
      'campaigns.create',
      'campaigns.update',
      'campaigns.move',
      // Its campaigns' stored leads (the Open API's lead feed names the action, decision 0100).
      'leads.read',
      'campaigns.remove',
      // Its customer lists its display campaigns target (decision 0114).
      'audiences.read',
      'audiences.create',
      'audiences.delete',
      // Its campaigns' display ads (decision 0113).
      'media.read',
      'media.upload',
      'media.update',
      // Its own exclusion list and its campaigns' (decision 0092).
      'exclusions.read',
      'exclusions.update',
      'exclusions.delete',
      // Its own keyword counts, and the data vendor's catalogue (decision 0093).
      'dataVendor.reference',
      'keywordCounts.read',
      'keywordCounts.run',
      // Where its leads go besides e-mail (decision 0096).
      'integrations.read',
      'integrations.manage',
      'reports.analytics',
    ]);
    expect(reached(SALES)).toEqual([
      ...own,
      'users.salesDownline',
      'referrals.create',
      'roles.read',
      'campaignMinimums.read',
      'paymentAccount.sales.read',
      'paymentAccount.sales.connect',
      'billing.read',
      ...agreements,
      'dataVendor.reference',
      'reports.analytics',
      // Their own commissions (decision 0089).
      'billing.commissions',
    ]);
  });
});

describe('mayReadBilling (decision 0035)', () => {
  const root = { type: 'company', id: 1, kind: 'root', parentId: null } as const;
  const agency = { type: 'company', id: 10, kind: 'agency', parentId: 1 } as const;
  const otherAgency = { type: 'company', id: 11, kind: 'agency', parentId: 1 } as const;
  const client = { type: 'company', id: 20, kind: 'client', parentId: 10 } as const;
  it('gives the system its own accounts and every party of it', () => {
    for (const staff of [SYSTEM_USER, ROOT_ADMIN]) {
      expect(mayReadBilling(staff, { ...root, id: staff.rootCompanyId })).toBe(true);
      expect(mayReadBilling(staff, agency)).toBe(true);
      expect(mayReadBilling(staff, client)).toBe(true);
      expect(mayReadBilling(staff, { type: 'user', id: SALES.userId })).toBe(true);
    }
    expect(mayReadBilling(SYSTEM_USER, { ...root, id: 999 })).toBe(false);
  });
  it('gives an agency its own and its clients’ history, a client only its own, sales only theirs', () => {
    const owner = { ...AGENCY_OWNER, companyId: 10 };
    expect(mayReadBilling(owner, agency)).toBe(true);
    expect(mayReadBilling(owner, client)).toBe(true);
    expect(mayReadBilling(owner, otherAgency)).toBe(false);
    expect(mayReadBilling(owner, { ...root, id: owner.rootCompanyId })).toBe(false);
    const ownClient = { ...CLIENT, companyId: 20, companyParentId: 10 };
    expect(mayReadBilling(ownClient, client)).toBe(true);
    expect(mayReadBilling(ownClient, agency)).toBe(false);
    expect(mayReadBilling(ownClient, { ...client, id: 21 })).toBe(false);
    expect(mayReadBilling(SALES, agency)).toBe(false);
    expect(mayReadBilling(SALES, client)).toBe(false);
    expect(mayReadBilling(SALES, { type: 'user', id: SALES.userId })).toBe(true);
    expect(mayReadBilling(SALES, { type: 'user', id: SALES.userId + 1 })).toBe(false);
    expect(mayReadBilling(owner, { type: 'user', id: owner.userId })).toBe(true);
  });
  it("keeps a client's charges-and-payments account (the agency's wholesale) from the client itself", () => {
    const ownClient = { ...CLIENT, companyId: 20, companyParentId: 10 };
    expect(mayReadBillingAccount(ownClient, client, 'receivable')).toBe(false);
    expect(mayReadBillingAccount(ownClient, client, 'prepaid')).toBe(true);
    expect(mayReadBillingAccount({ ...AGENCY_OWNER, companyId: 10 }, client, 'receivable')).toBe(true);
    expect(mayReadBillingAccount(SYSTEM_USER, client, 'receivable')).toBe(true);
    expect(mayReadBillingAccount({ ...AGENCY_OWNER, companyId: 10 }, agency, 'receivable')).toBe(true);
  });
  it("gives the root-fee accounts to the system's owners, on their own system, and nobody else", () => {
    const system = { type: 'company', id: 1, kind: 'root', parentId: null } as const;
    for (const kind of ['root_fee_payable', 'root_fee_expense', 'root_fee_receivable', 'root_fee_revenue']) {
      expect(mayReadBillingAccount(SYSTEM_USER, system, kind), kind).toBe(true);
      expect(mayReadBillingAccount({ ...SYSTEM_USER, isSystemUser: false }, system, kind), kind).toBe(true);
      expect(mayReadBillingAccount(ROOT_ADMIN, system, kind), kind).toBe(false);
      expect(mayReadBillingAccount(SALES, system, kind), kind).toBe(false);
      expect(mayReadBillingAccount(SYSTEM_USER, { ...system, id: 7 }, kind), kind).toBe(false);
      expect(mayReadBillingAccount({ ...AGENCY_OWNER, companyId: 10 }, agency, kind), kind).toBe(false);
    }
    // Their other accounts stay as they were: the administrators read them too.
    expect(mayReadBillingAccount(ROOT_ADMIN, system, 'revenue')).toBe(true);
  });
});

describe('mayReadList', () => {
  const root = { id: 1, isRoot: true };
  const agency = { id: 10, isRoot: false };
  it('gives the agency and sales lists to system staff on their own root company only', () => {
    expect(mayReadList(ROOT_ADMIN, 'agencies', root)).toBe(true);
    expect(mayReadList(ROOT_ADMIN, 'agencies', { id: 7, isRoot: true })).toBe(false);
    expect(mayReadList(AGENCY_OWNER, 'agencies', root)).toBe(false);
    expect(mayReadList(SYSTEM_USER, 'sales', agency)).toBe(false);
  });

  it("gives an agency's clients to its staff, the system's and its own account executive only", () => {
    expect(mayReadList(AGENCY_ADMIN, 'clients', agency)).toBe(true);
    expect(mayReadList(ROOT_ADMIN, 'clients', agency)).toBe(true);
    const executiveOf = (userId: number | null) => ({ ...agency, accountExecutiveId: userId });
    expect(mayReadList(ACCOUNT_EXECUTIVE, 'clients', executiveOf(ACCOUNT_EXECUTIVE.userId))).toBe(true);
    expect(mayReadList(ACCOUNT_EXECUTIVE, 'clients', executiveOf(99))).toBe(false);
    expect(mayReadList(ACCOUNT_EXECUTIVE, 'clients', agency)).toBe(false);
    expect(mayReadList(SALES, 'clients', executiveOf(SALES.userId))).toBe(false);
    expect(mayReadList(ACCOUNT_EXECUTIVE, 'staff', executiveOf(ACCOUNT_EXECUTIVE.userId))).toBe(false);
  });

  it("gives an agency's staff list to its own staff and the system's", () => {
    expect(mayReadList(AGENCY_ADMIN, 'staff', agency)).toBe(true);
    expect(mayReadList(AGENCY_ADMIN, 'staff', { id: 12, isRoot: false })).toBe(false);
    expect(mayReadList(AGENCY_ADMIN, 'staff', root)).toBe(false);
    expect(mayReadList(ROOT_ADMIN, 'staff', agency)).toBe(true);
  });
});

describe('groupListCompany (spec 2 §6: "Clients use the parent company for the group list")', () => {
  it('gives a client its agency, company staff their own company, sales staff none', () => {
    expect(groupListCompany(CLIENT)).toBe(10);
    expect(groupListCompany(AGENCY_OWNER)).toBe(10);
    expect(groupListCompany(AGENCY_ADMIN)).toBe(10);
    expect(groupListCompany(SYSTEM_USER)).toBe(1);
    expect(groupListCompany(ROOT_ADMIN)).toBe(1);
    expect(groupListCompany(SALES)).toBeNull();
    expect(groupListCompany(ACCOUNT_EXECUTIVE)).toBeNull();
  });
});

describe('sales commissions (decision 0089)', () => {
  const person = (a: Actor) => ({ userId: a.userId, systemId: a.systemId, userType: a.userType });
  it('lets the system owners read every sales person of their system and set the rate', () => {
    for (const owner of [SYSTEM_USER]) {
      expect(mayReadCommissions(owner, person(SALES))).toBe(true);
      expect(mayReadCommissions(owner, person(ACCOUNT_EXECUTIVE))).toBe(true);
      expect(mayReadCommissions(owner, { ...person(SALES), systemId: 2 })).toBe(false);
      // Only sales people have commissions: an agency owner or the owner themselves is nobody's here.
      expect(mayReadCommissions(owner, person(AGENCY_OWNER))).toBe(false);
      expect(mayReadCommissions(owner, person(owner))).toBe(false);
      expect(can(owner, 'billing.commissionRate.update')).toBe(true);
    }
    expect(authorize(withRole(SYSTEM_USER, noSwitches), 'billing.commissionRate.update')).toMatchObject({
      allowed: false,
      status: 403,
    });
  });
  it('lets a sales person read only their own; root administrators, agencies and clients none', () => {
    expect(mayReadCommissions(SALES, person(SALES))).toBe(true);
    expect(mayReadCommissions(SALES, person(ACCOUNT_EXECUTIVE))).toBe(false);
    expect(mayReadCommissions(ACCOUNT_EXECUTIVE, person(ACCOUNT_EXECUTIVE))).toBe(true);
    expect(mayReadCommissions(ROOT_ADMIN, person(SALES))).toBe(false);
    for (const other of [ROOT_ADMIN, AGENCY_OWNER, AGENCY_ADMIN, CLIENT]) {
      expect(can(other, 'billing.commissions')).toBe(false);
      expect(can(other, 'billing.commissionRate')).toBe(false);
    }
    expect(can(SALES, 'billing.commissions')).toBe(true);
    expect(can(SALES, 'billing.commissionRate')).toBe(false);
    expect(can(SALES, 'billing.commissionRate.update')).toBe(false);
  });
});

describe('authorize for an Open API key (decision 0100)', () => {
  const key = (scopes: readonly ApiScope[], companyKind: KeyActor['companyKind'] = 'agency'): KeyActor => ({
    kind: 'key',
    keyId: 1,
    systemId: 1,
    companyId: 10,
    companyKind,
    companyParentId: companyKind === 'root' ? null : 1,
    rootCompanyId: 1,
    scopes,
  });
  const keyActions = (Object.keys(ACTIONS) as Action[]).filter((a) => (ACTIONS[a] as ActionRule).key);

  it('lets keys reach only the Open API actions, each with its scope', () => {
    expect(keyActions).toEqual([
      'campaigns.read',
      'campaigns.create',
      'campaigns.update',
      'campaigns.move',
      'leads.read',
      'exclusions.read',
      'exclusions.update',
      'integrations.read',
      'integrations.manage',
    ]);
    const all = key(API_SCOPES);
    for (const action of Object.keys(ACTIONS) as Action[])
      expect(authorize(all, action).allowed, action).toBe(keyActions.includes(action));
  });

  it('refuses an action whose scope the key lacks with 403, and any other with 404', () => {
    const readOnly = key(['campaigns:read']);
    expect(authorize(readOnly, 'campaigns.read')).toEqual({ allowed: true });
    expect(authorize(readOnly, 'campaigns.create')).toEqual({
      allowed: false,
      status: 403,
      reason: 'permission',
    });
    expect(authorize(readOnly, 'developer.keys.create')).toEqual({ allowed: false, status: 404 });
    expect(authorize(readOnly, 'users.remove')).toEqual({ allowed: false, status: 404 });
  });

  it('gives a client company no key at all', () => {
    expect(authorize(key(API_SCOPES, 'client'), 'campaigns.read')).toEqual({ allowed: false, status: 404 });
    expect(reaches(key(API_SCOPES, 'client'), 'campaigns.read')).toBe(false);
    expect(reaches(key(API_SCOPES, 'root'), 'campaigns.read')).toBe(true);
  });
});
