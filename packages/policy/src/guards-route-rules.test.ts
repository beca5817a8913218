import {
  ALLOW,
  betaSetup,
  checkGuardRows,
  defaultModules,
  type GuardRow,
  makeCtx,
  makeUser,
  notFound,
  redirectTo,
  USERS,
} from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import { guardRoute } from './guards.js';
import { matchRoute } from './route-match.js';

const agency = USERS.userdownline();
const client = USERS.client();
const root = USERS.root();
const AGENCY_LIST = redirectTo('/configuration/agency-list', 'system-to-agency-list');
const SYSTEM_ONLY = notFound('system-only');
const SYSTEM_OR_SALES = notFound('system-or-sales');
const NO_MODULE = notFound('module-unavailable');
const NO_REPORT = notFound('report-analytics');

describe('route-specific 404s (spec 1 §2.3, spec 2 §2, §6)', () => {
  const noPermission = { ...root, user_permissions: { leadspeek: true } };
  const offMaster = { ...agency, is_master_system: false };
  const enhanceOff = { ...agency, modules: defaultModules({ enhance: { enabled: false } }) };
  const rows: GuardRow[] = [
    ['agency-list 404 for non-system users', agency, '/configuration/agency-list', SYSTEM_OR_SALES],
    [
      'agency-list 404 for a view-mode agency',
      USERS.viewModeAgency(),
      '/configuration/agency-list',
      SYSTEM_OR_SALES,
    ],
    ['agency-list for root', root, '/configuration/agency-list', ALLOW],
    ['agency-list includes sales', USERS.salesRep(), '/configuration/agency-list', ALLOW],
    [
      'agency-list includes sales without the system-user flag (the demo)',
      { ...USERS.salesRep(), systemuser: false },
      '/configuration/agency-list',
      ALLOW,
    ],
    [
      'sales-account-list 404 for non-system',
      USERS.administrator(),
      '/configuration/sales-account-list',
      SYSTEM_ONLY,
    ],
    ['sales-account-list for root', root, '/configuration/sales-account-list', ALLOW],
    [
      "opt-out-list for an agency (its own list and its clients'; decision 0092)",
      agency,
      '/configuration/opt-out-list',
      ALLOW,
    ],
    ['opt-out-list for a system admin', USERS.systemAdmin(), '/configuration/opt-out-list', ALLOW],
    ['report-analytics: root, no permission set', root, '/configuration/report-analytics', ALLOW],
    [
      'report-analytics: 404 without the permission',
      noPermission,
      '/configuration/report-analytics',
      NO_REPORT,
    ],
    ['report-analytics: 404 for agencies', agency, '/configuration/report-analytics', NO_REPORT],
    [
      'report-analytics: global view mode',
      agency,
      '/configuration/report-analytics',
      ALLOW,
      { globalViewMode: true },
    ],
    [
      'beta module 404 for a non-beta agency',
      agency,
      '/b2bid/dashboard',
      NO_MODULE,
      { setup: betaSetup(false) },
    ],
    [
      'beta module for a beta tester',
      agency,
      '/b2bid/dashboard',
      ALLOW,
      { setup: betaSetup(false, { isBeta: true }) },
    ],
    [
      'beta module applied to all',
      agency,
      '/simplifiid/campaign-management',
      ALLOW,
      { setup: betaSetup(true) },
    ],
    ['beta module unknown while setup is unknown', agency, '/b2bid/dashboard', NO_MODULE, { setup: null }],
    ['simplifi 404 off the master system', offMaster, '/simplifiid/campaign-management', NO_MODULE],
    ['b2b 404 off the master system', offMaster, '/b2bid/campaign-management', NO_MODULE],
    ['module active: switched-off module 404', enhanceOff, '/enhanceid/dashboard', NO_MODULE],
    ['client module outside its leadspeek_type', client, '/enhanceid/dashboard', NO_MODULE],
    ['client module in its leadspeek_type', client, '/searchid/dashboard', ALLOW],
  ];
  checkGuardRows(rows);
});

describe('per-route redirects (spec 1 §2.3, spec 2 §2)', () => {
  const disabled = { ...client, disable_client_add_campaign: 'T' as const };
  const renamedDisabled = { ...disabled, modules: defaultModules({ local: { url: 'leads' } }) };
  const simplifiDisabled = { ...disabled, leadspeek_type: 'simplifi|locator' };
  const ready = makeUser({ menuLeadspeek: true });
  const noCardClient = { ...client, manual_bill: 'T' as const, customer_card_id: null };
  const CREATION = 'client-campaign-creation-disabled';
  const V1_FALLBACK = redirectTo('/user/profile-setup', 'profile-setup-v1-fallback');
  const rows: GuardRow[] = [
    ['system users leave module dashboards', root, '/siteid/dashboard', AGENCY_LIST],
    [
      'system users leave campaign management',
      USERS.systemAdmin(),
      '/searchid/campaign-management',
      AGENCY_LIST,
    ],
    ['D-v1: system users leave campaign management v1', root, '/siteid/campaign-management-v1', AGENCY_LIST],
    ['system users leave simplifi campaign management', root, '/simplifiid/campaign-management', AGENCY_LIST],
    ['client-management: system users to agency list', root, '/configuration/client-management', AGENCY_LIST],
    ['system admin may open leads management', USERS.systemAdmin(), '/siteid/leads-management', ALLOW],
    [
      'creation disabled: client to the dashboard',
      disabled,
      '/siteid/campaign-management',
      redirectTo('/siteid/dashboard', CREATION),
    ],
    [
      'creation disabled, renamed slug, v1',
      renamedDisabled,
      '/leads/campaign-management-v1',
      redirectTo('/leads/dashboard', CREATION),
    ],
    [
      'creation disabled on simplifi: client landing',
      simplifiDisabled,
      '/simplifiid/campaign-management',
      redirectTo('/searchid/dashboard', CREATION),
    ],
    ['creation enabled: client campaign management', client, '/siteid/campaign-management', ALLOW],
    [
      'the creation flag only applies to clients',
      { ...agency, disable_client_add_campaign: 'T' },
      '/siteid/campaign-management',
      ALLOW,
    ],
    ['profile-setup-v1 with card and leads menu', ready, '/user/profile-setup-v1', ALLOW],
    [
      'profile-setup-v1 without leads menu',
      { ...ready, menuLeadspeek: false },
      '/user/profile-setup-v1',
      V1_FALLBACK,
    ],
    ['profile-setup-v1 without card', noCardClient, '/user/profile-setup-v1', V1_FALLBACK],
    ['profile-setup-v1 for a system user', root, '/user/profile-setup-v1', ALLOW],
  ];
  checkGuardRows(rows);
});

describe('guardRoute with an explicit match', () => {
  it('uses the module resolved by matchRoute for renamed slugs', () => {
    const renamed = { ...agency, modules: defaultModules({ local: { url: 'leads' } }) };
    const match = matchRoute('/leads/dashboard', renamed);
    expect(match?.module).toBe('local');
    expect(match && guardRoute(makeCtx(renamed), match)).toEqual(ALLOW);
  });

  it('the same path is a different module for an agency that renamed another module to it', () => {
    const swapped = {
      ...agency,
      modules: defaultModules({ local: { url: 'x' }, enhance: { url: 'siteid' } }),
    };
    expect(matchRoute('/siteid/dashboard', swapped)?.module).toBe('enhance');
  });
});
