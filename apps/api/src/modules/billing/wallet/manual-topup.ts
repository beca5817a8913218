import {
  type Cents,
  type ChargeDataWalletResponse,
  DATA_WALLET_CHARGE_NEEDS_AMOUNT,
  DATA_WALLET_GATEWAY_UNAVAILABLE,
  DATA_WALLET_NO_CARD,
  DATA_WALLET_TOPUP_PENDING,
  dataWalletToppedUp,
  formatUsdCents,
  type TF,
} from '@app/contracts';
import { unchargeableText } from '@app/pricing';
import { badRequest } from '../../../http-errors.js';
import type { Clock } from '../../../lib/clock.js';
import { type AuditLog, settingsEvent } from '../../audit/index.js';
import type { Principal } from '../../tenancy/index.js';
import type { TopUpCharge, TopUpOutcome } from './topup-charge.js';
import type { WalletAgencyOf } from './wallet-agency.js';
import { describeSettings } from './wallet-settings.js';
import type { WalletSettingsRepository, WalletSettingsValues } from './wallet-settings-repository.js';

/** A request id sent again with another amount: the first request stands. */
const SAME_ID_OTHER_AMOUNT =
  'This top-up was already asked for with another amount; nothing more was charged.';

/**
 * A top-up asked for in the modal (spec 2 §4, §7 `charge-prepaid-direct-payment`; decision 0073):
 * the amount (checked against the spec's rules with the body, and against what a card can carry
 * here) is charged to the agency's card and credited to its wallet; once it is charged, or being
 * processed, the settings sent with it are stored. A refused card, no card or a gateway that does not
 * answer changes nothing and says so in `result` and `message`, which the modal shows.
 */
export function createManualTopUp(deps: {
  walletAgency: WalletAgencyOf;
  topUp: Pick<TopUpCharge, 'charge'>;
  settings: Pick<WalletSettingsRepository, 'save'>;
  agencyName: (agencyId: number) => Promise<string>;
  audit: AuditLog;
  clock: Clock;
}) {
  return async function chargeTopUp(
    p: Principal,
    body: { company_id: number; amount: Cents; custom_amount: TF; stop_continual: TF; request_id: string },
    ip: string,
  ): Promise<{ status: 200 | 202; body: ChargeDataWalletResponse }> {
    const wallet = await deps.walletAgency(body.company_id);
    if (body.amount <= 0)
      throw badRequest(DATA_WALLET_CHARGE_NEEDS_AMOUNT, { amount: DATA_WALLET_CHARGE_NEEDS_AMOUNT });
    const refused = unchargeableText('The top-up', body.amount);
    if (refused) throw badRequest(refused, { amount: refused });
    const agencyName = await deps.agencyName(wallet.agencyId);
    const amount = formatUsdCents(body.amount);
    const log = (action: 'data_wallet_settings_saved' | 'data_wallet_topup_declined', description: string) =>
      deps.audit.record(settingsEvent(p, wallet.agencyId, action, description, ip));

    let outcome: TopUpOutcome;
    try {
      outcome = await deps.topUp.charge({
        wallet,
        agencyName,
        amount: body.amount,
        trigger: { requestId: body.request_id },
        by: { userId: p.userId, actorUserId: p.actorUserId, ip },
      });
    } catch (error) {
      // The same request id with another amount: the top-up it named stands as it was asked for.
      if (error instanceof Error && /exists with another/.test(error.message))
        return { status: 200, body: { result: 'error', message: SAME_ID_OTHER_AMOUNT } };
      // An outage or a lost answer: the operation stays pending for the janitor; nothing is stored here.
      return { status: 200, body: { result: 'error', message: DATA_WALLET_GATEWAY_UNAVAILABLE } };
    }
    if (outcome.status === 'no_card')
      return { status: 200, body: { result: 'error', message: DATA_WALLET_NO_CARD } };
    if (outcome.status === 'failed') {
      await log(
        'data_wallet_topup_declined',
        `The Data Wallet top-up of ${amount} was refused: ${outcome.message}`,
      );
      // The card refused (failed) or the processor refused the request itself (error): either way nothing moved.
      const result =
        outcome.code === 'invalid_request' || outcome.code === 'not_charged' ? 'error' : 'failed';
      return { status: 200, body: { result, message: outcome.message || 'Your card was declined.' } };
    }
    const values: WalletSettingsValues = {
      amount: body.amount,
      customAmount: body.custom_amount === 'T',
      stopContinual: body.stop_continual === 'T',
    };
    await deps.settings.save({
      companyId: wallet.agencyId,
      systemId: wallet.systemId,
      at: deps.clock.now(),
      ...values,
    });
    // The top-up's own entry is written with its lot (once per charge); this one is the settings'.
    await log(
      'data_wallet_settings_saved',
      `Saved the Data Wallet settings with a top-up: ${describeSettings(values)}`,
    );
    if (outcome.status === 'pending')
      return { status: 202, body: { result: 'success', message: DATA_WALLET_TOPUP_PENDING } };
    return { status: 200, body: { result: 'success', message: dataWalletToppedUp(amount) } };
  };
}

export type ManualTopUp = ReturnType<typeof createManualTopUp>;
