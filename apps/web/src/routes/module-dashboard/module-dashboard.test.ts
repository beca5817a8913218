import type { ModuleDashboardResponse, SessionUser } from '@app/contracts';
import { makeUser, USERS } from '@app/policy/testing';
import { createElement as h } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { leadModuleOf } from '../../app/routing/route-lead-module';
import { emptyState, figureCards } from './dashboard-model';

const memory = new Map<string, string>();
vi.stubGlobal('window', {
  addEventListener() {},
  removeEventListener() {},
  localStorage: {
    getItem: (key: string) => memory.get(key) ?? null,
    setItem: (key: string, value: string) => memory.set(key, value),
    removeItem: (key: string) => memory.delete(key),
  },
});

function figures(overrides: Partial<ModuleDashboardResponse['data']> = {}): ModuleDashboardResponse['data'] {
  return {
    leads_today: 12,
    leads_7_days: 80,
    leads_30_days: 1234,
    spend_30_days: '617.00',
    running_campaigns: 3,
    leads: [
      { date: '2026-03-01', value: 40 },
      { date: '2026-03-02', value: 45 },
    ],
    top_rejections: [
      { step: 'location', reason: 'outside_geo', label: 'Outside the targeted area', count: 30 },
      { step: 'reidentification', reason: 'seen_recently', label: 'Delivered within the window', count: 55 },
    ],
    ...overrides,
  };
}

async function renderDashboard(user: SessionUser, data: ModuleDashboardResponse['data'], clientID: number) {
  const { renderScreen } = await import('../../../test/screen-harness');
  const { leadReportKeys } = await import('../../api/lead-reports');
  const { ModuleDashboard } = await import('./module-dashboard-page');
  const http = { request: vi.fn(), get: vi.fn(), post: vi.fn(), put: vi.fn(), requestFile: vi.fn() };
  return renderScreen(user, h(ModuleDashboard, { user, module: 'local' }), http as never, [
    [leadReportKeys.dashboard(user.company_id, clientID, 'local'), { result: 'success', data }],
  ]);
}

describe('module dashboard', { timeout: 60_000 }, () => {
  it('reads the figures in order, the spend through the money helpers', () => {
    expect(figureCards(figures()).map((c) => [c.label, c.value])).toEqual([
      ['Leads today', '12'],
      ['Leads, last 7 days', '80'],
      ['Leads, last 30 days', '1,234'],
      ['Spend, last 30 days', '$617.00'],
      ['Running campaigns', '3'],
    ]);
  });

  it('tells a newcomer where to start, or that leads are on their way', () => {
    const none = figures({ leads_30_days: 0, running_campaigns: 0 });
    expect(emptyState(figures(), 'local', true)).toBeNull();
    expect(emptyState(none, 'local', true)).toMatchObject({
      kind: 'no-campaigns',
      text: 'No leads yet — create a campaign in Campaign Management.',
    });
    expect(emptyState(none, 'local', false)).toMatchObject({ kind: 'no-campaigns', linkText: null });
    const waiting = emptyState(figures({ leads_30_days: 0 }), 'local', true);
    expect(waiting?.kind).toBe('waiting');
    expect(waiting?.text).toContain('embed code');
    expect(emptyState(figures({ leads_30_days: 0 }), 'enhance', true)?.text).not.toContain('embed code');
  });

  it('knows only lead modules have a dashboard', () => {
    expect(leadModuleOf('b2b')).toBe('b2b');
    expect(leadModuleOf('simplifi')).toBeNull();
    expect(leadModuleOf(undefined)).toBeNull();
  });

  it('shows an agency its figures, chart, top rejections, client selector and the invoice tab', async () => {
    const html = await renderDashboard(makeUser(), figures(), 0);
    expect(html).toContain('Site ID Dashboard');
    expect(html).toMatch(/data-testid="dashboard-leads-30"[\s\S]*?1,234/);
    expect(html).toMatch(/data-testid="dashboard-spend-30"[\s\S]*?\$617\.00/);
    expect(html).toContain('data-testid="dashboard-client"');
    expect(html).toContain('data-testid="dashboard-tab-invoice"');
    expect(html).toContain('Leads per day, last 30 days');
    expect(html).toContain('Delivered within the window');
    // Most refused first.
    expect(html.indexOf('Delivered within the window')).toBeLessThan(
      html.indexOf('Outside the targeted area'),
    );
    expect(html).not.toContain('data-testid="dashboard-empty"');
  });

  it('shows a client its own figures without a client selector, and the empty state with a link', async () => {
    const client = { ...USERS.client(), company_id: 120 };
    const html = await renderDashboard(
      client,
      figures({
        leads_30_days: 0,
        leads_7_days: 0,
        leads_today: 0,
        running_campaigns: 0,
        leads: [],
        top_rejections: [],
      }),
      120,
    );
    expect(html).not.toContain('data-testid="dashboard-client"');
    expect(html).toContain('data-testid="dashboard-empty"');
    expect(html).toContain('No leads yet — create a campaign in Campaign Management.');
    expect(html).toMatch(/href="\/siteid\/campaign-management"/);
    expect(html).toContain('No candidate was refused in the last 30 days.');
  });

  it('does not offer a client who may not create campaigns the Campaign Management link', async () => {
    const client = { ...USERS.client(), company_id: 120, disable_client_add_campaign: 'T' as const };
    const html = await renderDashboard(client, figures({ leads_30_days: 0, running_campaigns: 0 }), 120);
    expect(html).toContain('your agency sets up your campaigns');
    expect(html).not.toContain('data-testid="dashboard-empty-link"');
  });
});
