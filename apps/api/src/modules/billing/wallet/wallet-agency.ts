import { notFound } from '../../../http-errors.js';
import { type BetaFeatureService, DATA_WALLET } from '../../agreements/index.js';
import type { WalletLots } from '../lots/wallet-lots.js';

/** An agency whose Data Wallet is open, with its wallet's ledger account. */
export interface WalletAgency {
  agencyId: number;
  systemId: number;
  accountId: number;
}

/**
 * The wallet a company id names (decision 0073): only an agency has one (a client's or a root
 * company's id is 404, as an id outside the caller's scope is), and only once the Data Wallet's gate
 * is open for it — offered on the master system (404 otherwise) and its agreement accepted (403
 * until then). Every wallet route and the top-up ask this first.
 */
export function createWalletAgencies(deps: {
  beta: Pick<BetaFeatureService, 'agencyOf' | 'requireOpen'>;
  lots: Pick<WalletLots, 'account'>;
}) {
  return async function walletAgency(companyId: number): Promise<WalletAgency> {
    const agency = await deps.beta.agencyOf(companyId);
    if (!agency || agency.agencyId !== companyId) throw notFound();
    await deps.beta.requireOpen(companyId, DATA_WALLET);
    const account = await deps.lots.account(agency.systemId, companyId);
    return { agencyId: companyId, systemId: agency.systemId, accountId: account.id };
  };
}

export type WalletAgencyOf = ReturnType<typeof createWalletAgencies>;
