import {
  type Cents,
  centsToDollars,
  DATA_WALLET_CONTINUAL_RESUMED,
  DATA_WALLET_CONTINUAL_STOPPED,
  DATA_WALLET_SAVED,
  type TF,
  ZERO_CENTS,
} from '@app/contracts';
import type { Clock } from '../../../lib/clock.js';
import { type AuditLog, settingsEvent } from '../../audit/index.js';
import type { Principal } from '../../tenancy/index.js';
import type { WalletAgencyOf } from './wallet-agency.js';
import type { WalletSettingsRepository, WalletSettingsValues } from './wallet-settings-repository.js';

/** How a settings change reads in the user logs. */
export const describeSettings = (v: WalletSettingsValues) =>
  `$${centsToDollars(v.amount)} (${v.customAmount ? 'custom amount' : 'preset'}), continual top-up ${v.stopContinual ? 'stopped' : 'on'}`;

/**
 * The Data Wallet's settings (spec 2 §4, §7; decision 0073): saving the chosen amount, its mode and
 * continual top-up without a charge (the modal's save at $0), and stopping or resuming continual
 * top-up. The amount rules are the contract's and were checked with the body; every change is a
 * user-log entry.
 */
export function createWalletSettings(deps: {
  walletAgency: WalletAgencyOf;
  repo: Pick<WalletSettingsRepository, 'get' | 'save'>;
  audit: AuditLog;
  clock: Clock;
}) {
  const { repo } = deps;
  return {
    async save(
      p: Principal,
      body: { company_id: number; amount: Cents; custom_amount: TF; stop_continual: TF },
      ip: string,
    ) {
      const wallet = await deps.walletAgency(body.company_id);
      const values: WalletSettingsValues = {
        amount: body.amount,
        customAmount: body.custom_amount === 'T',
        stopContinual: body.stop_continual === 'T',
      };
      await repo.save({
        companyId: wallet.agencyId,
        systemId: wallet.systemId,
        at: deps.clock.now(),
        ...values,
      });
      await deps.audit.record(
        settingsEvent(
          p,
          wallet.agencyId,
          'data_wallet_settings_saved',
          `Saved the Data Wallet settings: ${describeSettings(values)}`,
          ip,
        ),
      );
      return { result: 'success' as const, message: DATA_WALLET_SAVED };
    },

    /**
     * Stops or resumes continual top-up, keeping the amount. The modal does nothing at $0 (spec 2 §5);
     * the server stores the switch either way, since with no amount nothing is ever topped up.
     */
    async stopContinual(p: Principal, body: { company_id: number; stop_continual: TF }, ip: string) {
      const wallet = await deps.walletAgency(body.company_id);
      const current = await repo.get(wallet.agencyId);
      const stop = body.stop_continual === 'T';
      await repo.save({
        companyId: wallet.agencyId,
        systemId: wallet.systemId,
        at: deps.clock.now(),
        amount: current?.amount ?? ZERO_CENTS,
        customAmount: current?.customAmount ?? false,
        stopContinual: stop,
      });
      await deps.audit.record(
        settingsEvent(
          p,
          wallet.agencyId,
          'data_wallet_continual_switched',
          stop
            ? 'Stopped continual top-up of the Data Wallet'
            : 'Resumed continual top-up of the Data Wallet',
          ip,
        ),
      );
      return {
        result: 'success' as const,
        message: stop ? DATA_WALLET_CONTINUAL_STOPPED : DATA_WALLET_CONTINUAL_RESUMED,
        stop_continual: body.stop_continual,
      };
    },
  };
}

export type WalletSettings = ReturnType<typeof createWalletSettings>;
