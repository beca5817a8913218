import { makeUser } from '@app/policy/testing';
import { createElement as h } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { connection, delivery, provider } from './test-fixtures';

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

const COMPANY = 100;
const owner = makeUser({ user_type: 'client', company_id: COMPANY });
let user = owner;
const http = () => ({ request: vi.fn(), get: vi.fn(), post: vi.fn(), put: vi.fn(), requestFile: vi.fn() });

const page = (rows: ReturnType<typeof delivery>[]) => ({
  current_page: 1,
  per_page: 10,
  total: rows.length,
  last_page: 1,
  from: rows.length ? 1 : null,
  to: rows.length ? rows.length : null,
  data: rows,
});

/** A screen rendered to HTML with its reads already answered. */
async function render(
  screen: 'overview' | ReturnType<typeof provider>,
  prime: Array<[readonly unknown[], unknown]>,
) {
  const { renderScreen } = await import('../../../test/screen-harness');
  const { IntegrationsPage } = await import('./integrations-page');
  const { ProviderScreen } = await import('./integration-page');
  const element =
    screen === 'overview' ? h(IntegrationsPage) : h(ProviderScreen, { companyId: COMPANY, provider: screen });
  session.user = user;
  return renderScreen(user, element, http() as never, prime);
}

async function keys() {
  const { integrationKeys } = await import('../../api/integrations');
  return {
    overview: integrationKeys.overview(COMPANY),
    deliveries: (slug: string | null) =>
      integrationKeys.deliveries(COMPANY, { slug, status: null, campaign: null, page: 1 }),
  };
}

describe('integrations screens render', { timeout: 60_000 }, () => {
  it('shows every provider by kind with its status, sandbox label, stats and link', async () => {
    const k = await keys();
    const html = await render('overview', [
      [
        k.overview,
        {
          company_id: COMPANY,
          providers: [
            provider({ connection: connection() }),
            provider({ slug: 'crm-sandbox', name: 'Sandbox CRM', kind: 'crm', auth: 'oauth', sandbox: true }),
          ],
        },
      ],
      [k.deliveries(null), page([])],
    ]);
    expect(html).toContain('data-testid="integrations-group-webhook"');
    expect(html).toContain('data-testid="integrations-group-crm"');
    expect(html).toMatch(
      /data-testid="integration-status-webhook" data-status="connected"[^>]*>.*?Connected/,
    );
    expect(html).toMatch(/data-testid="integration-status-crm-sandbox" data-status="not-connected"/);
    expect(html).toContain('data-testid="integration-sandbox-crm-sandbox"');
    expect(html).not.toContain('data-testid="integration-sandbox-webhook"');
    expect(html).toContain('href="/integrations/webhook"');
    expect(html).toContain('href="/integrations/crm-sandbox"');
    expect(html).toContain('data-testid="integration-stats-webhook"');
    expect(html).not.toContain('data-testid="integration-stats-crm-sandbox"');
    // One connected: the console across all of them, empty, saying how to send a test payload.
    expect(html).toContain('data-testid="delivery-console"');
    expect(html).toContain('use Send test payload');
  });

  it('shows a connected webhook: its form, actions, the masked secret, the help and the console', async () => {
    const k = await keys();
    const failed = delivery({
      id: 502,
      status: 'failed',
      attempts: 3,
      last_status: 500,
      last_error: `Receiver answered 500: ${'stack trace '.repeat(10)}`,
      delivered_at: null,
    });
    const test = delivery({
      id: 503,
      test: true,
      lead_id: null,
      campaign_id: null,
      status: 'queued',
      attempts: 0,
    });
    const html = await render(provider({ connection: connection() }), [
      [k.deliveries('webhook'), page([test, failed, delivery()])],
    ]);
    expect(html).toContain('value="https://hooks.example.com/leads"');
    for (const id of [
      'integration-save',
      'integration-test',
      'integration-pause',
      'integration-disconnect',
      'signing-secret-reveal',
      'verify-help',
      'delivery-row-501',
      'delivery-replay-502',
      'delivery-choose-502',
      'delivery-replay-all',
      'delivery-filter-status',
      'delivery-filter-campaign',
    ])
      expect(html).toContain(`data-testid="${id}"`);
    expect(html).not.toContain('data-testid="delivery-replay-501"');
    expect(html).toMatch(/data-testid="signing-secret"[^>]*data-revealed="false"[^>]*>whsec_•+</);
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature'])
      expect(html).toContain(header);
    expect(html).toContain('Showing 1 to 3 of 3 entries');
    expect(html).toContain('>Test<');
    // The error is cut in the table, whole on hover.
    expect(html).toContain(`title="${failed.last_error}"`);
    expect(html).toContain('…');
    // A queued row: the console says it polls.
    expect(html).toContain('Updating every 5 seconds');
  });

  it('offers Resume and says why a connection is paused', async () => {
    const k = await keys();
    const html = await render(
      provider({ connection: connection({ status: 'paused', paused_reason: 'Paused by you.' }) }),
      [[k.deliveries('webhook'), page([])]],
    );
    expect(html).toMatch(/data-testid="integration-pause"[\s\S]*?Resume/);
    expect(html).toContain('Paused by you.');
    expect(html).toContain('Use Send test payload above');
  });

  it('never prefills a secret, and offers the consent page for an OAuth provider', async () => {
    const k = await keys();
    const crm = provider({
      slug: 'crm',
      name: 'Sandbox CRM',
      kind: 'crm',
      auth: 'oauth',
      sandbox: true,
      connect_fields: [{ name: 'api_key', label: 'API key', type: 'secret', required: true }],
      connection: null,
    });
    const html = await render(crm, [[k.deliveries('crm'), page([])]]);
    expect(html).toContain('data-testid="integration-authorize"');
    expect(html).toContain('Connect with Sandbox CRM');
    expect(html).not.toContain('data-testid="integration-actions"');
    expect(html).not.toContain('data-testid="verify-help"');
    expect(html).toContain('Connect Sandbox CRM first');

    const connected = {
      ...crm,
      connection: connection({ slug: 'crm', settings: { api_key: 'not-to-show' } }),
    };
    const again = await render(connected, [[k.deliveries('crm'), page([])]]);
    expect(again).not.toContain('not-to-show');
    expect(again).toContain('Reconnect Sandbox CRM');
  });

  it('offers what the connected service lists in a select field, keeping the saved choice', async () => {
    const k = await keys();
    const { integrationKeys } = await import('../../api/integrations');
    const crm = provider({
      slug: 'crm',
      name: 'Sandbox CRM',
      kind: 'crm',
      auth: 'oauth',
      connect_fields: [{ name: 'list', label: 'List', type: 'select', required: true, targets: 'lists' }],
      connection: connection({ slug: 'crm', settings: { list: 'l-2' } }),
    });
    const html = await render(crm, [
      [k.deliveries('crm'), page([])],
      [
        integrationKeys.targets(COMPANY, 'crm', 'lists'),
        {
          data: [
            { id: 'l-1', name: 'Newsletter' },
            { id: 'l-2', name: 'Hot leads' },
          ],
        },
      ],
    ]);
    expect(html).toMatch(
      /data-testid="integration-field-list"[^>]*value="Hot leads"|value="Hot leads"[^>]*data-testid="integration-field-list"/,
    );
  });

  it('a direct-mail OAuth provider: Connect first, then its QuickSend select with the service’s names', async () => {
    const k = await keys();
    const { integrationKeys } = await import('../../api/integrations');
    const mail = provider({
      slug: 'sendjim',
      name: 'SendJim (direct mail)',
      kind: 'direct-mail',
      auth: 'oauth',
      sandbox: true,
      connect_fields: [
        {
          name: 'quicksend_id',
          label: 'Default QuickSend',
          type: 'select',
          required: false,
          targets: 'quicksends',
        },
      ],
      connection: null,
    });
    const before = await render(mail, [[k.deliveries('sendjim'), page([])]]);
    expect(before).toContain('Connect with SendJim (direct mail)');
    // Nothing to save before signing in: the settings come once connected.
    expect(before).not.toContain('data-testid="integration-form"');

    const connected = {
      ...mail,
      connection: connection({ slug: 'sendjim', settings: { quicksend_id: '7103' } }),
    };
    const html = await render(connected, [
      [k.deliveries('sendjim'), page([])],
      [
        integrationKeys.targets(COMPANY, 'sendjim', 'quicksends'),
        {
          data: [
            { id: '7101', name: 'Just Listed postcard' },
            { id: '7103', name: 'Quick Send' },
          ],
        },
      ],
    ]);
    expect(html).toContain('Reconnect SendJim (direct mail)');
    expect(html).toContain('data-testid="integration-form"');
    expect(html).toMatch(
      /data-testid="integration-field-quicksend_id"[^>]*value="Quick Send"|value="Quick Send"[^>]*data-testid="integration-field-quicksend_id"/,
    );
  });

  it('shows a role without the settings switch the connection and the console, without changing anything', async () => {
    const k = await keys();
    user = makeUser({ user_type: 'client', company_id: COMPANY, role_id: 4 });
    try {
      const failed = delivery({ id: 502, status: 'failed', last_error: 'Receiver answered 500' });
      const html = await render(provider({ connection: connection() }), [
        [k.deliveries('webhook'), page([failed])],
      ]);
      expect(html).toContain('data-testid="integration-read-only"');
      expect(html).toContain('data-testid="delivery-row-502"');
      for (const id of [
        'integration-form',
        'integration-actions',
        'signing-secret',
        'delivery-replay-502',
        'delivery-replay-all',
      ])
        expect(html).not.toContain(`data-testid="${id}"`);
    } finally {
      user = owner;
    }
  });
});
