import {
  ALLOW,
  checkGuardRows,
  type GuardRow,
  makeSetup,
  makeUser,
  redirectTo,
  USERS,
} from '@app/policy/testing';
import { describe } from 'vitest';

const agency = USERS.userdownline();
const client = USERS.client();
const root = USERS.root();
const sales = USERS.salesRep();
const SETUP = redirectTo('/user/profile-setup', 'profile-setup');
const CLIENT_CARD = redirectTo('/user/card-setting', 'client-payment-failed');
const AGENCY_CARD = redirectTo('/user/card-setting', 'agency-payment-failed');
const CONNECT = redirectTo('/configuration/sales-connect-account', 'sales-connect-account');
const accessFailed = { setup: makeSetup({ accessmodule: 'paymentfailed' }) };
const agencyFailed = { setup: makeSetup({ paymentStatusFailed: true }) };
const pending = { setup: makeSetup({ accountconnected: 'pending' }) };

describe('rule 3 of spec 1 §2.4: incomplete profile or no card goes to Profile Setup', () => {
  const incomplete = makeUser({ profile_setup_completed: 'F' });
  const noCard = makeUser({ customer_card_id: null });
  const rows: GuardRow[] = [
    ['rule 3: incomplete profile', incomplete, '/siteid/dashboard', SETUP],
    ['rule 3: no card', noCard, '/configuration/client-management', SETUP],
    [
      'rule 3: administrator without card',
      { ...USERS.administrator(), customer_card_id: null },
      '/banner/list',
      SETUP,
    ],
    [
      '§4 client account: setup check incomplete',
      client,
      '/siteid/dashboard',
      SETUP,
      { setup: makeSetup({ setupcomplete: 'F' }) },
    ],
    [
      'rule 3 applies in view mode',
      { ...USERS.viewModeAgency(), profile_setup_completed: 'F' },
      '/dashboard',
      SETUP,
    ],
    [
      'rule 3: sales with incomplete profile',
      { ...sales, profile_setup_completed: 'F' },
      '/configuration/agency-list',
      SETUP,
    ],
    [
      'rule 3: root with incomplete profile',
      { ...root, profile_setup_completed: 'F' },
      '/configuration/agency-list',
      SETUP,
    ],
    ['D-exempt: profile setup itself stays open', incomplete, '/user/profile-setup', ALLOW],
    ['D-exempt: profile stays open', incomplete, '/user/profile', ALLOW],
    ['D-exempt: card setting stays open', noCard, '/user/card-setting', ALLOW],
    ['D-exempt: document links stay open', incomplete, '/download-auth/pk1', ALLOW],
    ['system users need no card', root, '/configuration/general-setting', ALLOW],
    ['sales need no card', sales, '/configuration/agency-list', ALLOW],
    [
      'D-card: client of a manual-bill agency needs no card',
      { ...client, manual_bill: 'T', customer_card_id: null },
      '/siteid/dashboard',
      ALLOW,
    ],
  ];
  checkGuardRows(rows);
});

describe('rules 4 and 5 of spec 1 §2.4: payment failure forces Card Setting', () => {
  const rows: GuardRow[] = [
    ['rule 4: client payment failed', client, '/siteid/dashboard', CLIENT_CARD, accessFailed],
    ['rule 4: client forced from profile', client, '/user/profile', CLIENT_CARD, accessFailed],
    ['rule 4: card setting itself', client, '/user/card-setting', ALLOW, accessFailed],
    [
      'rule 4: no view-mode exception',
      USERS.viewModeClient(),
      '/siteid/dashboard',
      CLIENT_CARD,
      accessFailed,
    ],
    ['rule 4: only the access-module flag counts', client, '/siteid/dashboard', ALLOW, agencyFailed],
    ['rule 5: agency payment failed', agency, '/siteid/dashboard', AGENCY_CARD, agencyFailed],
    [
      'rule 5: user-type agency',
      USERS.agencyUser(),
      '/configuration/general-setting',
      AGENCY_CARD,
      agencyFailed,
    ],
    [
      'rule 5: agency administrator',
      USERS.administrator(),
      '/configuration/client-management',
      AGENCY_CARD,
      accessFailed,
    ],
    ['rule 5: agency admin', USERS.admin(), '/user/questionnaire', AGENCY_CARD, agencyFailed],
    ['rule 5: except in view mode', USERS.viewModeAgency(), '/siteid/dashboard', ALLOW, agencyFailed],
    ['rule 5: card setting itself', agency, '/user/card-setting', ALLOW, agencyFailed],
    ['rules 4/5 do not touch system users', root, '/configuration/agency-list', ALLOW, accessFailed],
    ['rules 4/5 do not touch sales', sales, '/configuration/agency-list', ALLOW, agencyFailed],
    [
      'rule 3 runs before rule 5',
      { ...agency, profile_setup_completed: 'F' },
      '/siteid/dashboard',
      SETUP,
      agencyFailed,
    ],
  ];
  checkGuardRows(rows);
});

describe('rule 6 of spec 1 §2.4: sales are forced to sales-connect-account', () => {
  const executive = USERS.accountExecutive();
  const rows: GuardRow[] = [
    ['rule 6: role list', sales, '/configuration/role-list', CONNECT],
    ['rule 6: module page', sales, '/siteid/dashboard', CONNECT],
    ['rule 6: legacy dashboard', sales, '/dashboard', CONNECT],
    ['rule 6: questionnaire', sales, '/user/questionnaire', CONNECT],
    ['rule 6: sales account list', sales, '/configuration/sales-account-list', CONNECT],
    ['§6: client management needs an account executive', sales, '/configuration/client-management', CONNECT],
    [
      '§6: administrator list needs an account executive',
      sales,
      '/configuration/administrator-list',
      CONNECT,
    ],
    ['§6: account executive with a connected account', executive, '/configuration/client-management', ALLOW],
    ['§6: account executive administrator list', executive, '/configuration/administrator-list', ALLOW],
    [
      '§6: account executive, account pending',
      executive,
      '/configuration/client-management',
      CONNECT,
      pending,
    ],
    ['spec 2 §6: sales downline list', sales, '/configuration/agency-list', ALLOW, pending],
    ['sales own profile', sales, '/user/profile', ALLOW],
    ['sales document links', sales, '/download-auth/x', ALLOW],
  ];
  checkGuardRows(rows);
});

describe('spec 1 §6: every user type reaches its own pages', () => {
  const rows: GuardRow[] = [
    ['§6 root', root, '/configuration/general-setting', ALLOW],
    ['§6 system admin', USERS.systemAdmin(), '/configuration/role-list', ALLOW],
    ['§6 userdownline', agency, '/configuration/administrator-list', ALLOW],
    ['§6 user', USERS.agencyUser(), '/searchid/dashboard', ALLOW],
    ['§6 administrator', USERS.administrator(), '/configuration/data-enrichment', ALLOW],
    ['§6 admin', USERS.admin(), '/banner/list', ALLOW],
    ['§6 client', client, '/siteid/campaign-management', ALLOW],
    ['§6 sales rep', sales, '/configuration/sales-connect-account', ALLOW],
    ['§6 account executive', USERS.accountExecutive(), '/configuration/client-management', ALLOW],
    ['§6 view mode agency', USERS.viewModeAgency(), '/configuration/client-management', ALLOW],
    ['§6 view mode client', USERS.viewModeClient(), '/siteid/dashboard', ALLOW],
  ];
  checkGuardRows(rows);
});
