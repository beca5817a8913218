import { randomBytes, randomInt } from 'node:crypto';
import { LEAD_MODULES, moduleEntry, type PixelPageView } from '@app/contracts';
import { type Database, DEMO_CAMPAIGNS, queryRows, sql } from '@app/db';

/*
 * The demo visitor simulator (issue 11: "In the demo (sandbox only, labelled), a visitor simulator
 * sends page views to the demo sites' campaigns while the product runs, so a newcomer sees leads
 * arrive on the dashboard within a minute of `npm start`"; decision 0050). It posts page views to
 * the demo's running local campaigns through the pixel endpoint itself (`send`: the app's own
 * POST /api/px/v), each from a new visitor, so they take the path a real visit takes: validation,
 * rate limit, intake, the sandbox resolver, the pipeline. The runtime starts it only on the demo
 * seed with the sandbox resolver and gateway.
 *
 * Bounded: one tick at a time, `viewsPerTick` views per campaign, and a campaign is left alone
 * once it has `leadCap(limit)` leads in the last 24 hours, so the simulator never fills a demo
 * campaign's daily limit (which would pause it on run).
 */

export const DEMO_SIMULATOR_LABEL = 'demo visitor simulator';

export interface DemoVisitorSettings {
  /** Time between ticks (default 20 s). */
  intervalMs?: number;
  /**
   * Page views per campaign per tick (default 1). The first tick sends 6: with 40 % of visitors
   * resolving, a campaign has no lead from them 0.6^6 ≈ 5 % of the time (3 left it at 22 %), so
   * the first minute has leads.
   */
  viewsPerTick?: number;
  firstTickViews?: number;
}

/** Regular visitors the demo keeps sending (decision 0092): the people of the sample exclusion list. */
export const DEMO_REGULAR_VISITORS = 8;
/** One view in this many comes from a regular visitor; the rest from new visitors. */
const REGULAR_EVERY = 3;

interface Target {
  id: number;
  public_id: string;
  url_code: string;
  lead_limit: number | null;
  recent_leads: number;
}

/** Leads in 24 hours a demo campaign may get from the simulator: under half its daily limit. */
const leadCap = (limit: number | null) => (limit === null ? 20 : Math.max(1, Math.floor(limit * 0.4)));

const PAGES = ['', 'services', 'about', 'pricing', 'contact', 'book-online', 'blog/spring-offers'];
const REFERRERS = ['', '', 'https://www.google.com/', 'https://www.bing.com/', 'https://duckduckgo.com/'];
const PIXEL_MODULES = LEAD_MODULES.filter((m) => moduleEntry(m).leadSource === 'pixel');

export function startDemoVisitors(deps: {
  db: Database;
  /** Posts one page view to the pixel endpoint as from `ip`; answers the HTTP status. */
  send: (view: PixelPageView, ip: string) => Promise<number>;
  /** Started with the first views, so the sandbox people are being made while they are stored. */
  warmUp?: () => Promise<unknown>;
  /**
   * Visitor keys that come back (the sandbox's regular visitors): the people on
   * docs/samples/exclusion-list.csv, so a newcomer who uploads it sees their next visit rejected.
   */
  regularVisitors?: readonly string[];
  log: (message: string) => void;
  settings?: DemoVisitorSettings;
}) {
  const intervalMs = deps.settings?.intervalMs ?? 20_000;
  const viewsPerTick = deps.settings?.viewsPerTick ?? 1;
  const firstTickViews = deps.settings?.firstTickViews ?? 6;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let ticks = 0;

  /** The demo's running local campaigns (fixed public ids and names of the seed) with their recent leads. */
  async function targets(): Promise<Target[]> {
    const demo = DEMO_CAMPAIGNS.filter((c) => (PIXEL_MODULES as readonly string[]).includes(c.module));
    return queryRows<Target>(
      deps.db,
      sql`select c.id, c.public_id, c.url_code, c.lead_limit,
                 (select count(*)::int from leads l
                   where l.campaign_id = c.id and l.created_at > now() - interval '1 day') as recent_leads
            from campaigns c
            join jsonb_to_recordset(${JSON.stringify(demo.map((d) => ({ public_id: d.publicId, name: d.name })))}::jsonb)
              as d(public_id text, name text) on d.public_id = c.public_id and d.name = c.name
           where c.status = 'running' and not c.archived and c.removed_at is null and c.url_code <> ''`,
    );
  }

  const regulars = deps.regularVisitors ?? [];
  // Drawn per view, not counted: a counter would line up with the number of campaigns per tick and
  // send every regular visit to the same campaign.
  const visitorId = () =>
    regulars.length > 0 && randomInt(REGULAR_EVERY) === 0
      ? (regulars[randomInt(regulars.length)] as string)
      : randomBytes(16).toString('hex');

  async function visit(target: Target): Promise<void> {
    const site = target.url_code.endsWith('/') ? target.url_code : `${target.url_code}/`;
    const view: PixelPageView = {
      campaignId: target.public_id,
      url: `${site}${PAGES[randomInt(PAGES.length)]}`,
      referrer: REFERRERS[randomInt(REFERRERS.length)] ?? '',
      visitorId: visitorId(),
    };
    // Addresses of the documentation range (TEST-NET-3): clearly not real visitors.
    const status = await deps.send(view, `203.0.113.${randomInt(1, 255)}`);
    if (status !== 204)
      deps.log(`${DEMO_SIMULATOR_LABEL}: the pixel endpoint answered ${status} for ${view.campaignId}`);
  }

  let announced = '';
  async function tick(): Promise<void> {
    const found = await targets();
    const names = found.map((t) => t.public_id).join(', ');
    if (names !== announced) {
      // Said when the set of campaigns changes (the first time, a demo campaign paused or resumed).
      deps.log(
        names
          ? `${DEMO_SIMULATOR_LABEL}: sending sandbox page views to the demo's running local campaigns ${names} every ${Math.round(intervalMs / 1000)} s (DEMO_VISITORS=off turns it off)`
          : `${DEMO_SIMULATOR_LABEL}: no running local campaign of the demo seed; nothing to send`,
      );
      if (names && !announced)
        deps
          .warmUp?.()
          .catch((err) => deps.log(`${DEMO_SIMULATOR_LABEL}: warming up failed: ${String(err)}`));
      announced = names;
    }
    if (!names) return;
    const views = ticks++ === 0 ? firstTickViews : viewsPerTick;
    for (const target of found) {
      if (target.recent_leads >= leadCap(target.lead_limit)) continue;
      for (let i = 0; i < views && !stopped; i++) await visit(target);
    }
  }

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((err) => deps.log(`${DEMO_SIMULATOR_LABEL}: a tick failed: ${String(err)}`))
        .finally(() => schedule(intervalMs));
    }, delay);
  };

  schedule(0);

  return {
    /** Stops after the tick in flight (if any) has sent its views. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type DemoVisitors = ReturnType<typeof startDemoVisitors>;
