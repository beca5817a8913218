import { asCents, type Cents } from '@app/contracts';

/** A wallet lot as the allocation sees it: what it bought, in purchase order. */
export interface WalletLotQuantity {
  id: number;
  quantity: Cents;
}

/**
 * What is left of each lot of a wallet whose balance is `balance` (decision 0073). The wallet is one
 * ledger account, so spending has no lot of its own to take from: it is spent oldest lot first by
 * definition, which means whatever remains sits in the newest lots. So the balance is allocated
 * newest lot first, each taking up to what it bought; the oldest lots get what is left over, down
 * to nothing. `lots` are the lots still counted (not lapsed), oldest first; a balance above their
 * total (money credited to the wallet by something other than a purchase) stays unallocated and
 * never lapses.
 */
export function lotRemainders(lots: readonly WalletLotQuantity[], balance: Cents): Map<number, Cents> {
  const remainders = new Map<number, Cents>();
  let unallocated = balance > 0 ? balance : 0;
  for (let i = lots.length - 1; i >= 0; i -= 1) {
    const lot = lots[i] as WalletLotQuantity;
    const share = Math.min(lot.quantity, unallocated);
    remainders.set(lot.id, asCents(share));
    unallocated -= share;
  }
  return remainders;
}
