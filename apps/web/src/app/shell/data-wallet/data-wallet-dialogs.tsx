import { BETA_CHECK_FAILED, type SessionUser } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { forwardRef, useImperativeHandle, useState } from 'react';
import { acceptFeatureAgreement, featureGate } from '../../../api/agreements';
import { failureMessage } from '../../../api/http';
import { sessionKeys } from '../../../api/session';
import { notifyFailure } from '../../../components/feedback/feedback';
import { useHttp } from '../../boot/boot-context';
import { BillingAgreementModal } from './billing-agreement-modal';
import { DataWalletModal } from './data-wallet-modal';

const DATA_WALLET = 1;

export interface DataWalletDialogsHandle {
  /** The profile menu's Data Wallet entry: asks the server's gate, then opens what it says. */
  open(): Promise<void>;
}

/**
 * The Data Wallet entry of the profile menu (spec 2 §2, §4): the server answers the gate; an agency that
 * has not accepted the billing agreement sees it first, and the wallet once it has.
 */
export const DataWalletDialogs = forwardRef<DataWalletDialogsHandle, { user: SessionUser | null }>(
  function DataWalletDialogs({ user }, ref) {
    const http = useHttp();
    const queryClient = useQueryClient();
    const [shown, setShown] = useState<'agreement' | 'wallet' | null>(null);
    // Each opening mounts the wallet anew: it opens on the saved settings and the current month (spec 2 §4).
    const [opening, setOpening] = useState(0);
    const showWallet = () => {
      setOpening((n) => n + 1);
      setShown('wallet');
    };
    const [accepting, setAccepting] = useState(false);
    const [acceptError, setAcceptError] = useState<string | null>(null);

    useImperativeHandle(ref, () => ({
      async open() {
        try {
          const gate = await featureGate(http, DATA_WALLET);
          if (gate.gate === 'open') showWallet();
          else if (gate.gate === 'agreement') setShown('agreement');
          else notifyFailure('The Data Wallet is not available for your agency.');
        } catch {
          notifyFailure(BETA_CHECK_FAILED);
        }
      },
    }));

    if (!user) return null;

    const accept = async () => {
      setAccepting(true);
      setAcceptError(null);
      try {
        await acceptFeatureAgreement(http, {
          userId: user.id,
          companyId: user.company_id,
          companyName: user.company_name,
          feature: DATA_WALLET,
          featureName: 'Data Wallet',
        });
        // The setup check carries isDataWalletAgree: read it again.
        void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
        showWallet();
      } catch (error) {
        setAcceptError(failureMessage(error));
      } finally {
        setAccepting(false);
      }
    };

    return (
      <>
        <BillingAgreementModal
          opened={shown === 'agreement'}
          onClose={() => setShown(null)}
          onAccept={() => void accept()}
          accepting={accepting}
          error={acceptError}
        />
        <DataWalletModal
          key={opening}
          opened={shown === 'wallet'}
          onClose={() => setShown(null)}
          companyId={user.company_id}
          userId={user.id}
        />
      </>
    );
  },
);
