import { type CampaignModule, type ModuleDashboardResponse, moduleEntry } from '@app/contracts';
import { formatDollarText } from '../../components/lead-report/lead-money';

type Figures = ModuleDashboardResponse['data'];

export interface FigureCard {
  label: string;
  value: string;
  testId: string;
}

const count = (value: number) => value.toLocaleString('en-US');

/** The dashboard's figures in reading order: leads today / 7 / 30 days, the 30 days' spend, running campaigns. */
export function figureCards(data: Figures): FigureCard[] {
  return [
    { label: 'Leads today', value: count(data.leads_today), testId: 'dashboard-leads-today' },
    { label: 'Leads, last 7 days', value: count(data.leads_7_days), testId: 'dashboard-leads-7' },
    { label: 'Leads, last 30 days', value: count(data.leads_30_days), testId: 'dashboard-leads-30' },
    {
      label: 'Spend, last 30 days',
      value: formatDollarText(data.spend_30_days),
      testId: 'dashboard-spend-30',
    },
    { label: 'Running campaigns', value: count(data.running_campaigns), testId: 'dashboard-running' },
  ];
}

export type EmptyState =
  | { kind: 'no-campaigns'; text: string; linkText: string | null }
  | { kind: 'waiting'; text: string };

/**
 * What a newcomer is told when the module has no leads in 30 days: with nothing running, where to
 * create a campaign (or, for a client who may not create one, that the agency does); with campaigns
 * running, that leads arrive on their own — for the pixel module, once the embed code is on the site.
 */
export function emptyState(
  data: Figures,
  module: CampaignModule,
  mayCreateCampaigns: boolean,
): EmptyState | null {
  if (data.leads_30_days > 0) return null;
  if (data.running_campaigns === 0)
    return mayCreateCampaigns
      ? {
          kind: 'no-campaigns',
          text: 'No leads yet — create a campaign in Campaign Management.',
          linkText: 'Go to Campaign Management',
        }
      : {
          kind: 'no-campaigns',
          text: 'No leads yet — your agency sets up your campaigns; their leads show here once they run.',
          linkText: null,
        };
  const pixel = moduleEntry(module).leadSource === 'pixel';
  return {
    kind: 'waiting',
    text: pixel
      ? "Your campaigns are running. Leads appear here as visitors arrive — check that the campaign's embed code is on your site (see Campaign Management)."
      : 'Your campaigns are running. Leads appear here as they arrive through the day.',
  };
}
