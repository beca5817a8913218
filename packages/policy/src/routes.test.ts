import { defaultModules, makeDomain, USERS } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import { moduleForSlug, moduleNaming, modulePath } from './module-naming.js';
import { breadcrumbs, matchRoute, normalizePathname } from './route-match.js';
import { ROUTES } from './routes.js';

const agency = USERS.userdownline();
/** An agency that renamed local to "Website Visitors" at /leads and locator to /searchid2. */
const renamed = {
  ...agency,
  modules: defaultModules({
    local: { name: 'Website Visitors', url: 'leads' },
    locator: { url: '/searchid2/' },
  }),
};

describe('route table (spec 1 §2, spec 2 §2)', () => {
  it.each([
    {
      rule: 'spec 1 §2.1 visitor-only',
      paths: ['/', '/login', '/sso', '/register', '/reset-password-invalid'],
      kind: 'visitor',
    },
    {
      rule: 'spec 1 §2.1 visitor-only with params',
      paths: ['/agency-register/ABC', '/set-new-password/tok', '/confirm-registration/tok'],
      kind: 'visitor',
    },
    {
      rule: 'spec 1 §2.2 public documents',
      paths: [
        '/privacy-policy',
        '/term-of-use',
        '/service-billing-agreement',
        '/marketing-services-agreement-developer',
      ],
      kind: 'public',
    },
    {
      rule: 'the e-mail confirmation link, signed in or not',
      paths: ['/confirm-email/tok'],
      kind: 'public',
    },
    {
      rule: 'spec 1 §2.3 guarded user area',
      paths: [
        '/user',
        '/user/profile',
        '/user/profile-setup',
        '/user/profile-setup-v1',
        '/user/card-setting',
        '/user/questionnaire',
        '/user/questionnaire-add',
      ],
      kind: 'guarded',
    },
    {
      rule: 'spec 1 §2.3 guarded pages',
      paths: [
        '/banner/create',
        '/banner/list',
        '/integrations',
        '/integrations/7',
        '/dashboard',
        '/campaign',
        '/campaign-setup',
        '/Audience',
        '/Client',
        '/download-auth/doc1',
      ],
      kind: 'guarded',
    },
    {
      rule: 'spec 1 §2.3 configuration',
      paths: [
        '/configuration',
        '/configuration/client-management',
        '/configuration/agency-list',
        '/configuration/administrator-list',
        '/configuration/sales-account-list',
        '/configuration/role-list',
        '/configuration/general-setting',
        '/configuration/data-enrichment',
        '/configuration/opt-out-list',
        '/configuration/report-analytics',
        '/configuration/sales-connect-account',
      ],
      kind: 'guarded',
    },
  ])('$rule: every path is in the table as $kind', ({ paths, kind }) => {
    for (const path of paths) {
      expect(matchRoute(path, agency)?.route.access.kind, path).toBe(kind);
    }
  });

  it('spec 1 §2.3: module routes exist per module; simplifi has only campaign-management', () => {
    const moduleIds = ROUTES.filter((route) => route.module).map((route) => route.id);
    expect(moduleIds).toHaveLength(4 * 4 + 1);
    expect(moduleIds.filter((id) => id.startsWith('module.simplifi.'))).toEqual([
      'module.simplifi.campaign-management',
    ]);
  });

  it('every route id is unique and every parent exists', () => {
    const ids = ROUTES.map((route) => route.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const route of ROUTES) {
      if (route.parentId) expect(ids, route.id).toContain(route.parentId);
    }
  });
});

describe('matchRoute', () => {
  it.each([
    { rule: 'spec 1 §2.2 any other path is 404', path: '/nope', id: null },
    { rule: 'spec 1 §2.2 unknown nested path is 404', path: '/configuration/unknown', id: null },
    {
      rule: 'spec 2 §2 trailing slash after reset view mode',
      path: '/configuration/agency-list/',
      id: 'configuration.agency-list',
    },
    {
      rule: 'query and hash are not part of the path',
      path: '/set-new-password/abc?email=a@b.test#x',
      id: 'set-new-password',
    },
    { rule: 'spec 1 §2.3 /Audience and /audience are one page', path: '/AUDIENCE', id: 'audience' },
    { rule: 'spec 1 §2.1 optional referral code absent', path: '/agency-register', id: 'agency-register' },
    { rule: 'too many segments is 404', path: '/user/profile/extra', id: null },
    { rule: 'an unknown module page is 404', path: '/siteid/reports', id: null },
  ])('$rule: $path', ({ path, id }) => {
    expect(matchRoute(path, agency)?.route.id ?? null).toBe(id);
  });

  it('spec 1 §2.1: captures params, decoded', () => {
    expect(matchRoute('/agency-register/REF%2042', null)?.params).toEqual({ referralCode: 'REF 42' });
    expect(matchRoute('/integrations/15', agency)?.params).toEqual({ id: '15' });
    expect(matchRoute('/set-new-password/%E0%A4%A', null)).toBeNull();
  });

  it.each([
    {
      rule: 'spec 1 §1 default slug',
      user: agency,
      path: '/siteid/dashboard',
      id: 'module.local.dashboard',
      module: 'local',
    },
    {
      rule: 'spec 1 §1 default slug',
      user: agency,
      path: '/b2bid/leads-management',
      id: 'module.b2b.leads-management',
      module: 'b2b',
    },
    {
      rule: 'spec 1 §2.3 simplifi campaign management',
      user: agency,
      path: '/simplifiid/campaign-management',
      id: 'module.simplifi.campaign-management',
      module: 'simplifi',
    },
    {
      rule: 'spec 1 §2.3 simplifi has no dashboard',
      user: agency,
      path: '/simplifiid/dashboard',
      id: null,
      module: null,
    },
    {
      rule: 'spec 1 §1 renamed slug is the local module',
      user: renamed,
      path: '/leads/dashboard',
      id: 'module.local.dashboard',
      module: 'local',
    },
    {
      rule: 'spec 1 §1 renamed slug with slashes cleaned',
      user: renamed,
      path: '/searchid2/campaign-management-v1',
      id: 'module.locator.campaign-management-v1',
      module: 'locator',
    },
    {
      rule: 'spec 1 §1 old slug no longer opens a renamed module',
      user: renamed,
      path: '/siteid/dashboard',
      id: null,
      module: null,
    },
    {
      rule: 'spec 1 §1 another agency has no /leads module',
      user: agency,
      path: '/leads/dashboard',
      id: null,
      module: null,
    },
    {
      rule: 'slugs compare case-insensitively',
      user: renamed,
      path: '/LEADS/Dashboard',
      id: 'module.local.dashboard',
      module: 'local',
    },
  ])('$rule: $path', ({ user, path, id, module }) => {
    const match = matchRoute(path, user);
    expect(match?.route.id ?? null).toBe(id);
    expect(match?.module ?? null).toBe(module);
  });

  it('static routes win over a module slug that collides with them', () => {
    const clash = { ...agency, modules: defaultModules({ local: { url: 'banner' } }) };
    expect(matchRoute('/banner/list', clash)?.route.id).toBe('banner.list');
    expect(matchRoute('/banner/dashboard', clash)?.route.id).toBe('module.local.dashboard');
  });

  it('two modules with the same slug: the first in module order wins', () => {
    const twice = { ...agency, modules: defaultModules({ enhance: { url: 'siteid' } }) };
    expect(moduleForSlug(twice, 'siteid')).toBe('local');
  });

  it('a visitor resolves slugs with the host owner naming, then the defaults', () => {
    const domain = makeDomain({ sidemenu: [{ type: 'local', name: 'Visitors', url: 'visitors' }] });
    expect(matchRoute('/visitors/dashboard', null, domain)?.module).toBe('local');
    expect(matchRoute('/visitors/dashboard', null)).toBeNull();
    expect(matchRoute('/siteid/dashboard', null)?.module).toBe('local');
  });

  it('normalizePathname collapses slashes and strips query', () => {
    expect(normalizePathname('//user///profile/?tab=1')).toBe('/user/profile');
    expect(normalizePathname('')).toBe('/');
  });
});

describe('module naming and paths', () => {
  it.each([
    {
      rule: 'spec 1 §1 defaults without a user',
      user: null,
      module: 'local',
      page: 'dashboard',
      path: '/siteid/dashboard',
    },
    {
      rule: 'spec 1 §1 renamed slug',
      user: renamed,
      module: 'local',
      page: 'campaign-management',
      path: '/leads/campaign-management',
    },
    {
      rule: 'spec 1 §1 blank url falls back',
      user: { modules: defaultModules({ enhance: { url: ' ' } }) },
      module: 'enhance',
      page: 'dashboard',
      path: '/enhanceid/dashboard',
    },
    {
      rule: 'spec 1 §1 missing entry falls back',
      user: { modules: [] },
      module: 'b2b',
      page: 'leads-management',
      path: '/b2bid/leads-management',
    },
  ] as const)('$rule: $path', ({ user, module, page, path }) => {
    expect(modulePath(user, module, page)).toBe(path);
  });

  it('spec 1 §2.3: simplifi has no dashboard path', () => {
    expect(() => modulePath(agency, 'simplifi', 'dashboard')).toThrow(RangeError);
  });

  it('display names follow the agency wording, blank names fall back', () => {
    expect(moduleNaming(renamed, 'local')).toEqual({ name: 'Website Visitors', slug: 'leads' });
    const blank = { modules: defaultModules({ b2b: { name: '' } }) };
    expect(moduleNaming(blank, 'b2b').name).toBe('B2B ID');
  });
});

describe('breadcrumbs (spec 1 §2.5)', () => {
  it('configuration pages show the parent', () => {
    const match = matchRoute('/configuration/agency-list/', USERS.root());
    expect(match && breadcrumbs(match, USERS.root())).toEqual([
      { label: 'Configuration', path: '/configuration' },
      { label: 'Agency List', path: '/configuration/agency-list' },
    ]);
  });

  it('module pages show the agency module name', () => {
    const match = matchRoute('/leads/dashboard', renamed);
    expect(match && breadcrumbs(match, renamed)).toEqual([
      { label: 'Website Visitors' },
      { label: 'Dashboard', path: '/leads/dashboard' },
    ]);
  });

  it('param routes link the parent list', () => {
    const match = matchRoute('/integrations/3', agency);
    expect(match && breadcrumbs(match, agency)).toEqual([
      { label: 'Integrations', path: '/integrations' },
      { label: 'Integration', path: '/integrations/3' },
    ]);
  });
});
