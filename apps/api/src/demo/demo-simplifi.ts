import { asCents, asMicros, MODULE_CATALOGUE } from '@app/contracts';
import { and, companies, companyModules, type Database, DEMO, eq, isNull, users } from '@app/db';
import { settableClock } from '../lib/clock.js';
import { renderBannerPng } from '../modules/ad-builder/index.js';
import type { AdCampaignsModule } from '../modules/ad-campaigns/index.js';
import type { AdMediaFace } from '../modules/ad-media/index.js';
import type { AgreementService, BetaFeatureService } from '../modules/agreements/index.js';
import { createSandboxAdPlatform } from '../providers/ad-platform/index.js';
import { demoPrincipal } from './demo-principal.js';

/** How long before the first start the demo's Simplifi campaign was activated. */
const DAYS_RUNNING = 21;
const SIMPLIFI = MODULE_CATALOGUE.simplifi.beta.featureId;

/**
 * The demo's ad platform (issue 24 "Done means"): the system's root makes Northwind a Simplifi beta
 * tester and switches the module on for it and Harbor Dental; Northwind's owner accepted the beta
 * agreement three weeks ago and then made Harbor Dental's display campaign — a $1,200 monthly budget,
 * $40 a day, 20 % markup — with a banner built in the builder as its ad, and activated it: its first
 * period's budget was charged to Harbor Dental's sandbox card. The campaign's platform side and budget
 * period run on a clock set back those three weeks (`onClock`, the sandbox platform on the same clock),
 * so the sandbox has three weeks of delivery; the stats pull at the end reads them and spends the
 * finished days from the budget. First start only, sandbox only; each step goes through the product's
 * own services, and a step that fails is reported and skipped.
 */
export async function seedDemoSimplifi(deps: {
  db: Database;
  beta: Pick<BetaFeatureService, 'list' | 'update'>;
  agreementsOn: (day: Date) => Pick<AgreementService, 'accept'>;
  adCampaigns: AdCampaignsModule;
  media: Pick<AdMediaFace, 'addGenerated'>;
  isSandbox: (systemId: number) => Promise<boolean>;
  now: Date;
}): Promise<void> {
  const owner = await demoPrincipal(deps.db, DEMO.northwind.owner.email);
  if (!owner || !(await deps.isSandbox(owner.systemId))) return;
  try {
    const [harbor] = await deps.db
      .select({ id: companies.id })
      .from(companies)
      .where(
        and(eq(companies.name, DEMO.northwind.clients[0].name), eq(companies.parentId, owner.companyId)),
      );
    const [root] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, DEMO.master.rootUser.email), isNull(users.deletedAt)));
    const feature = (await deps.beta.list(owner.systemId)).features.find((f) => f.id === SIMPLIFI);
    if (!harbor || !root || !feature) return;
    await deps.beta.update(
      { systemId: owner.systemId, userId: root.id, featureId: SIMPLIFI },
      {
        is_beta: feature.is_beta,
        apply_to_all_agency: feature.apply_to_all_agency,
        testers: [...new Set([...feature.testers.map((t) => t.company_id), owner.companyId])],
      },
    );
    // The module switched on for the agency and its client, as the client-management form saves it.
    for (const companyId of [owner.companyId, harbor.id])
      await deps.db
        .insert(companyModules)
        .values({ companyId, module: 'simplifi', enabled: true })
        .onConflictDoUpdate({
          target: [companyModules.companyId, companyModules.module],
          set: { enabled: true },
        });

    const started = new Date(deps.now.getTime() - DAYS_RUNNING * 86_400_000);
    await deps.agreementsOn(started).accept({
      principal: owner,
      userId: owner.userId,
      companyId: owner.companyId,
      document: 'service-billing-agreement',
      featureId: SIMPLIFI,
      locationMenu: 'simplifi',
      ip: '127.0.0.1',
    });
    const made = await deps.adCampaigns.service.create(
      owner,
      {
        clientID: harbor.id,
        campaignName: 'Spring smiles display',
        startdatecampaign: '',
        enddatecampaign: '',
        timezone: 'America/Chicago',
        maxBid: asMicros(8_000_000),
        monthlyBudget: asCents(120_000),
        dailyBudget: asCents(4_000),
        goalType: 'cpc',
        goalValue: '2.50',
        agencyMarkup: 20,
        clickUrl: 'https://harbordental.example/spring',
        audienceIds: [],
      },
      '127.0.0.1',
    );
    const campaignId = made.data.leadspeekID;
    const png = await renderBannerPng(
      {
        headline: 'A brighter smile this spring',
        text: 'Cleanings and whitening at Harbor Dental. New patients welcome.',
        cta: 'Book a visit',
        clickUrl: 'https://harbordental.example/spring',
        font: 'Inter',
        colors: {
          background: '#0b3d5c',
          headline: '#ffffff',
          text: '#d7ecf7',
          ctaBackground: '#f5b82e',
          ctaText: '#0b3d5c',
        },
      },
      '300x250',
      null,
    );
    await deps.media.addGenerated({
      userId: owner.userId,
      campaignId,
      name: 'Spring smiles 300x250',
      png,
      clickUrl: 'https://harbordental.example/spring',
    });
    // Activated three weeks ago: the period from then is charged, the platform side made then.
    const past = settableClock(started);
    const then = deps.adCampaigns.onClock(
      past,
      createSandboxAdPlatform({ db: deps.db, now: () => past.now() }),
    );
    await then.activateFirst(campaignId, owner.userId);
    await then.sync.sync(campaignId);
    await deps.adCampaigns.stats.pullDue();
  } catch (error) {
    console.warn(`Demo Simplifi campaign not made: ${(error as Error).message}`);
  }
}
