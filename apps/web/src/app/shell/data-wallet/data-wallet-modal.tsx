import {
  AGREEMENT_DOWNLOAD_FAILED,
  asCents,
  DATA_WALLET_CHARGE_CONFIRM,
  DATA_WALLET_CONTINUAL_OFF,
  DATA_WALLET_CONTINUAL_ON,
  DATA_WALLET_SAVE_CONFIRM,
  DATA_WALLET_SAVE_CONFIRM_DETAIL,
  dataWalletChargeConfirmDetail,
  formatUsdCents,
  formatUsdText,
} from '@app/contracts';
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { agreementDownloadLink } from '../../../api/agreements';
import {
  type DataWalletChoice,
  useChargeDataWallet,
  useDataWallet,
  useDataWalletHistory,
  useSaveDataWallet,
  useStopContinualTopup,
} from '../../../api/data-wallet';
import { failureMessage } from '../../../api/http';
import { confirmAction, notifyFailure, notifySuccess } from '../../../components/feedback/feedback';
import { useHttp } from '../../boot/boot-context';
import { WalletAmountPicker } from './wallet-amount-picker';
import { actionOf, chosenAmount, formFromView, problemOf, type WalletChoiceForm } from './wallet-choice';
import { WalletHistory } from './wallet-history';

/**
 * Names one top-up: made when the person confirms it, sent with every copy of that request (the
 * token refresh's retry included), so a repeat is the same top-up (decision 0073). Random bytes, not
 * `randomUUID`, which a page served over plain HTTP does not have.
 */
const newRequestId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The Data Wallet (spec 2 §2, §4, §5, §8; decision 0073): the balance, the top-up amount (presets or
 * a custom amount from $2,500), continual top-up, the month's history and its download. At $0 the
 * button saves the settings, above it tops up by card; both ask first. Mounted anew at each opening,
 * so it opens on the saved settings and the current month.
 */
export function DataWalletModal({
  opened,
  onClose,
  companyId,
  userId,
}: {
  opened: boolean;
  onClose: () => void;
  companyId: number;
  userId: number;
}) {
  const wallet = useDataWallet(companyId, opened);
  const [form, setForm] = useState<WalletChoiceForm | null>(null);
  // null: the month the server answered first (its clock's); then the month the person picked.
  const [picked, setPicked] = useState<string | null>(null);
  const month = picked ?? wallet.data?.month ?? '';
  const other = useDataWalletHistory(
    companyId,
    month,
    opened && picked !== null && picked !== wallet.data?.month,
  );
  const history = picked === null || picked === wallet.data?.month ? wallet.data : other.data;
  const save = useSaveDataWallet(companyId);
  const charge = useChargeDataWallet(companyId);
  const continual = useStopContinualTopup(companyId);
  const busy = save.isPending || charge.isPending || continual.isPending;

  // The controls start from the saved settings once they are read (spec 2 §4: opening resets them);
  // a failed read is logged and the modal opens with empty values (spec 2 §8).
  useEffect(() => {
    if (form || !opened || wallet.isFetching) return;
    if (wallet.data) setForm(formFromView(wallet.data));
    else if (wallet.isError) {
      console.error('The Data Wallet could not be read', wallet.error);
      setForm(formFromView(undefined));
    }
  }, [form, opened, wallet.data, wallet.isError, wallet.error, wallet.isFetching]);

  const choiceOf = (f: WalletChoiceForm): DataWalletChoice => ({
    amount: chosenAmount(f),
    customAmount: f.mode === 'custom',
    stopContinual: f.stopContinual,
  });

  async function submit(f: WalletChoiceForm) {
    const problem = problemOf(f);
    if (problem) return notifyFailure(problem);
    if (actionOf(f) === 'save') {
      const sure = await confirmAction({
        title: DATA_WALLET_SAVE_CONFIRM,
        message: DATA_WALLET_SAVE_CONFIRM_DETAIL,
        confirmLabel: 'Save',
      });
      if (!sure) return;
      try {
        notifySuccess((await save.mutateAsync(choiceOf(f))).message);
      } catch (error) {
        console.error('The Data Wallet settings were not saved', error);
        notifyFailure(failureMessage(error));
      }
      return onClose();
    }
    const sure = await confirmAction({
      title: DATA_WALLET_CHARGE_CONFIRM,
      message: dataWalletChargeConfirmDetail(formatUsdCents(chosenAmount(f))),
      confirmLabel: 'Top up',
    });
    if (!sure) return;
    try {
      const answer = await charge.mutateAsync({ ...choiceOf(f), requestId: newRequestId() });
      // Spec 2 §8: 'error' or 'failed' is a danger notice with its message; the modal closes anyway.
      if (answer.result === 'success') notifySuccess(answer.message);
      else notifyFailure(answer.message);
    } catch (error) {
      notifyFailure(failureMessage(error));
    }
    onClose();
  }

  /** Spec 2 §4, §5: stops or resumes continual top-up; with no amount chosen it does nothing. */
  async function switchContinual(f: WalletChoiceForm) {
    if (chosenAmount(f) <= 0) return;
    try {
      const answer = await continual.mutateAsync(!f.stopContinual);
      setForm({ ...f, stopContinual: answer.stop_continual === 'T' });
      notifySuccess(answer.message);
    } catch (error) {
      notifyFailure(failureMessage(error));
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Data Wallet" size="xl" data-testid="data-wallet-modal">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Text size="sm" c="dimmed">
              Balance
            </Text>
            <Title order={2} size="h3" data-testid="data-wallet-balance">
              {wallet.data
                ? formatUsdText(wallet.data.balance_amount)
                : wallet.isError
                  ? formatUsdCents(asCents(0))
                  : '…'}
            </Title>
          </div>
          {form && (
            <Button
              variant="default"
              disabled={busy || chosenAmount(form) <= 0}
              onClick={() => void switchContinual(form)}
              data-testid="data-wallet-continual"
            >
              {form.stopContinual ? DATA_WALLET_CONTINUAL_ON : DATA_WALLET_CONTINUAL_OFF}
            </Button>
          )}
        </Group>
        {wallet.data?.is_enable_topup_prepaid_direct_payment === 'F' && (
          <Alert color="yellow" variant="light">
            Add a credit card in Card Setting to top up your Data Wallet; at $0 you can still save your
            settings.
          </Alert>
        )}
        {form && (
          <>
            <WalletAmountPicker form={form} onChange={setForm} />
            <Text size="sm" c="dimmed">
              {form.stopContinual
                ? 'Continual top-up is stopped: the card is charged only when you top up.'
                : 'With continual top-up, your card is charged the chosen amount whenever the balance falls below 10% of it.'}
            </Text>
            <Group justify="flex-end">
              <Button loading={busy} onClick={() => void submit(form)} data-testid="data-wallet-submit">
                {actionOf(form) === 'save' ? 'Save' : `Top up ${formatUsdCents(chosenAmount(form))}`}
              </Button>
            </Group>
          </>
        )}
        <WalletHistory companyId={companyId} month={month} onMonth={setPicked} history={history} />
        <Group justify="flex-end">
          <AgreementDownload userId={userId} onClose={onClose} />
        </Group>
      </Stack>
    </Modal>
  );
}

/** The accepted billing agreement as a PDF, through its single-use link (decision 0034). */
function AgreementDownload({ userId, onClose }: { userId: number; onClose: () => void }) {
  const http = useHttp();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const { url } = await agreementDownloadLink(http, userId, 'service-billing-agreement');
      onClose();
      void navigate(url);
    } catch {
      notifyFailure(AGREEMENT_DOWNLOAD_FAILED);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconFileDownload size={18} aria-hidden />}
      loading={downloading}
      onClick={() => void download()}
      data-testid="data-wallet-agreement-download"
    >
      Download billing agreement
    </Button>
  );
}
