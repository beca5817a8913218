import type { Cents } from '@app/contracts';
import type { CampaignRepository, CardOnFile, ClientContext } from './campaign-repository.js';

/** One card charge for a campaign: whose card, how much, and the obligation it pays. */
export interface PlannedCharge {
  role: 'payer' | 'platform_part';
  companyId: number;
  companyName: string;
  amount: Cents;
  /** A direct charge on the agency's connected account (the client's card), with the platform's fee. */
  direct: { connectedAccountId: string; applicationFee: Cents } | null;
  obligationKey: string;
}

/**
 * Who pays what a campaign owes (decisions 0045, 0065), for its activation and its invoices alike.
 * Card billing: the client's card pays `payerAmount` by a direct charge on the agency's connected
 * account whose application fee carries the platform's part as far as it can, and the agency's own
 * card pays the rest (`agencyCharge`). Manual bill: the agency's card pays `payerAmount`, the
 * platform's part. Amounts come from `@app/pricing`; charges of 0 are not made.
 */
export function planCharges(
  ctx: ClientContext,
  amounts: { payerAmount: Cents; applicationFee: Cents; agencyCharge: Cents },
  keys: { payer: string; platformPart: string },
): PlannedCharge[] {
  const agency = { companyId: ctx.agencyId, companyName: ctx.agencyName };
  const charges: PlannedCharge[] = ctx.agencyManualBill
    ? [{ role: 'payer', ...agency, amount: amounts.payerAmount, direct: null, obligationKey: keys.payer }]
    : [
        {
          role: 'payer',
          companyId: ctx.clientId,
          companyName: ctx.clientName,
          amount: amounts.payerAmount,
          direct: {
            connectedAccountId: ctx.agencyAccount?.accountId ?? '',
            applicationFee: amounts.applicationFee,
          },
          obligationKey: keys.payer,
        },
        {
          role: 'platform_part',
          ...agency,
          amount: amounts.agencyCharge,
          direct: null,
          obligationKey: keys.platformPart,
        },
      ];
  return charges.filter((c) => c.amount > 0);
}

/** The payer's current card, if it can pay this charge: a client's lives on its agency's account, an agency's on the platform. */
export async function cardFor(
  repo: Pick<CampaignRepository, 'currentCard'>,
  charge: PlannedCharge,
): Promise<CardOnFile | null> {
  const card = await repo.currentCard(charge.companyId);
  const usable =
    card && card.connectedAccountId === (charge.direct ? charge.direct.connectedAccountId : null);
  return usable ? card : null;
}
