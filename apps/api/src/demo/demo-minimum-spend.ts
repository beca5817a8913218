import { type Database, DEMO } from '@app/db';
import type { AgreementService } from '../modules/agreements/index.js';
import { demoPrincipal } from './demo-principal.js';

const DAY = 86_400_000;

/**
 * Demo minimum spend (issue 21 "the demo shows … a minimum-spend month"): Summit's owner accepted the
 * Minimum Spend Addendum `DEMO.summit.minimumSpendAcceptedDaysAgo` days before the first start, on the
 * plan the seed gave Summit ($250 a month). Summit's clients spent nothing in that first month, so the
 * minimum-spend job at start writes the month with a $250 shortfall and the Data Wallet (topped up
 * first, `demo-wallet.ts`) pays it: the wallet then holds $750 and its history lists the charge.
 *
 * Acceptance rows are append-only and stamped by the agreement service's clock, so the caller hands
 * in that service on a clock set back to the day of acceptance (`acceptedOn`): the row, its text's
 * hash and its log line are the ones a real acceptance that day would have written. First start
 * only (the caller), sandbox only.
 */
export async function seedDemoMinimumSpend(deps: {
  db: Database;
  /** The agreement service as it stood on `at`. */
  agreementsOn: (at: Date) => Pick<AgreementService, 'accept'>;
  isSandbox: (systemId: number) => Promise<boolean>;
  now: Date;
}): Promise<void> {
  const owner = await demoPrincipal(deps.db, DEMO.summit.owner.email);
  if (!owner || !(await deps.isSandbox(owner.systemId))) return;
  const acceptedOn = new Date(deps.now.getTime() - DEMO.summit.minimumSpendAcceptedDaysAgo * DAY);
  try {
    await deps.agreementsOn(acceptedOn).accept({
      principal: owner,
      userId: owner.userId,
      companyId: owner.companyId,
      document: 'minimum_spend',
      locationMenu: 'minimum-spend',
      ip: '127.0.0.1',
    });
  } catch (error) {
    console.warn(`Demo minimum spend not accepted: ${(error as Error).message}`);
  }
}
