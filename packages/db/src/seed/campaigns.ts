import { asCents, asMicros, isPixelModule, type ModuleType } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../client.js';
import { campaignMoves, campaigns, companies } from '../schema/index.js';
import { DEMO } from './demo-data.js';

/**
 * The demo's campaigns (issue 11): a few per demo client in the modules it has, some running, some
 * paused, one stopped, with the client's prices. Local campaigns point at the client's demo site
 * (`DEMO…site`). Public ids are fixed so the README and tests can name them; a running one has its
 * activation in the moves log, about three months ago (the demo's money history is seeded apart,
 * decisions 0035 and 0074: the billing schedules of those whose payer has a card are opened at the
 * demo's first start). Harbor's
 * enhance and b2b campaigns get their daily list from the sandbox vendor at the demo's first start.
 */
export interface DemoCampaign {
  client: string;
  publicId: string;
  module: Exclude<ModuleType, 'simplifi'>;
  name: string;
  status: 'running' | 'paused' | 'stopped';
  /** Monthly unless named (the demo shows one Weekly campaign's invoices too). */
  paymentTerm?: 'Weekly' | 'Monthly';
  keywords?: string[];
  cities?: string[];
  states?: string[];
}

const nw = DEMO.northwind;
const [harbor, cedar] = nw.clients;

export const DEMO_CAMPAIGNS: readonly DemoCampaign[] = [
  {
    client: harbor.name,
    publicId: '40010001',
    module: 'local',
    name: 'Harbor Dental — website visitors',
    status: 'running',
  },
  {
    client: harbor.name,
    publicId: '40010002',
    module: 'local',
    name: 'Teeth whitening landing page',
    status: 'paused',
  },
  {
    client: harbor.name,
    publicId: '40010003',
    module: 'locator',
    name: 'Austin dentist searches',
    status: 'paused',
    keywords: ['dentist near me', 'teeth cleaning', 'emergency dentist'],
    cities: ['Austin, TX', 'Round Rock, TX'],
  },
  // Daily lists from the sandbox data vendor (decision 0051): synthetic people, dripped through the
  // day's business hours; the names say so.
  {
    client: harbor.name,
    publicId: '40010004',
    module: 'enhance',
    name: 'Texas smile-makeover list (sandbox vendor)',
    status: 'running',
    keywords: ['dental implants', 'teeth whitening'],
    states: ['TX'],
  },
  {
    client: harbor.name,
    publicId: '40010005',
    module: 'b2b',
    name: 'Texas office managers list (sandbox vendor)',
    status: 'running',
    keywords: [],
    states: ['TX'],
  },
  {
    client: cedar.name,
    publicId: '40020001',
    module: 'local',
    name: 'Cedar Home — main site',
    status: 'running',
    paymentTerm: 'Weekly',
  },
  {
    client: cedar.name,
    publicId: '40020002',
    module: 'local',
    name: 'Spring roof inspection promo',
    status: 'stopped',
  },
  {
    client: cedar.name,
    publicId: '40020003',
    module: 'locator',
    name: 'HVAC repair searches',
    status: 'running',
    keywords: ['ac repair', 'furnace service', 'hvac contractor'],
    states: ['TX'],
  },
  {
    client: DEMO.summit.clients[0].name,
    publicId: '40030001',
    module: 'local',
    name: 'Peak Fitness — membership pages',
    status: 'paused',
  },
  {
    client: DEMO.brightreach.agency.client.name,
    publicId: '40040001',
    module: 'local',
    name: 'Bayview listings site',
    status: 'running',
  },
];

/** How long ago the demo's campaigns were activated. */
export const DEMO_CAMPAIGN_DAYS = 100;

/** The demo site of each client (local campaigns watch it). */
const SITES: Record<string, string> = Object.fromEntries(
  [...nw.clients, ...DEMO.summit.clients, DEMO.brightreach.agency.client].map((c) => [c.name, c.site]),
);

export async function seedCampaigns(tx: Database, now: Date): Promise<void> {
  for (const c of DEMO_CAMPAIGNS) {
    const [client] = await tx.select().from(companies).where(eq(companies.name, c.client));
    if (!client?.parentId) throw new Error(`no demo client ${c.client}`);
    // A pixel campaign has its client's site; the demo gives it a higher daily limit and a lower price.
    const local = isPixelModule(c.module);
    // Running for about three months: the demo's first start invoices its periods (decision 0074).
    const activatedAt = new Date(now.getTime() - DEMO_CAMPAIGN_DAYS * 86_400_000);
    const [row] = await tx
      .insert(campaigns)
      .values({
        publicId: c.publicId,
        systemId: client.systemId,
        agencyId: client.parentId,
        clientId: client.id,
        module: c.module,
        name: c.name,
        status: c.status,
        setupComplete: true,
        urlCode: local ? (SITES[c.client] ?? '') : '',
        keywords: c.keywords ?? [],
        cities: c.cities ?? [],
        states: c.states ?? [],
        requireEmail: true,
        reidentification: '30',
        leadLimit: local ? 50 : 25,
        leadLimitFrequency: 'day',
        reportSentTo: [client.email],
        paymentTerm: c.paymentTerm ?? 'Monthly',
        setupFeeCents: asCents(9900),
        periodFeeCents: asCents(4900),
        costPerLeadMicros: asMicros(local ? 1_500_000 : 2_250_000),
        activatedAt: c.status === 'stopped' ? null : activatedAt,
        createdAt: new Date(activatedAt.getTime() - 86_400_000),
      })
      .returning({ id: campaigns.id });
    if (!row || c.status === 'stopped') continue;
    await tx.insert(campaignMoves).values({
      campaignId: row.id,
      event: 'activate',
      fromStatus: 'stopped',
      toStatus: 'running',
      at: activatedAt,
    });
    if (c.status === 'paused')
      await tx.insert(campaignMoves).values({
        campaignId: row.id,
        event: 'pause',
        fromStatus: 'running',
        toStatus: 'paused',
        at: new Date(now.getTime() - 3 * 86_400_000),
      });
  }
}
