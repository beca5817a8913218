import { ALLOW, checkGuardRows, type GuardRow, notFound, redirectTo, USERS } from '@app/policy/testing';
import { describe } from 'vitest';

const agency = USERS.userdownline();
const client = USERS.client();
const root = USERS.root();
const sales = USERS.salesRep();
const LOGIN = redirectTo('/login', 'login-required');
const TYPE_404 = notFound('user-type');

describe('public and visitor routes (spec 1 §2.1, §2.2)', () => {
  const rows: GuardRow[] = [
    ['§2.2 public page for a visitor', null, '/privacy-policy', ALLOW],
    ['§2.2 public page for a signed-in root', root, '/term-of-use', ALLOW],
    ['§2.2 public page for a client', client, '/service-billing-agreement', ALLOW],
    ['§2.2 public page for sales', sales, '/marketing-services-agreement-developer', ALLOW],
    ['§2.2 any other path is the 404 page', agency, '/nope', notFound('no-route')],
    ['§2.2 any other path is 404 for visitors too', null, '/nope/deeper', notFound('no-route')],
    ['§2.1 / redirects to /login', null, '/', redirectTo('/login', 'route-alias')],
    ['§2.1 login is open to visitors', null, '/login', ALLOW],
    ['§2.1 register without the flag shows Login', null, '/register', redirectTo('/login', 'register-flag')],
    ['§2.1 register with the flag', null, '/register', ALLOW, { registerFlag: true }],
    ['§2.1 agency register with referral', null, '/agency-register/REF1', ALLOW],
    ['§2.1 agency register without referral', null, '/agency-register', ALLOW],
    ['§2.1 invalid reset page', null, '/reset-password-invalid', ALLOW],
    ['§2.1 set new password', null, '/set-new-password/tok', ALLOW],
    ['§2.1 sso for a visitor', null, '/sso', ALLOW],
    [
      '§4 D-sso: sso admits a signed-in user with a token (replace_user)',
      agency,
      '/sso',
      ALLOW,
      { ssoToken: true },
    ],
    [
      '§2.4 rule 7: a signed-in user on /sso without a token lands by role',
      agency,
      '/sso',
      redirectTo('/siteid/dashboard', 'visitor-route'),
    ],
    [
      '§2.4 rule 7: a signed-in root on /sso without a token',
      root,
      '/sso',
      redirectTo('/configuration/agency-list', 'visitor-route'),
    ],
  ];
  checkGuardRows(rows);
});

describe('rule 1 of spec 1 §2.4: not logged in goes to Login', () => {
  const paths = [
    '/user',
    '/user/profile',
    '/siteid/dashboard',
    '/configuration/agency-list',
    '/integrations/4',
  ];
  checkGuardRows(
    [...paths, '/download-auth/d1', '/configuration'].map(
      (path): GuardRow => ['§2.4 rule 1', null, path, LOGIN],
    ),
  );
});

describe('rule 2 of spec 1 §2.4: user type not allowed is 404', () => {
  const rows: GuardRow[] = [
    ['§2.3 questionnaire not for client', client, '/user/questionnaire', TYPE_404],
    ['§2.3 questionnaire for an agency', agency, '/user/questionnaire', ALLOW],
    ['§2.3 D-quest: questionnaire-add stays open to clients', client, '/user/questionnaire-add', ALLOW],
    ['§2.3 integrations for clients', client, '/integrations', ALLOW],
    ['§2.3 integrations for userdownline', agency, '/integrations/9', ALLOW],
    ['§2.3 integrations not for user-type agencies', USERS.agencyUser(), '/integrations', TYPE_404],
    ['§2.3 integrations not for administrators', USERS.administrator(), '/integrations', TYPE_404],
    ['§2.3 integrations not for root', root, '/integrations', TYPE_404],
    ['§2.3 integrations not for sales', sales, '/integrations/2', TYPE_404],
    ['§2.3 leads-management for administrator', USERS.administrator(), '/siteid/leads-management', ALLOW],
    ['§2.3 leads-management for admin', USERS.admin(), '/enhanceid/leads-management', ALLOW],
    ['§2.3 leads-management not for the agency owner', agency, '/siteid/leads-management', TYPE_404],
    ['§2.3 leads-management not for clients', client, '/siteid/leads-management', TYPE_404],
    ['§2.3 leads-management not for root', root, '/b2bid/leads-management', TYPE_404],
    ['§2.3 general-setting 404 for sales', sales, '/configuration/general-setting', TYPE_404],
    [
      '§2.3 general-setting 404 for account executives',
      USERS.accountExecutive(),
      '/configuration/general-setting',
      TYPE_404,
    ],
    ['D-config: general-setting 404 for clients', client, '/configuration/general-setting', TYPE_404],
    ['D-config: configuration closed to clients', client, '/configuration', TYPE_404],
    ['D-config: client management closed to clients', client, '/configuration/client-management', TYPE_404],
    ['D-config: role list closed to clients', client, '/configuration/role-list', TYPE_404],
    ['§2.3 sales-connect-account is sales only', agency, '/configuration/sales-connect-account', TYPE_404],
    ['§2.3 sales-connect-account not for root', root, '/configuration/sales-connect-account', TYPE_404],
    ['§2.3 sales-connect-account for sales', sales, '/configuration/sales-connect-account', ALLOW],
  ];
  checkGuardRows(rows);
});

describe('aliases (spec 1 §2.3)', () => {
  const rows: GuardRow[] = [
    ['/user redirects to /user/profile', agency, '/user', redirectTo('/user/profile', 'route-alias')],
    ['/user redirects for clients', client, '/user/', redirectTo('/user/profile', 'route-alias')],
    ['/user redirects for sales', sales, '/user', redirectTo('/user/profile', 'route-alias')],
    [
      '/configuration goes to client-management',
      agency,
      '/configuration',
      redirectTo('/configuration/client-management', 'route-alias'),
    ],
    [
      '/configuration: system users to agency-list',
      root,
      '/configuration',
      redirectTo('/configuration/agency-list', 'route-alias'),
    ],
    [
      '/configuration: sales to agency-list',
      sales,
      '/configuration',
      redirectTo('/configuration/agency-list', 'route-alias'),
    ],
  ];
  checkGuardRows(rows);
});
