import { Stack, Text, Title } from '@mantine/core';
import type { PartyRef } from '../../../api/billing';
import { PageLoader } from '../../../app/routing/page-loader';
import { BillingHistory } from '../../../components/billing-history/billing-history';
import { CardPaymentsPanel } from '../../../components/billing-history/card-payments-panel';
import { InvoicesPanel } from '../../../components/billing-history/invoices-panel';
import { useUserRoute } from '../shared/use-user-route';

/**
 * /user/billing-history (decision 0035): the signed-in party's own money. A sales person's is their
 * commission; everyone else's is their company's (for the system's staff, the system's own accounts).
 * An agency's or a client's page also lists its invoices (decision 0074); the system has none.
 */
export function BillingHistoryPage() {
  const route = useUserRoute();
  if (!route) return <PageLoader label="Loading billing history" />;
  const { user } = route;
  const party: PartyRef =
    user.user_type === 'sales' ? { type: 'user', id: user.id } : { type: 'company', id: user.company_id };
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Billing History</Title>
        <Text c="dimmed" size="sm">
          Every charge, payment, refund and fee recorded for your account, with the balance after each.
        </Text>
      </Stack>
      <BillingHistory key={`${party.type}-${party.id}`} party={party} />
      {party.type === 'company' && !user.rootcomp && <InvoicesPanel key={party.id} companyId={party.id} />}
      {party.type === 'company' && !user.rootcomp && (
        <CardPaymentsPanel key={`card-${party.id}`} companyId={party.id} />
      )}
    </Stack>
  );
}

export default BillingHistoryPage;
