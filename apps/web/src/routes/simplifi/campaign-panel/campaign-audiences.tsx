import { AUDIENCE_STATUS_LABELS, type Audience } from '@app/contracts';
import { Badge, Loader, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useUserAudiences } from '../../../api/simplifi';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { formatCount } from '../simplifi-format';

const STATUS_COLORS: Record<Audience['status'], string> = {
  receiving: 'blue',
  processing: 'blue',
  ready: 'green',
  failed: 'red',
};

/**
 * The audiences a campaign can target (`/leadspeek/simplifi/audience/{user_id}`): the company's
 * customer lists with their size and state, and which of them this campaign targets.
 */
export function CampaignAudiences({
  campaignId,
  clientId,
  ownCompanyId,
  userId,
  audiencesPath,
}: {
  campaignId: number;
  /** Only the agency's own and this client's audiences can go on the client's campaign. */
  clientId: number;
  /** The viewer's own company (the agency): its audiences serve every client. */
  ownCompanyId: number;
  userId: number;
  audiencesPath: string | null;
}) {
  const list = useUserAudiences(userId);
  const audiences = (list.data?.data.audiences ?? []).filter(
    (a) => a.company_id === clientId || a.company_id === ownCompanyId,
  );
  return (
    <Stack gap="sm" data-testid="simplifi-audiences">
      {list.isError && (
        <LoadFailure error={list.error} onRetry={list.refetch} testId="simplifi-audiences-error" />
      )}
      {list.isPending && <Loader size="sm" aria-label="Loading audiences" />}
      {list.data && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped captionSide="top">
            <Table.Caption>Audiences this campaign can target</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Audience</Table.Th>
                <Table.Th>People</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>This campaign</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {audiences.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="dimmed">
                      No audience yet: without one the campaign shows its ads to anyone its bids win.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                audiences.map((a) => (
                  <Table.Tr key={a.id} data-testid={`simplifi-audience-${a.id}`}>
                    <Table.Td>{a.name}</Table.Td>
                    <Table.Td>{formatCount(a.keys_stored)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS_COLORS[a.status]}>
                        {AUDIENCE_STATUS_LABELS[a.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{a.campaigns.some((c) => c.id === campaignId) ? 'Targeted' : '–'}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {audiencesPath && (
        <Text size="sm">
          Upload customer lists on <Link to={audiencesPath}>Audiences</Link>.
        </Text>
      )}
    </Stack>
  );
}
