import type { ConnectionView, DeliveryView, ProviderView } from '@app/contracts';

/* Test data for the integrations screens' tests (nothing in the app imports this). */

export function connection(overrides: Partial<ConnectionView> = {}): ConnectionView {
  return {
    id: 7,
    company_id: 100,
    slug: 'webhook',
    status: 'active',
    settings: { url: 'https://hooks.example.com/leads' },
    paused_reason: null,
    consecutive_failures: 0,
    circuit_open_until: null,
    connected_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    stats: { queued: 0, delivered: 12, failed: 1, last_delivered_at: '2026-11-29T09:00:00.000Z' },
    ...overrides,
  };
}

export function provider(overrides: Partial<ProviderView> = {}): ProviderView {
  return {
    slug: 'webhook',
    name: 'Webhook',
    kind: 'webhook',
    auth: 'url',
    description: 'Each lead POSTed as JSON to your URL, signed.',
    sandbox: false,
    connect_fields: [{ name: 'url', label: 'Webhook URL', type: 'url', required: true }],
    campaign_fields: [],
    connection: null,
    ...overrides,
  };
}

export function delivery(overrides: Partial<DeliveryView> = {}): DeliveryView {
  return {
    id: 501,
    slug: 'webhook',
    connection_id: 7,
    lead_id: 9001,
    campaign_id: 42,
    campaign_public_id: '40010001',
    campaign_name: 'Harbor Dental – Site visitors',
    test: false,
    status: 'delivered',
    attempts: 1,
    last_status: 200,
    last_error: null,
    last_latency_ms: 120,
    created_at: '2026-11-29T09:00:00.000Z',
    delivered_at: '2026-11-29T09:00:01.000Z',
    next_attempt_at: null,
    ...overrides,
  };
}
