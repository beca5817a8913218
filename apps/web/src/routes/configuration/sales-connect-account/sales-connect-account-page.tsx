import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useSalesAccount, useSalesAccountLink } from '../../../api/payment-accounts';
import { useCurrentRoute } from '../../../app/routing/current-route';
import { PageLoader } from '../../../app/routing/page-loader';
import { FailureAlert } from '../../../components/feedback/outcome-alerts';
import { AccountStateView } from '../../../components/payment-account/account-state-view';
import { useOnboardingReturn } from '../../../components/payment-account/use-onboarding-return';
import { QueryGate } from '../general-setting/section-parts';
import { ReferralLinkPanel } from './referral-link-panel';

/**
 * /configuration/sales-connect-account (spec 2 §2: sales only, connect a payment account): the sales
 * person's own connected account, where commissions are paid (decision 0033), and their referral
 * link. Sales staff are sent here until the account is active (spec 1 §2.4 rule 6).
 */
export function SalesConnectAccountPage() {
  const user = useCurrentRoute()?.ctx.user ?? null;
  if (!user) return <PageLoader label="Loading your payment account" />;
  return <SalesAccount userID={user.id} idsys={user.idsys} viewMode={user.isViewMode} />;
}

function SalesAccount({ userID, idsys, viewMode }: { userID: number; idsys: number; viewMode: boolean }) {
  const [params] = useSearchParams();
  const query = useSalesAccount(userID, idsys, params.has('connect'));
  const link = useSalesAccountLink(userID, idsys);
  useOnboardingReturn(query.data);
  const go = async () => {
    const answer = await link.mutateAsync().catch(() => null);
    if (answer) window.location.assign(answer.url);
  };
  const status = query.data?.status;

  return (
    <Stack gap="md">
      <Title order={2}>Connect Account</Title>
      <Paper withBorder p="lg">
        <QueryGate query={query} label="Loading your payment account" testId="sales-account-load-error">
          {query.data && (
            <Stack gap="md" align="flex-start">
              <Text size="sm" c="dimmed">
                Your commissions are paid to your connected Stripe account.
              </Text>
              <AccountStateView state={query.data} />
              {link.isError && <FailureAlert error={link.error} testId="sales-account-error" />}
              {!viewMode && status !== 'failed' && (
                <Button onClick={go} loading={link.isPending} data-testid="sales-account-connect">
                  {status === ''
                    ? 'Connect your account'
                    : status === 'completed'
                      ? 'Update account'
                      : 'Continue onboarding'}
                </Button>
              )}
              {status === 'failed' && (
                <Text size="sm">
                  The account was not accepted. Please contact support to connect another one.
                </Text>
              )}
            </Stack>
          )}
        </QueryGate>
      </Paper>
      <ReferralLinkPanel userID={userID} />
    </Stack>
  );
}

export default SalesConnectAccountPage;
