import { asCents } from '@app/contracts';
import { and, type Database, DEMO, eq, isNull, users } from '@app/db';
import type { AgreementService, BetaFeatureService } from '../modules/agreements/index.js';
import { DATA_WALLET } from '../modules/agreements/index.js';
import type { BillingModule } from '../modules/billing/index.js';
import { demoPrincipal } from './demo-principal.js';

/** What Summit's owner tops its Data Wallet up with at the demo's first start (a preset). */
const DEMO_WALLET_TOP_UP = asCents(100_000);

type WalletTopUp = ReturnType<BillingModule['withPayments']>['walletTopUp'];

/**
 * Demo wallet (issue 21 "the demo shows … wallet activity"): the system's root adds Summit Growth
 * Partners to the Data Wallet's testers (as on the beta features screen), and its owner accepts the wallet's billing agreement and top the wallet up with $1,000,
 * continual top-up on, as the modal would: a charge of its sandbox card, a lot that lapses in 12
 * months, a history line. From then on the wallet pays what Summit owes for its clients'
 * campaigns before its card (decision 0085). First start only (the caller), sandbox only; the
 * request id makes a second run the same top-up.
 */
export async function seedDemoWallet(deps: {
  db: Database;
  agreements: Pick<AgreementService, 'accept'>;
  beta: Pick<BetaFeatureService, 'list' | 'update'>;
  topUp: WalletTopUp;
  isSandbox: (systemId: number) => Promise<boolean>;
}): Promise<void> {
  // The owner at their desk (the card service saved Summit's card the same way, demo-cards.ts).
  const owner = await demoPrincipal(deps.db, DEMO.summit.owner.email);
  if (!owner || !(await deps.isSandbox(owner.systemId))) return;
  try {
    const [root] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, DEMO.master.rootUser.email), isNull(users.deletedAt)));
    const wallet = (await deps.beta.list(owner.systemId)).features.find((f) => f.id === DATA_WALLET);
    if (root && wallet)
      await deps.beta.update(
        { systemId: owner.systemId, userId: root.id, featureId: DATA_WALLET },
        {
          is_beta: wallet.is_beta,
          apply_to_all_agency: wallet.apply_to_all_agency,
          testers: [...wallet.testers.map((t) => t.company_id), owner.companyId],
        },
      );
    await deps.agreements.accept({
      principal: owner,
      userId: owner.userId,
      companyId: owner.companyId,
      document: 'service-billing-agreement',
      featureId: DATA_WALLET,
      locationMenu: 'data-wallet',
      ip: '127.0.0.1',
    });
    const done = await deps.topUp(
      owner,
      {
        company_id: owner.companyId,
        amount: DEMO_WALLET_TOP_UP,
        custom_amount: 'F',
        stop_continual: 'F',
        request_id: 'demo-wallet-first-top-up',
      },
      '127.0.0.1',
    );
    if (done.body.result !== 'success') console.warn(`Demo wallet not topped up: ${done.body.message}`);
  } catch (error) {
    console.warn(`Demo wallet not topped up: ${(error as Error).message}`);
  }
}
