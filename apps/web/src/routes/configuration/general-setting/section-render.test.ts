import { makeUser } from '@app/policy/testing';
import { createElement as h } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../api/http';

vi.stubGlobal('window', { addEventListener() {}, removeEventListener() {} });

/** The shared section parts and the subscription section rendered to HTML (what a browser test relies on). */
async function renderer() {
  const { renderScreen } = await import('../../../../test/screen-harness');
  const http = { request: vi.fn(), get: vi.fn(), post: vi.fn(), put: vi.fn(), requestFile: vi.fn() };
  return (screen: Parameters<typeof renderScreen>[1]) => renderScreen(makeUser(), screen, http);
}

const failure = new ApiRequestError(400, 'bad_request', 'The server said no.');

describe('general setting parts render', { timeout: 60_000 }, () => {
  it('shows a failed read with Try Again, a save error and a saved message', async () => {
    const render = await renderer();
    const { QueryGate, SaveBar } = await import('./section-parts');
    const gateProps = {
      query: { isPending: false, isError: true, error: failure, refetch: () => undefined },
      label: 'Loading',
      testId: 'smtp-load-error',
    } as Parameters<typeof QueryGate>[0];
    const gate = render(h(QueryGate, gateProps, 'content'));
    expect(gate).toContain('data-testid="smtp-load-error"');
    expect(gate).toContain('role="alert"');
    expect(gate).toContain('The server said no.');
    expect(gate).toContain('Try Again');
    expect(gate).not.toContain('content');

    const bar = (failure: string | null, saved: string | null) =>
      render(h(SaveBar, { canSave: true, saving: false, onSave() {}, saved, failure, testId: 'x-save' }));
    const failed = bar('The server said no.', 'Saved.');
    expect(failed).toContain('data-testid="x-save-error"');
    expect(failed).toContain('The server said no.');
    expect(failed).not.toContain('data-testid="x-save-done"');
    const saved = bar(null, 'Saved.');
    expect(saved).toContain('data-testid="x-save-done"');
    expect(saved).toContain('role="status"');
  });

  it('shows the stored campaign minimums, the enhance leads per day among them', async () => {
    const { renderScreen } = await import('../../../../test/screen-harness');
    const { settingKeys } = await import('../../../api/settings');
    const { SimplifiSection } = await import('./simplifi-section');
    const http = { request: vi.fn(), get: vi.fn(), post: vi.fn(), put: vi.fn(), requestFile: vi.fn() };
    const stored = {
      result: 'success',
      data: { maxBid: { minimum: '2.50' }, dailyBudget: { minimum: '20.00' }, enhanceMinLeadsPerDay: 35 },
    };
    const html = renderScreen(
      makeUser(),
      h(SimplifiSection, {
        user: makeUser(),
        companyID: 100,
        canSave: true,
        canCreate: true,
        canDelete: true,
      }),
      http as never,
      [[settingKeys.setting(100, 'simplifiminimums'), stored]],
    );
    expect(html).toMatch(
      /data-testid="enhance-min-leads"[^>]*value="35"|value="35"[^>]*data-testid="enhance-min-leads"/,
    );
    expect(html).toContain('data-testid="simplifi-max-bid"');
    expect(html).toContain('data-testid="simplifi-save"');
  });

  it('on another system offers the enhance minimum only (no Simplifi there)', async () => {
    const { renderScreen } = await import('../../../../test/screen-harness');
    const { settingKeys } = await import('../../../api/settings');
    const { SimplifiSection } = await import('./simplifi-section');
    const http = { request: vi.fn(), get: vi.fn(), post: vi.fn(), put: vi.fn(), requestFile: vi.fn() };
    const user = makeUser({ is_master_system: false });
    const stored = {
      result: 'success',
      data: { maxBid: { minimum: '0.00' }, dailyBudget: { minimum: '0.00' }, enhanceMinLeadsPerDay: 12 },
    };
    const html = renderScreen(
      user,
      h(SimplifiSection, { user, companyID: 100, canSave: true, canCreate: true, canDelete: true }),
      http as never,
      [[settingKeys.setting(100, 'simplifiminimums'), stored]],
    );
    expect(html).toContain('data-testid="enhance-min-leads"');
    expect(html).not.toContain('data-testid="simplifi-max-bid"');
    expect(html).not.toContain('data-testid="simplifi-daily-budget"');
  });

  it('shows a subscription cancelled earlier and no longer offers to cancel it', async () => {
    const render = await renderer();
    const { SubscriptionSection } = await import('./subscription-section');
    const props = { companyID: 100, canSave: true, canCreate: true, canDelete: true };
    const open = render(h(SubscriptionSection, { ...props, user: makeUser() }));
    expect(open).not.toContain('data-testid="subscription-cancelled"');
    const cancelled = render(
      h(SubscriptionSection, {
        ...props,
        user: makeUser({ subscription_cancelled_at: '2026-03-02T10:00:00.000Z' }),
      }),
    );
    expect(cancelled).toContain('data-testid="subscription-cancelled"');
    expect(cancelled).toContain('Your subscription has been cancelled. (Mar 2, 2026)');
    // Nothing left to cancel: no button, not even a disabled one (issue 20).
    expect(cancelled).not.toContain('data-testid="subscription-cancel"');
    expect(cancelled).not.toContain('Cancel Subscription');
    expect(open).toContain('data-testid="subscription-cancel"');
  });
});
