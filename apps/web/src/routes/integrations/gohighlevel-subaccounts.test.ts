import { makeUser } from '@app/policy/testing';
import { createElement as h } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { connection, provider } from './test-fixtures';

const session = vi.hoisted(() => ({ user: null as unknown }));

// The screens ask what the session user may do (useSessionPermissions reads the session store).
vi.mock('../../app/session/session', () => ({
  sessionStore: { getCompanyGroup: () => null, setCompanyGroup: () => {} },
  useSession: () => ({
    user: session.user,
    accessToken: 'token',
    refreshToken: 'refresh',
    registerFlag: false,
  }),
}));
vi.stubGlobal('window', { addEventListener() {}, removeEventListener() {}, location: { search: '' } });

/*
 * The GoHighLevel page of an agency (decision 0109): its sub-accounts with "Create client", "Add
 * menu link" and "Remove menu link" as each one's state allows; nothing of it for a client, before
 * connecting, or for another provider.
 */

const AGENCY = 200;
const http = () => ({ request: vi.fn(), get: vi.fn(), post: vi.fn(), put: vi.fn(), requestFile: vi.fn() });
const emptyPage = { current_page: 1, per_page: 10, total: 0, last_page: 1, from: null, to: null, data: [] };
const ghl = (connected: boolean) =>
  provider({
    slug: 'gohighlevel',
    name: 'GoHighLevel (CRM)',
    kind: 'crm',
    auth: 'oauth',
    sandbox: true,
    connect_fields: [],
    connection: connected
      ? connection({ slug: 'gohighlevel', company_id: AGENCY, settings: { location_id: 'sbx_loc_uptown' } })
      : null,
  });
const SUBACCOUNTS = [
  { id: 'sbx_loc_downtown', name: 'Sandbox: Downtown Office', client: null, menu_link_id: null },
  {
    id: 'sbx_loc_uptown',
    name: 'Sandbox: Uptown Clinic',
    client: { company_id: 301, name: 'Uptown Clinic' },
    menu_link_id: null,
  },
  {
    id: 'sbx_loc_lakeside',
    name: 'Sandbox: Lakeside Branch',
    client: { company_id: 302, name: 'Lakeside Branch' },
    menu_link_id: 'sbx_cm_1',
  },
];

async function render(user: ReturnType<typeof makeUser>, screen: ReturnType<typeof provider>) {
  const { renderScreen } = await import('../../../test/screen-harness');
  const { ProviderScreen } = await import('./integration-page');
  const { integrationKeys } = await import('../../api/integrations');
  const { ghlKeys } = await import('../../api/gohighlevel');
  session.user = user;
  return renderScreen(
    user,
    h(ProviderScreen, { companyId: user.company_id, provider: screen }),
    http() as never,
    [
      [ghlKeys.subaccounts(user.company_id), { data: SUBACCOUNTS }],
      [
        integrationKeys.deliveries(user.company_id, {
          slug: 'gohighlevel',
          status: null,
          campaign: null,
          page: 1,
        }),
        emptyPage,
      ],
    ],
  );
}

describe('GoHighLevel sub-accounts on the agency page', { timeout: 60_000 }, () => {
  it('lists the sub-accounts with the action each one allows', async () => {
    const html = await render(makeUser({ user_type: 'userdownline', company_id: AGENCY }), ghl(true));
    expect(html).toContain('data-testid="ghl-subaccounts"');
    for (const s of SUBACCOUNTS) expect(html).toContain(`data-testid="ghl-subaccount-${s.id}"`);
    expect(html).toContain('data-testid="ghl-create-client-sbx_loc_downtown"');
    expect(html).toContain('Not a client yet');
    expect(html).not.toContain('data-testid="ghl-create-client-sbx_loc_uptown"');
    expect(html).toContain('Uptown Clinic');
    expect(html).toContain('data-testid="ghl-add-menu-link-sbx_loc_uptown"');
    expect(html).not.toContain('data-testid="ghl-add-menu-link-sbx_loc_downtown"');
    expect(html).toContain('data-testid="ghl-remove-menu-link-sbx_loc_lakeside"');
    expect(html).not.toContain('data-testid="ghl-add-menu-link-sbx_loc_lakeside"');
  });

  it('shows nothing of it before connecting, to a client, or on another provider', async () => {
    const agency = makeUser({ user_type: 'userdownline', company_id: AGENCY });
    expect(await render(agency, ghl(false))).not.toContain('data-testid="ghl-subaccounts"');
    const client = makeUser({ user_type: 'client', company_id: AGENCY });
    expect(await render(client, ghl(true))).not.toContain('data-testid="ghl-subaccounts"');
    const other = { ...ghl(true), slug: 'crm-sandbox' };
    expect(await render(agency, other)).not.toContain('data-testid="ghl-subaccounts"');
  });
});
