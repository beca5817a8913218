import type { SetupCheck } from '@app/contracts';
import { makeSetup, makeUser, USERS } from '@app/policy/testing';
import { createElement as h, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

type User = ReturnType<typeof USERS.root>;
const session = vi.hoisted(() => ({ user: null as unknown }));

// The screens read the session (localStorage) through these; a server render has neither.
vi.mock('../../../app/session/session', () => ({
  sessionStore: { getCompanyGroup: () => null, setCompanyGroup: () => {} },
  useSession: () => ({
    user: session.user,
    accessToken: 'token',
    refreshToken: 'refresh',
    registerFlag: false,
  }),
}));
vi.stubGlobal('window', { addEventListener() {}, removeEventListener() {} });

/**
 * The configuration screens rendered to HTML with a primed query cache: every row icon, form and text a
 * browser test relies on is there for the right viewer (a render error fails here, not only in the browser).
 */
async function renderer() {
  const { renderScreen } = await import('../../../../test/screen-harness');
  const http = { request: vi.fn(), get: vi.fn(), post: vi.fn(), put: vi.fn(), requestFile: vi.fn() };
  return (
    user: User,
    screen: ReactNode,
    prime: Array<[readonly unknown[], unknown]> = [],
    setup: SetupCheck | null = null,
  ) => {
    session.user = user;
    return renderScreen(user, screen, http, prime, setup);
  };
}

describe('configuration screens render', { timeout: 60_000 }, () => {
  it('shows an agency row with its icons to a system user, and fewer to sales', async () => {
    const render = await renderer();
    const { userListKeys } = await import('../../../api/agency-list');
    const { makeNode } = await import('../../../../test/agency-node');
    const { AgencyListPage } = await import('./agency-list-page');
    const agency = makeNode({ payment_status: 'failed', api_mode: 'T', is_user_generate_api: 'T' });
    const page = { current_page: 1, total: 1, last_page: 1, from: 1, to: 1, data: [agency] };
    const key = (salesUserId?: number) =>
      userListKeys.page({
        companyID: 1,
        idsys: 1,
        userType: 'userdownline',
        group: 'all',
        page: 1,
        perPage: 10,
        sort: null,
        search: '',
        filters: [],
        cardStatus: 'all',
        campaignStatus: 'all',
        exclude: [],
        salesUserId,
      });

    const html = render(USERS.root(), h(AgencyListPage), [[key(), page]]);
    for (const id of [
      'agency-row-50',
      'agency-expand-50',
      'manual-bill-50',
      'edit-50',
      'add-client-50',
      'delete-50',
      'user-logs-50',
      'payment-failed-50',
      'set-sales-50',
      'set-cost-50',
      'exclude-minimum-spend-50',
      'onboarding-charge-50',
      'api-status-50',
      'switch-user-5',
      'agency-filter',
      'add-agency',
    ])
      expect(html).toContain(`data-testid="${id}"`);
    expect(html).toContain('data-colour="green"');
    expect(html).toContain('Showing 1 to 1 of 1 entries');
    expect(html).not.toContain('data-testid="subscription-cancelled-50"');
    const cancelled = {
      ...page,
      data: [{ ...agency, subscription_cancelled_at: '2026-03-02T10:00:00.000Z' }],
    };
    const cancelledHtml = render(USERS.root(), h(AgencyListPage), [[key(), cancelled]]);
    expect(cancelledHtml).toContain('data-testid="subscription-cancelled-50"');
    expect(cancelledHtml).toContain('Subscription cancelled');

    const sales = render(USERS.salesRep(), h(AgencyListPage), [[key(30), page]]);
    expect(sales).toContain('data-testid="agency-row-50"');
    for (const id of [
      'manual-bill-50',
      'delete-50',
      'user-logs-50',
      'set-sales-50',
      'set-cost-50',
      'add-agency',
    ])
      expect(sales).not.toContain(`data-testid="${id}"`);
  });

  it("follows the role's Settings switches through the policy: no add, edit or billing switches", async () => {
    const render = await renderer();
    const { userListKeys } = await import('../../../api/agency-list');
    const { roleKeys } = await import('../../../api/roles');
    const { makeNode } = await import('../../../../test/agency-node');
    const { AgencyListPage } = await import('./agency-list-page');
    const page = { current_page: 1, total: 1, last_page: 1, from: 1, to: 1, data: [makeNode()] };
    const listKey = userListKeys.page({
      companyID: 1,
      idsys: 1,
      userType: 'userdownline',
      group: 'all',
      page: 1,
      perPage: 10,
      sort: null,
      search: '',
      filters: [],
      cardStatus: 'all',
      campaignStatus: 'all',
      exclude: [],
      salesUserId: undefined,
    });
    const rootAdmin = makeUser({ ...USERS.systemAdmin(), systemuser: false, role_id: 5 });
    const settings = (on: boolean) => ({
      modules: [{ module: 'settings', enable: true, create: on, update: on, delete: on }],
    });
    const roleKey = roleKeys.module(rootAdmin.company_id, 5, rootAdmin.id);
    const switchOf = (html: string) => html.match(/<input[^>]*data-testid="manual-bill-50"[^>]*>/)?.[0] ?? '';

    const readOnly = render(rootAdmin, h(AgencyListPage), [
      [listKey, page],
      [roleKey, settings(false)],
    ]);
    for (const id of ['add-agency', 'edit-50', 'add-client-50', 'delete-50'])
      expect(readOnly).not.toContain(`data-testid="${id}"`);
    expect(switchOf(readOnly)).toContain('disabled');

    const full = render(rootAdmin, h(AgencyListPage), [
      [listKey, page],
      [roleKey, settings(true)],
    ]);
    for (const id of ['add-agency', 'edit-50', 'add-client-50', 'delete-50'])
      expect(full).toContain(`data-testid="${id}"`);
    expect(switchOf(full)).not.toContain('disabled');
  });

  it('renders the expanded clients, the forms and the other lists', async () => {
    const render = await renderer();
    const { makeNode } = await import('../../../../test/agency-node');
    const { AgencyClients } = await import('./agency-clients');
    const { AgencyEditForm } = await import('./agency-edit-form');
    const { ClientManagementPage } = await import('../client-management/client-management-page');
    const { AdministratorListPage } = await import('../administrator-list/administrator-list-page');
    const { SalesAccountListPage } = await import('../sales-account-list/sales-account-list-page');
    const root = USERS.root();
    const agency = makeNode();
    const all = { create: true, update: true, delete: true };

    const clients = render(
      root,
      h(AgencyClients, {
        viewer: root,
        agency,
        permissions: all,
        adding: true,
        onAddClose() {},
        onLogs() {},
        onSwitch() {},
        switchingId: null,
      }),
    );
    expect(clients).toContain('data-testid="add-client-form-50"');
    expect(clients).toContain('Loading Data');

    const edit = render(
      root,
      h(AgencyEditForm, { viewer: root, node: agency, parentCompanyID: 1, canSave: true, onClose() {} }),
    );
    for (const text of ['edit-form-50', 'plan-select', 'user-form-save', 'payment-terms', 'Simplifi ID'])
      expect(edit).toContain(text);

    // An agency adds clients only once its payment account is connected (spec 1 §8).
    const connected = makeSetup();
    const clientManagement = render(USERS.userdownline(), h(ClientManagementPage), [], connected);
    expect(clientManagement).toContain('data-testid="add-client"');
    const pending = makeSetup({ accountconnected: 'pending' });
    expect(render(USERS.userdownline(), h(ClientManagementPage), [], pending)).not.toContain(
      'data-testid="add-client"',
    );
    expect(clientManagement).not.toContain('data-testid="subscription-cancelled-100"');
    const cancelledOwner = makeUser({ subscription_cancelled_at: '2026-03-02T10:00:00.000Z' });
    expect(render(cancelledOwner, h(ClientManagementPage))).toContain(
      'data-testid="subscription-cancelled-100"',
    );
    expect(render(USERS.userdownline(), h(AdministratorListPage))).toContain('data-testid="add-admin"');
    expect(render(USERS.accountExecutive(), h(AdministratorListPage))).toContain('admins-sales-notice');
    expect(render(root, h(SalesAccountListPage))).toContain('data-testid="add-sales"');
    expect(render(USERS.salesRep(), h(SalesAccountListPage))).not.toContain('data-testid="add-sales"');
  });
});
