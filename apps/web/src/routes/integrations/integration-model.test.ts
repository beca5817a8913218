import { CHANGES_SAVED, type ProviderView, replayRequestSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  connectionBadge,
  DELIVERY_STATUS_BADGES,
  groupByKind,
  initialFormValues,
  maskSecret,
  missingFields,
  pollInterval,
  readDeliveryFilters,
  readOauthReturn,
  replayRequest,
  savedMessage,
  settingsFromForm,
  truncateText,
  VERIFY_EXAMPLE,
  withoutOauthReturn,
  writeDeliveryFilters,
} from './integration-model';
import { connection, provider } from './test-fixtures';

const fields: ProviderView['connect_fields'] = [
  { name: 'url', label: 'Webhook URL', type: 'url', required: true },
  { name: 'api_key', label: 'API key', type: 'secret', required: true },
  { name: 'account', label: 'Account', type: 'text', required: false },
  { name: 'tags', label: 'Tags', type: 'tags', required: false },
];

describe('status badges', () => {
  it('says Not connected, Connected or Paused with its reason', () => {
    expect(connectionBadge(null)).toMatchObject({ label: 'Not connected', colour: 'gray', detail: null });
    expect(connectionBadge(connection({ status: 'disconnected' })).label).toBe('Not connected');
    expect(connectionBadge(connection())).toMatchObject({
      state: 'connected',
      label: 'Connected',
      colour: 'green',
    });
    expect(
      connectionBadge(connection({ status: 'paused', paused_reason: 'Paused after 24 hours of failures.' })),
    ).toEqual({
      state: 'paused',
      label: 'Paused',
      colour: 'yellow',
      detail: 'Paused after 24 hours of failures.',
    });
  });

  it('warns while sending waits after failures in a row, not once that time has passed', () => {
    const now = new Date('2026-11-30T10:00:00.000Z');
    const waiting = connection({ consecutive_failures: 5, circuit_open_until: '2026-11-30T10:05:00.000Z' });
    const badge = connectionBadge(waiting, now);
    expect(badge).toMatchObject({ label: 'Connected', colour: 'orange' });
    expect(badge.detail).toMatch(/after 5 failed deliveries in a row/);
    expect(connectionBadge(connection({ circuit_open_until: '2026-11-30T09:00:00.000Z' }), now).colour).toBe(
      'green',
    );
  });

  it('gives every delivery status its own badge', () => {
    expect(DELIVERY_STATUS_BADGES).toEqual({
      queued: { label: 'Queued', colour: 'gray' },
      sending: { label: 'Sending', colour: 'blue' },
      delivered: { label: 'Delivered', colour: 'green' },
      failed: { label: 'Failed', colour: 'red' },
    });
  });
});

describe('the overview', () => {
  it('groups providers by kind in a fixed order, keeping the server’s order inside a group', () => {
    const groups = groupByKind([
      provider({ slug: 'crm-a', kind: 'crm' }),
      provider({ slug: 'webhook' }),
      provider({ slug: 'crm-b', kind: 'crm' }),
    ]);
    expect(groups.map((g) => [g.label, g.providers.map((p) => p.slug)])).toEqual([
      ['Webhooks', ['webhook']],
      ['CRM', ['crm-a', 'crm-b']],
    ]);
  });
});

describe('the connect form', () => {
  it('prefills what the connection holds, never a secret', () => {
    const saved = connection({ settings: { url: 'https://x.test/h', api_key: 'leak?', tags: ['a', 'b'] } });
    expect(initialFormValues(fields, saved)).toEqual({
      url: 'https://x.test/h',
      api_key: '',
      account: '',
      tags: ['a', 'b'],
    });
    expect(initialFormValues(fields, null)).toEqual({ url: '', api_key: '', account: '', tags: [] });
  });

  it('sends trimmed settings; a blank secret of a connected integration keeps the saved one', () => {
    const values = { url: ' https://x.test/h ', api_key: '', account: '', tags: [' a ', ''] };
    expect(settingsFromForm(fields, values, true)).toEqual({ url: 'https://x.test/h', tags: ['a'] });
    expect(settingsFromForm(fields, { ...values, api_key: 's3cret' }, true)).toMatchObject({
      api_key: 's3cret',
    });
  });

  it('asks for required fields before sending, a saved secret excepted', () => {
    const blank = { url: ' ', api_key: '', account: '', tags: [] };
    expect(missingFields(fields, blank, false)).toEqual({
      url: 'Webhook URL is required.',
      api_key: 'API key is required.',
    });
    expect(missingFields(fields, blank, true)).toEqual({ url: 'Webhook URL is required.' });
  });

  it('says the server’s message after a save, else Changes saved successfully', () => {
    expect(savedMessage('Connected.')).toBe('Connected.');
    expect(savedMessage('')).toBe(CHANGES_SAVED);
    expect(savedMessage(undefined)).toBe('Changes saved successfully');
  });
});

describe('the delivery console', () => {
  it('keeps status, campaign and page in the URL, anything malformed falling back', () => {
    const params = writeDeliveryFilters(new URLSearchParams('x=1'), {
      status: 'failed',
      campaign: '40010001',
      page: 3,
    });
    expect(params.toString()).toBe('x=1&status=failed&campaign=40010001&page=3');
    expect(readDeliveryFilters(params)).toEqual({ status: 'failed', campaign: '40010001', page: 3 });
    expect(readDeliveryFilters(new URLSearchParams('status=lost&campaign=-4&page=0'))).toEqual({
      status: null,
      campaign: null,
      page: 1,
    });
    expect(writeDeliveryFilters(params, { status: null, campaign: null, page: 1 }).toString()).toBe('x=1');
  });

  it('builds the replay request from the chosen rows, or all failed ones under the filters', () => {
    expect(replayRequest(100, { kind: 'chosen', deliveryIds: [5, 3, 5] })).toEqual({
      company_id: 100,
      delivery_ids: [5, 3],
    });
    expect(replayRequest(100, { kind: 'chosen', deliveryIds: [] })).toBeNull();
    expect(replayRequest(100, { kind: 'all-failed', slug: 'webhook', campaign: '40010001' })).toEqual({
      company_id: 100,
      all_failed: true,
      slug: 'webhook',
      campaign_public_id: '40010001',
    });
    const all = replayRequest(100, { kind: 'all-failed', slug: null, campaign: null });
    expect(all).toEqual({ company_id: 100, all_failed: true });
    // Every body built passes the contract's check.
    for (const body of [all, replayRequest(100, { kind: 'chosen', deliveryIds: [1] })])
      expect(replayRequestSchema.safeParse(body).success).toBe(true);
  });

  it('polls every 5 seconds while a delivery is queued or sending, and not otherwise', () => {
    const page = (statuses: Array<'queued' | 'sending' | 'delivered' | 'failed'>) =>
      ({ data: statuses.map((status) => ({ status })) }) as never;
    expect(pollInterval(page(['delivered', 'queued']))).toBe(5000);
    expect(pollInterval(page(['sending']))).toBe(5000);
    expect(pollInterval(page(['delivered', 'failed']))).toBe(false);
    expect(pollInterval(undefined)).toBe(false);
  });

  it('cuts a long error to its preview', () => {
    expect(truncateText('short')).toBe('short');
    const cut = truncateText(`connect ECONNREFUSED ${'x'.repeat(80)}`, 30);
    expect(cut).toHaveLength(30);
    expect(cut.endsWith('…')).toBe(true);
  });
});

describe('OAuth return and signing secrets', () => {
  it('reads ?connected=1 and ?error= and takes them off the address', () => {
    expect(readOauthReturn(new URLSearchParams('connected=1'))).toEqual({ kind: 'connected' });
    expect(readOauthReturn(new URLSearchParams('error=access_denied'))).toEqual({
      kind: 'error',
      message: 'Access was not allowed on the service’s page.',
    });
    expect(readOauthReturn(new URLSearchParams('error=expired'))).toMatchObject({
      message: 'The sign-in took too long. Please connect again.',
    });
    // The server's own sentence is shown as it is.
    const said = encodeURIComponent('The service did not accept the sign-in.');
    expect(readOauthReturn(new URLSearchParams(`error=${said}`))).toEqual({
      kind: 'error',
      message: 'The service did not accept the sign-in.',
    });
    expect(readOauthReturn(new URLSearchParams('status=failed'))).toBeNull();
    expect(withoutOauthReturn(new URLSearchParams('connected=1&status=failed')).toString()).toBe(
      'status=failed',
    );
  });

  it('masks the secret and shows a six-line Standard Webhooks example', () => {
    expect(maskSecret(null)).toMatch(/^whsec_•+$/);
    expect(VERIFY_EXAMPLE.split('\n')).toHaveLength(6);
    expect(VERIFY_EXAMPLE).toContain("from 'standardwebhooks'");
    expect(VERIFY_EXAMPLE).toContain('new Webhook(');
    expect(VERIFY_EXAMPLE).toContain('.verify(body, headers)');
  });
});
