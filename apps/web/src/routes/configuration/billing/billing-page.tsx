import { Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { type BillingParty, useBillingParties } from '../../../api/billing';
import { BillingHistory } from '../../../components/billing-history/billing-history';
import { InvoicesPanel } from '../../../components/billing-history/invoices-panel';
import { LoadFailure } from '../../../components/data-list/load-failure';

const GROUPS: Record<BillingParty['kind'], string> = {
  system: 'System',
  agency: 'Agencies',
  client: 'Clients',
  person: 'People',
};

const keyOf = (party: Pick<BillingParty, 'type' | 'id'>) => `${party.type}-${party.id}`;

/**
 * /configuration/billing (decision 0035): the system's own money (revenue, application fees, refunds,
 * what the gateway holds) and, through the picker, the billing history of any party of the system
 * that has ledger accounts; an agency's or a client's invoices below its history (decision 0074).
 */
export function BillingPage() {
  const parties = useBillingParties(true);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = parties.data?.parties ?? [];
  const party = list.find((p) => keyOf(p) === chosen) ?? list[0];
  const data = (Object.keys(GROUPS) as BillingParty['kind'][])
    .map((kind) => ({
      group: GROUPS[kind],
      items: list.filter((p) => p.kind === kind).map((p) => ({ value: keyOf(p), label: p.name })),
    }))
    .filter((group) => group.items.length > 0);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Billing</Title>
        <Text c="dimmed" size="sm">
          The system's money and every party's billing history, as recorded in the ledger.
        </Text>
      </Stack>
      {parties.isError && (
        <LoadFailure error={parties.error} onRetry={parties.refetch} testId="billing-parties-error" />
      )}
      <Select
        label="Party"
        data={data}
        value={party ? keyOf(party) : null}
        onChange={setChosen}
        searchable
        allowDeselect={false}
        nothingFoundMessage="No party with that name"
        placeholder={parties.isPending ? 'Loading parties' : 'No parties'}
        maw={420}
        data-testid="billing-party"
      />
      {/* Each keyed by the party (a new party starts afresh), and apart: two siblings with one key
          made React keep the previous party's history beside the new one. */}
      {party && <BillingHistory key={`history-${keyOf(party)}`} party={{ type: party.type, id: party.id }} />}
      {party && (party.kind === 'agency' || party.kind === 'client') && (
        <InvoicesPanel key={`invoices-${keyOf(party)}`} companyId={party.id} />
      )}
    </Stack>
  );
}

export default BillingPage;
