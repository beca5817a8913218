import {
  type CampaignListRow,
  PREPAID_REFUND_TEXTS,
  type RefundEstimate,
  formatUsdText as usd,
} from '@app/contracts';
import { Button, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import {
  useCurrentTopUp,
  useRefundEstimate,
  useRefundTopUp,
  useRemainingLeads,
  useStopContinualTopUp,
} from '../../api/prepaid';
import { confirmAction, notifyFailure, notifySuccess } from '../../components/feedback/feedback';
import { DoneAlert, FailureAlert } from '../../components/feedback/outcome-alerts';
import { saveFailureText } from '../../components/user-form/user-form-model';
import { refundDestinationsText } from './campaign-format';

/**
 * A prepaid campaign's blocks (decision 0078): the leads left and the current block (from the lots),
 * continual top-up and its stop ('Stop Continual Topup', spec 2 §4), and — for the agency's people —
 * the refund of a stopped campaign's unused leads: the estimate, a confirmation, the result. What the
 * agency's Data Wallet paid goes back into it (decision 0087): a row and a note say so when it does.
 */
export function PrepaidPanel({
  row,
  mayStop,
  mayRefund,
  onClose,
}: {
  row: CampaignListRow;
  mayStop: boolean;
  mayRefund: boolean;
  onClose: () => void;
}) {
  const publicId = row.leadspeek_api_id;
  const current = useCurrentTopUp(publicId);
  const remaining = useRemainingLeads(publicId);
  const estimate = useRefundEstimate(publicId, mayRefund);
  const stop = useStopContinualTopUp(publicId);
  const refund = useRefundTopUp(publicId, row.clientID);

  async function stopContinual() {
    const sure = await confirmAction({
      title: 'Stop Continual Topup',
      message: 'Stop buying the next block of leads automatically when this campaign runs low?',
    });
    if (sure)
      stop.mutate(undefined, {
        onSuccess: (answer) => notifySuccess(answer.message),
        onError: (error) => notifyFailure(saveFailureText(error)),
      });
  }

  async function refundUnused(e: RefundEstimate) {
    const sure = await confirmAction({
      title: 'Refund unused leads',
      message: `${PREPAID_REFUND_TEXTS.confirm} ${refundDestinationsText(e)}`,
      confirmLabel: 'Refund',
      danger: true,
    });
    if (sure)
      refund.mutate(undefined, {
        onSuccess: (answer) => notifySuccess(answer.message),
        onError: (error) => notifyFailure(saveFailureText(error)),
      });
  }

  const c = current.data;
  return (
    <Modal opened onClose={onClose} title={`Prepaid leads — ${row.campaignName}`} size="lg">
      <Stack gap="sm" data-testid="prepaid-panel">
        {(current.isPending || remaining.isPending) && <Loader size="sm" />}
        {remaining.data && (
          <Text data-testid="prepaid-remaining">
            Leads left: <b>{remaining.data.remaining_balance_leads}</b>
          </Text>
        )}
        {c && (
          <Text size="sm" data-testid="prepaid-current">
            {c.current_topup
              ? `Current block: ${c.current_topup.leads} leads at ${usd(c.current_topup.client_price)} (${usd(c.current_topup.total)}); ${c.blocks_bought} block${c.blocks_bought === 1 ? '' : 's'} bought.`
              : 'No block bought yet.'}
          </Text>
        )}
        {c && (
          <Group justify="space-between">
            <Text size="sm" data-testid="prepaid-continual">
              {c.continual_topup === 'T' ? 'Continual Topup is on.' : 'Continual Topup is off.'}
            </Text>
            {mayStop && c.continual_topup === 'T' && (
              <Button
                size="xs"
                variant="light"
                color="orange"
                loading={stop.isPending}
                onClick={stopContinual}
              >
                Stop Continual Topup
              </Button>
            )}
          </Group>
        )}
        {mayRefund && (
          <RefundSection
            estimate={estimate.data}
            error={estimate.error}
            busy={refund.isPending}
            onRefund={refundUnused}
          />
        )}
        {refund.isSuccess && <DoneAlert testId="prepaid-refunded">{refund.data.message}</DoneAlert>}
        {refund.isError && <FailureAlert error={refund.error} testId="prepaid-refund-failed" />}
      </Stack>
    </Modal>
  );
}

function RefundSection({
  estimate,
  error,
  busy,
  onRefund,
}: {
  estimate: RefundEstimate | undefined;
  error: unknown;
  busy: boolean;
  onRefund: (e: RefundEstimate) => void;
}) {
  if (error) return <FailureAlert error={error} />;
  if (!estimate) return null;
  return (
    <Stack gap="xs" data-testid="prepaid-refund">
      <Title order={5}>Refund of unused leads</Title>
      {estimate.refusal ? (
        <Text size="sm" c="dimmed" data-testid="prepaid-refund-refusal">
          {estimate.refusal}
        </Text>
      ) : (
        <>
          <Table withRowBorders={false} data-testid="prepaid-refund-estimate">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>Unused leads</Table.Td>
                <Table.Td>{estimate.leads_left}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Back to the client's card</Table.Td>
                <Table.Td>{usd(estimate.client_refund)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Back to the agency's card</Table.Td>
                <Table.Td>{usd(estimate.agency_card_refund)}</Table.Td>
              </Table.Tr>
              {estimate.agency_wallet_refund !== '0' && (
                <Table.Tr>
                  <Table.Td>Back to the agency's Data Wallet</Table.Td>
                  <Table.Td>{usd(estimate.agency_wallet_refund)}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Td>Of which the platform's wholesale</Table.Td>
                <Table.Td>{usd(estimate.wholesale_back)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Of which your markup</Table.Td>
                <Table.Td>{usd(estimate.agency_markup_back)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {estimate.agency_wallet_refund !== '0' && (
            <Text size="sm" data-testid="prepaid-refund-wallet">
              {PREPAID_REFUND_TEXTS.walletCredit}
            </Text>
          )}
          <Group justify="flex-end">
            <Button color="red" loading={busy} onClick={() => onRefund(estimate)}>
              Refund unused leads
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
