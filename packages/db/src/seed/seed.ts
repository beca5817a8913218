import { createHash } from 'node:crypto';
import {
  asCents,
  asMicros,
  BETA_FEATURES,
  type CostModule,
  DEFAULT_BRANDING,
  MODULE_CATALOGUE,
  MODULES,
  type ModuleType,
  PAYMENT_TERMS,
  parseDollarsToMicros,
  pricesAdvancedLeads,
  startingModulesOfNewAgency,
  type UserType,
  VENDOR_LIST_MODULES,
} from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { insertCompany } from '../companies.js';
import { firstRow, queryRows } from '../rows.js';
import {
  agencyPrices,
  betaFeatures,
  betaTesters,
  companies,
  companyBranding,
  companySalesLinks,
  coupons,
  documents,
  files,
  minimumSpendPlans,
  paymentAccounts,
  sandboxAccounts,
  systems,
  users,
} from '../schema/index.js';
import { DEMO, DEMO_PASSWORD } from './demo-data.js';

import { DEFAULT_DOCUMENTS } from './documents.js';

/**
 * A connected account that finished the sandbox onboarding: the sandbox gateway's own row (so the
 * gateway knows it, as Stripe would) and ours, in the one table of connected accounts (decision 0033).
 */
async function connectedSandboxAccount(
  tx: Pick<Database, 'insert'>,
  accountId: string,
  companyId: number,
  email: string,
  businessName: string,
) {
  await tx.insert(sandboxAccounts).values({
    id: accountId,
    email,
    businessName,
    country: 'US',
    detailsSubmitted: true,
    chargesEnabled: true,
    payoutsEnabled: true,
    currentlyDue: [],
    metadata: { company_id: String(companyId) },
  });
  await tx.insert(paymentAccounts).values({
    gateway: 'sandbox',
    accountId,
    companyId,
    status: 'completed',
    chargesEnabled: true,
    payoutsEnabled: true,
    requirements: { currentlyDue: [], pastDue: [], pendingVerification: [], disabledReason: null },
    stateAsOf: 0,
  });
}

import { seedCampaigns } from './campaigns.js';
import { seedHistory } from './history.js';
import { drawLogoPng } from './logo.js';

/** What the seed needs from the application: it hashes and stores the way the app does. */
export interface SeedDependencies {
  hashPassword(plain: string): Promise<string>;
  putFile(key: string, bytes: Buffer, contentType: string): Promise<void>;
}

export async function isSeeded(db: Database): Promise<boolean> {
  const rows = await db.select({ id: systems.id }).from(systems).limit(1);
  return rows.length > 0;
}

type Brand = Omit<typeof DEFAULT_BRANDING, 'logo_url' | 'favicon_url'>;

/** Seeds the demo tenants of demo-data.ts in one transaction. Call only on an empty database. */
export async function seedDemo(db: Database, deps: SeedDependencies): Promise<void> {
  const passwordHash = await deps.hashPassword(DEMO_PASSWORD);
  const logos = {
    master: drawLogoPng(DEFAULT_BRANDING.sidebar_bgcolor),
    northwind: drawLogoPng(DEMO.northwind.branding.link_color),
    brightreach: drawLogoPng(DEMO.brightreach.branding.link_color),
  };
  const logoKeys = Object.fromEntries(
    Object.keys(logos).map((name) => [name, `seed/${name}-logo.png`]),
  ) as Record<keyof typeof logos, string>;
  for (const [name, bytes] of Object.entries(logos)) {
    await deps.putFile(logoKeys[name as keyof typeof logos], bytes, 'image/png');
  }

  await db.transaction(async (tx) => {
    await tx.insert(betaFeatures).values(BETA_FEATURES.map((f) => ({ ...f, isBeta: true })));
    await tx.insert(documents).values(DEFAULT_DOCUMENTS.map((d) => ({ ...d, systemId: null })));

    const person = (
      systemId: number,
      companyId: number,
      userType: UserType,
      who: { name: string; email: string },
      extra: Partial<typeof users.$inferInsert> = {},
    ) =>
      tx
        .insert(users)
        .values({
          systemId,
          companyId,
          userType,
          name: who.name,
          email: who.email,
          passwordHash,
          phonenum: '3125550100',
          profileSetupCompleted: true,
          questionnaireSetupCompleted: true,
          ...extra,
        })
        .returning({ id: users.id })
        .then((rows) => firstRow(rows, 'user').id);

    const logo = async (systemId: number, companyId: number, name: keyof typeof logos) => {
      const bytes = logos[name];
      const file = await tx
        .insert(files)
        .values({
          systemId,
          companyId,
          purpose: 'logo',
          contentType: 'image/png',
          sizeBytes: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          storageKey: logoKeys[name],
        })
        .returning({ id: files.id })
        .then((rows) => firstRow(rows, 'file'));
      return file.id;
    };

    const brand = (companyId: number, b: Brand, logoFileId: string | null) =>
      tx.insert(companyBranding).values({
        companyId,
        logoFileId,
        faviconFileId: logoFileId,
        sidebarBgcolor: b.sidebar_bgcolor,
        templateBgcolor: b.template_bgcolor,
        boxBgcolor: b.box_bgcolor,
        textColor: b.text_color,
        linkColor: b.link_color,
        fontTheme: b.font_theme,
      });

    const createSystem = async (spec: typeof DEMO.master | typeof DEMO.brightreach, isMaster: boolean) => {
      const system = await tx
        .insert(systems)
        .values({ name: spec.systemName, isMaster, domain: spec.domain })
        .returning({ id: systems.id })
        .then((rows) => firstRow(rows, 'system'));
      // A root company is its own root: take the id first so root_id can point at it.
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`select nextval(pg_get_serial_sequence('companies', 'id'))::int as id`,
      );
      const rootId = firstRow(rows, 'company id').id;
      await tx.insert(companies).values({
        id: rootId,
        systemId: system.id,
        kind: 'root',
        rootId,
        name: spec.root.name,
        legalName: spec.root.legalName,
        shortName: spec.root.shortName,
        email: spec.rootUser.email,
        phone: '3125550100',
        address: '100 Main Street',
        city: 'Chicago',
        zip: '60601',
        stateCode: 'IL',
        stateName: 'Illinois',
        domainStatus: 'active',
      });
      await tx.update(systems).set({ rootCompanyId: rootId }).where(eq(systems.id, system.id));
      const rootUserId = await person(system.id, rootId, 'root', spec.rootUser);
      await tx.update(users).set({ isSystemUser: true }).where(eq(users.id, rootUserId));
      return { systemId: system.id, rootId };
    };

    /** An agency or client offering these modules and every payment term. */
    const createCompany = (
      systemId: number,
      rootId: number,
      parentId: number,
      kind: 'agency' | 'client',
      name: string,
      modules: readonly ModuleType[],
      extra: Partial<typeof companies.$inferInsert> = {},
    ) =>
      insertCompany(tx, {
        company: { systemId, rootId, parentId, kind, name, legalName: name, ...extra },
        terms: PAYMENT_TERMS.map((term) => ({ term })),
        modules: modules.map((module) => ({ module })),
      });

    /** Cost settings (costagency) of a company for every term; dollars in, cents and micro-dollars stored. */
    const price = async (
      companyId: number,
      costPerLead: Record<CostModule, string>,
      fees = { setupFeeCents: asCents(0), platformFeeCents: asCents(0) },
    ) => {
      const micros = (dollars: string) => {
        const parsed = parseDollarsToMicros(dollars);
        if (parsed === null) throw new Error(`Demo price is not a price: ${dollars}`);
        return parsed;
      };
      await tx.insert(agencyPrices).values(
        (Object.keys(costPerLead) as (keyof typeof costPerLead)[]).flatMap((module) =>
          PAYMENT_TERMS.map((term) => ({
            companyId,
            module,
            term,
            ...fees,
            costPerLeadMicros: micros(costPerLead[module]),
            costPerLeadAdvancedMicros: asMicros(
              pricesAdvancedLeads(module) ? micros(costPerLead[module]) * 2 : 0,
            ),
          })),
        ),
      );
    };

    // Master system: root company, system user, sales staff, two agencies and their clients.
    const master = await createSystem(DEMO.master, true);
    await price(master.rootId, DEMO.master.wholesaleCostPerLead);
    await brand(master.rootId, DEFAULT_BRANDING, await logo(master.systemId, master.rootId, 'master'));
    // Two coupons for the onboarding fee (decision 0032): a percentage and a capped amount off.
    await tx.insert(coupons).values([
      { systemId: master.systemId, code: 'WELCOME50', kind: 'percent', percentOffBasisPoints: 5_000 },
      {
        systemId: master.systemId,
        code: 'ONBOARD100',
        kind: 'amount',
        amountOffCents: asCents(10_000),
        usageLimit: 25,
      },
    ]);
    const salesId = await person(master.systemId, master.rootId, 'sales', DEMO.master.sales);
    const aeId = await person(master.systemId, master.rootId, 'sales', DEMO.master.accountExecutive);
    await tx.update(users).set({ isAccExecutive: true }).where(eq(users.id, aeId));

    const nw = DEMO.northwind;
    const northwindId = await createCompany(
      master.systemId,
      master.rootId,
      master.rootId,
      'agency',
      nw.name,
      MODULES,
      {
        subdomain: nw.subdomain,
        customDomain: nw.customDomain,
        domainStatus: 'active',
        isWhitelabeling: true,
        email: nw.owner.email,
      },
    );
    await brand(northwindId, nw.branding, await logo(master.systemId, northwindId, 'northwind'));
    await price(northwindId, nw.wholesale.costPerLead, {
      setupFeeCents: asCents(nw.wholesale.setupFeeCents),
      platformFeeCents: asCents(nw.wholesale.platformFeeCents),
    });
    // Northwind is fully set up: a completed connected account (its sandbox card is saved at the first
    // start, through the card service: apps/api/src/demo/demo-cards.ts).
    await connectedSandboxAccount(tx, 'acct_sandbox_northwind', northwindId, nw.owner.email, nw.name);
    await tx.update(companies).set({ packageId: 'sandbox_agency_pro' }).where(eq(companies.id, northwindId));
    await person(master.systemId, northwindId, 'userdownline', nw.owner);
    await person(master.systemId, northwindId, 'administrator', nw.administrator);
    // Northwind tests the B2B module (its client Harbor Dental runs a B2B campaign, so both see the
    // module, decision 0063); it has not accepted the B2B beta agreement yet, so its people are asked
    // for it before they create or start a B2B campaign (decision 0064).
    await tx
      .insert(betaTesters)
      .values({ featureId: MODULE_CATALOGUE.b2b.beta.featureId, companyId: northwindId });
    await tx.insert(companySalesLinks).values([
      { companyId: northwindId, role: 'sales_rep', salesUserId: salesId },
      { companyId: northwindId, role: 'account_executive', salesUserId: aeId },
    ]);
    // The demo's choice: Northwind gives its clients the pixel and the search module, and Harbor
    // Dental the vendor lists too (enhance, b2b).
    const northwindClientModules: ModuleType[] = ['local', 'locator'];
    for (const client of nw.clients) {
      const id = await createCompany(
        master.systemId,
        master.rootId,
        northwindId,
        'client',
        client.name,
        client.name === nw.clients[0].name
          ? [...northwindClientModules, ...VENDOR_LIST_MODULES]
          : northwindClientModules,
        {
          email: client.contact.email,
        },
      );
      await person(master.systemId, id, 'client', client.contact);
    }

    const summitId = await createCompany(
      master.systemId,
      master.rootId,
      master.rootId,
      'agency',
      DEMO.summit.name,
      startingModulesOfNewAgency(true),
      {
        email: DEMO.summit.owner.email,
      },
    );
    // Summit has a package (and, from the first start, a card) but has not connected its payment account yet.
    // It is on a minimum-spend plan of $250 a month; its owner accepts the addendum at the first start,
    // dated back, so a month has ended and the wallet pays its shortfall (apps/api/src/demo).
    const [plan] = await tx
      .insert(minimumSpendPlans)
      .values({
        systemId: master.systemId,
        name: DEMO.summit.minimumSpendPlan.name,
        months: DEMO.summit.minimumSpendPlan.months,
        flatMonthCents: asCents(DEMO.summit.minimumSpendPlan.flatMonthCents),
      })
      .returning({ id: minimumSpendPlans.id });
    await tx
      .update(companies)
      .set({ packageId: 'sandbox_agency_pro', planMinSpendId: plan?.id ?? null })
      .where(eq(companies.id, summitId));
    await person(master.systemId, summitId, 'userdownline', DEMO.summit.owner);
    for (const client of DEMO.summit.clients) {
      const id = await createCompany(
        master.systemId,
        master.rootId,
        summitId,
        'client',
        client.name,
        ['local'],
        {
          email: client.contact.email,
        },
      );
      // A client who has not finished the profile yet (lands in profile setup).
      await person(master.systemId, id, 'client', client.contact, { profileSetupCompleted: false });
    }

    // A second white-label system with one agency and client, for cross-system isolation.
    const br = DEMO.brightreach;
    const bright = await createSystem(br, false);
    await brand(bright.rootId, br.branding, await logo(bright.systemId, bright.rootId, 'brightreach'));
    const coastalId = await createCompany(
      bright.systemId,
      bright.rootId,
      bright.rootId,
      'agency',
      br.agency.name,
      startingModulesOfNewAgency(false),
      {
        subdomain: br.agency.subdomain,
        email: br.agency.owner.email,
      },
    );
    await price(bright.rootId, DEMO.master.wholesaleCostPerLead);
    // Coastal is set up (connected account; its card and Bayview's are saved at the first start).
    await connectedSandboxAccount(
      tx,
      'acct_sandbox_coastal',
      coastalId,
      br.agency.owner.email,
      br.agency.name,
    );
    await tx.update(companies).set({ packageId: 'sandbox_agency_pro' }).where(eq(companies.id, coastalId));
    await person(bright.systemId, coastalId, 'userdownline', br.agency.owner);
    const bayviewId = await createCompany(
      bright.systemId,
      bright.rootId,
      coastalId,
      'client',
      br.agency.client.name,
      ['local'],
      {
        email: br.agency.client.contact.email,
      },
    );
    await person(bright.systemId, bayviewId, 'client', br.agency.client.contact);

    // Four months of plausible activity, so the charts and logs of the demo are not flat.
    await seedHistory(tx, new Date());
    await seedCampaigns(tx, new Date());
  });
}
