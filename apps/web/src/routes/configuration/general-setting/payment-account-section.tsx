import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useSearchParams } from 'react-router';
import { useAgencyAccount, useAgencyAccountLink, useResetAgencyAccount } from '../../../api/payment-accounts';
import { DoneAlert, FailureAlert } from '../../../components/feedback/outcome-alerts';
import { AccountStateView } from '../../../components/payment-account/account-state-view';
import { useOnboardingReturn } from '../../../components/payment-account/use-onboarding-return';
import { NO_PERMISSION, QueryGate, type SectionProps } from './section-parts';

/**
 * The agency's connected payment account (spec 2 §2 General Setting, §3 Billing; decision 0033):
 * its state, connect (the account is opened and the person goes to the onboarding), continue an
 * onboarding left half-way or update an account whose charges or payouts are disabled, and reset.
 */
export function PaymentAccountSection({ user, companyID, canSave }: SectionProps) {
  const [params] = useSearchParams();
  const query = useAgencyAccount(companyID, user.idsys, params.has('connect'));
  const link = useAgencyAccountLink(companyID, user.idsys);
  const reset = useResetAgencyAccount(companyID);
  const { returned } = useOnboardingReturn(query.data);
  // Stripe is not connected in a stand-in's session: the person accepts Stripe's terms themselves.
  const mayConnect = canSave && !user.isViewMode;

  const go = async (kind: 'connect' | 'continue') => {
    const answer = await link.mutateAsync(kind).catch(() => null);
    if (answer) window.location.assign(answer.url);
  };
  const confirmReset = () =>
    modals.openConfirmModal({
      title: 'Reset payment account connection',
      children: (
        <Text size="sm">
          Are you sure you want to reset the connection? Your agency will need to connect a payment account
          again before adding clients.
        </Text>
      ),
      labels: { confirm: 'Reset connection', cancel: 'Keep it' },
      confirmProps: { color: 'red', 'data-testid': 'payment-account-reset-confirm' } as Record<
        string,
        unknown
      >,
      onConfirm: () => reset.mutate(),
    });

  return (
    <QueryGate query={query} label="Loading payment account" testId="payment-account-load-error">
      {query.data && (
        <Stack gap="md" align="flex-start">
          <Text size="sm" c="dimmed">
            Your clients pay into your connected Stripe account; you need one before adding clients.
          </Text>
          <AccountStateView state={query.data} />
          {returned && (query.data.status === 'pending' || query.data.status === 'inverification') && (
            <Text size="sm" data-testid="payment-account-updating">
              Welcome back: the account's state updates here as soon as Stripe reports it.
            </Text>
          )}
          {link.isError && <FailureAlert error={link.error} testId="payment-account-error" />}
          {reset.isError && <FailureAlert error={reset.error} testId="payment-account-reset-error" />}
          {reset.isSuccess && <DoneAlert testId="payment-account-reset-done">{reset.data.message}</DoneAlert>}
          {!canSave && <Text size="sm">{NO_PERMISSION}</Text>}
          <Group>
            {mayConnect && query.data.status === '' && (
              <Button
                onClick={() => go('connect')}
                loading={link.isPending}
                data-testid="payment-account-connect"
              >
                Connect your account
              </Button>
            )}
            {mayConnect && query.data.status !== '' && query.data.status !== 'failed' && (
              <Button
                variant={query.data.connected ? 'light' : 'filled'}
                onClick={() => go('continue')}
                loading={link.isPending}
                data-testid="payment-account-continue"
              >
                {query.data.status === 'completed' ? 'Update account' : 'Continue onboarding'}
              </Button>
            )}
            {canSave && query.data.status !== '' && (
              <Button
                color="red"
                variant="light"
                onClick={confirmReset}
                loading={reset.isPending}
                data-testid="payment-account-reset"
              >
                Reset connection
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </QueryGate>
  );
}
