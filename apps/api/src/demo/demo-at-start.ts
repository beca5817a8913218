import type { Database } from '@app/db';
import type { LeadPrices } from '@app/pricing';
import type { AgreementService } from '../modules/agreements/index.js';
import type { Ledger } from '../modules/ledger/index.js';
import type { PaymentGateway } from '../providers/payments/index.js';
import { seedDemoBilling } from './demo-billing.js';
import { seedDemoCards } from './demo-cards.js';
import { type DemoIntegrationsDeps, seedDemoIntegrations } from './demo-integrations.js';
import { seedDemoMinimumSpend } from './demo-minimum-spend.js';
import { type CustomerOf, seedDemoMoney } from './demo-money.js';
import { seedDemoRootFees } from './demo-root-fees.js';
import { seedDemoSimplifi } from './demo-simplifi.js';
import { seedDemoWallet } from './demo-wallet.js';

type Deps = Parameters<typeof seedDemoCards>[0] &
  Omit<Parameters<typeof seedDemoWallet>[0], 'agreements'> &
  Pick<Parameters<typeof seedDemoBilling>[0], 'schedules'> &
  Pick<Parameters<typeof seedDemoMinimumSpend>[0], 'agreementsOn'> & {
    db: Database;
    /** The app itself: the demo's integrations are connected through its routes (app.inject). */
    app: DemoIntegrationsDeps['app'];
    crm: DemoIntegrationsDeps['crm'];
    webhook?: DemoIntegrationsDeps['webhook'];
    agreements: Pick<AgreementService, 'accept'>;
    ledger: Ledger;
    /** The sandbox gateway the demo's past fees are charged on. */
    sandbox: PaymentGateway;
    customerOf: CustomerOf;
    pricesOf: (campaignId: number) => Promise<LeadPrices | null>;
    /** The Simplifi module and the ad media face: Harbor Dental's display campaign (decision 0110). */
    adCampaigns: Parameters<typeof seedDemoSimplifi>[0]['adCampaigns'];
    media: Parameters<typeof seedDemoSimplifi>[0]['media'];
    now: Date;
  };

/**
 * The demo's money, made through the product's own services at start (sandbox only; the caller
 * skips it beside a real gateway). The demo's cards, saved (and Northwind's onboarding fee paid) at
 * every start that may seed, so a first start cut short after the seed still ends with them
 * (decision 0066); then, on the start that seeded (`seeded`), a few months of platform fees, the
 * billing schedules, Summit's wallet top-up and minimum-spend acceptance, and Brightreach's month of
 * leads for the root-fee statement, Harbor Dental's Simplifi display campaign with three weeks of
 * sandbox figures; last, Harbor Dental's and Cedar Home's CRM (the GoHighLevel
 * sandbox) connected through the OAuth round trip (decision 0099). The jobs at start then invoice,
 * charge and state what these left.
 */
export async function seedDemoAtStart(deps: Deps, seeded: boolean): Promise<void> {
  const { db, isSandbox, customerOf } = deps;
  await seedDemoCards({ db, onboarding: deps.onboarding, agreements: deps.agreements, isSandbox });
  if (!seeded) return;
  await seedDemoMoney({ db, ledger: deps.ledger, gateway: deps.sandbox, customerOf });
  await seedDemoBilling({ db, schedules: deps.schedules, customerOf });
  await seedDemoWallet({ db, agreements: deps.agreements, beta: deps.beta, topUp: deps.topUp, isSandbox });
  // After the top-up: the minimum-spend job at start finds the wallet able to pay the shortfall.
  await seedDemoMinimumSpend({ db, agreementsOn: deps.agreementsOn, isSandbox, now: deps.now });
  // Brightreach's month of leads before today: the root-fee job at start states it (decision 0081).
  await seedDemoRootFees({ db, pricesOf: deps.pricesOf });
  // Harbor Dental's display campaign, activated three weeks ago, with its weeks of sandbox figures.
  await seedDemoSimplifi({
    db,
    beta: deps.beta,
    agreementsOn: deps.agreementsOn,
    adCampaigns: deps.adCampaigns,
    media: deps.media,
    isSandbox,
    now: deps.now,
  });
  // The demo clients' CRM and webhook, connected as a person does it, so the visitors' leads reach both.
  await seedDemoIntegrations({
    db,
    app: deps.app,
    isSandbox: deps.isSandbox,
    crm: deps.crm,
    webhook: deps.webhook,
  });
}
