import { formatUsdCents, formatUsdMicros } from '@app/contracts';
import type { ActivationCharge } from './activation.js';

/*
 * Telling an agency it prices a client below its own cost (decision 0065): the platform's part is due
 * whatever the client pays, so a campaign priced under it costs the agency the difference at
 * activation, and a lead priced under the agency's cost per lead costs it the difference on the
 * client's invoice. Enhance and b2b leads cannot be priced so (their floor refuses it at save).
 */
export function belowCostNotice(due: ActivationCharge): string | null {
  const parts: string[] = [];
  if (due.agencyChargeCents > 0)
    parts.push(
      `At activation the client is charged ${formatUsdCents(due.client.totalCents)}, less than the platform's part of ${formatUsdCents(due.platformPartCents)}, so ${formatUsdCents(due.agencyChargeCents)} is charged to your agency's card.`,
    );
  const { setClientMicros, wholesaleMicros } = due.prices;
  if (due.term !== 'OneTime' && setClientMicros < wholesaleMicros)
    parts.push(
      `The price per lead, ${formatUsdMicros(setClientMicros)}, is below your cost per lead of ${formatUsdMicros(wholesaleMicros)}.`,
    );
  return parts.length === 0 ? null : `These prices are below your own cost. ${parts.join(' ')}`;
}
