import type { SimplifiCampaignDetail } from '@app/contracts';
import { Badge, Table, Text } from '@mantine/core';
import { formatCreated } from '../../../components/data-list/data-table';
import { formatMoney } from '../simplifi-format';

type Charge = SimplifiCampaignDetail['charges'][number];

export const CHARGE_REASON_LABELS: Record<Charge['reason'], string> = {
  activation: 'Activation',
  renewal: 'Monthly renewal',
  raise: 'Daily budget raise',
};

const STATUS_COLORS: Record<Charge['status'], string> = { pending: 'yellow', paid: 'green', failed: 'red' };
const STATUS_LABELS: Record<Charge['status'], string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
};

/**
 * The campaign's budget charges from its details: when, why (activation, renewal, raise), the
 * period it bought, the amount and, for the agency's people, the platform's part of it.
 */
export function ChargesTable({
  charges,
  showPlatformPart,
}: {
  charges: Charge[];
  showPlatformPart: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped captionSide="top" data-testid="simplifi-charges">
        <Table.Caption>Budget charges of this campaign</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Period from</Table.Th>
            <Table.Th>Amount</Table.Th>
            {showPlatformPart && <Table.Th>Platform's part</Table.Th>}
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {charges.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={showPlatformPart ? 6 : 5}>
                <Text size="sm" c="dimmed">
                  No charge yet: the monthly budget is charged when the campaign is activated.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            charges.map((c) => (
              <Table.Tr
                key={`${c.created_at}-${c.reason}-${c.period_start}`}
                data-testid={`simplifi-charge-${c.reason}`}
              >
                <Table.Td>{formatCreated(c.created_at)}</Table.Td>
                <Table.Td>{CHARGE_REASON_LABELS[c.reason]}</Table.Td>
                <Table.Td>{c.period_start}</Table.Td>
                <Table.Td>{formatMoney(c.amount)}</Table.Td>
                {showPlatformPart && <Table.Td>{formatMoney(c.platform_amount)}</Table.Td>}
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLORS[c.status]}>
                    {STATUS_LABELS[c.status]}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
