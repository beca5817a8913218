import { AUDIENCE_STATUS_LABELS, type Audience } from '@app/contracts';
import { Badge, Checkbox, Loader, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { failureMessage } from '../../../api/http';
import { useSimplifiDetail, useUpdateSimplifiCampaign, useUserAudiences } from '../../../api/simplifi';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { notifyFailure, notifySuccess } from '../../../components/feedback/feedback';
import { usableAudiences, withTargeting } from '../campaign-audience-model';
import { formatCount } from '../simplifi-format';

const STATUS_COLORS: Record<Audience['status'], string> = {
  receiving: 'blue',
  processing: 'blue',
  ready: 'green',
  failed: 'red',
};

/**
 * The audiences a campaign targets (spec 2 §7 "Simplifi"; decision 0115): the agency's and the
 * campaign's client's customer lists (`/leadspeek/simplifi/audience/{user_id}`) with their size and
 * state; a ready one is targeted or no longer by saving the campaign's whole list of audiences
 * (`PUT /leadspeek/simplifi/{id}` with `audienceIds`). Uploads are on the Audiences page.
 */
export function CampaignAudiences({
  campaignId,
  clientId,
  ownCompanyId,
  userId,
  mayChange,
  audiencesPath,
}: {
  campaignId: number;
  /** Only the agency's own and this client's audiences can go on the client's campaign. */
  clientId: number;
  /** The viewer's own company (the agency): its audiences serve every client. */
  ownCompanyId: number;
  userId: number;
  mayChange: boolean;
  audiencesPath: string | null;
}) {
  const list = useUserAudiences(userId);
  const detail = useSimplifiDetail(campaignId);
  const update = useUpdateSimplifiCampaign();
  const targeted = detail.data?.data.audiences.map((a) => a.id) ?? [];
  const audiences = usableAudiences(list.data?.data.audiences ?? [], clientId, ownCompanyId);

  const toggle = (audience: Audience, on: boolean) =>
    update.mutate(
      { id: campaignId, body: { audienceIds: withTargeting(targeted, audience.id, on) } },
      {
        onSuccess: (answer) => notifySuccess(answer.message),
        onError: (error) => notifyFailure(failureMessage(error)),
      },
    );

  const failed = list.isError ? list : detail.isError ? detail : null;
  return (
    <Stack gap="sm" data-testid="simplifi-audiences">
      {failed && (
        <LoadFailure error={failed.error} onRetry={failed.refetch} testId="simplifi-audiences-error" />
      )}
      {(list.isPending || detail.isPending) && !failed && <Loader size="sm" aria-label="Loading audiences" />}
      {list.data && detail.data && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped captionSide="top">
            <Table.Caption>Audiences this campaign can target</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Target</Table.Th>
                <Table.Th>Audience</Table.Th>
                <Table.Th>People</Table.Th>
                <Table.Th>State</Table.Th>
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
                audiences.map((a) => {
                  const on = targeted.includes(a.id);
                  return (
                    <Table.Tr key={a.id} data-testid={`simplifi-audience-${a.id}`}>
                      <Table.Td>
                        <Checkbox
                          checked={on}
                          // Only a ready list can be sent to the ad platform; a targeted one can always go.
                          disabled={!mayChange || update.isPending || (!on && a.status !== 'ready')}
                          onChange={(event) => toggle(a, event.currentTarget.checked)}
                          aria-label={`Target ${a.name}`}
                          data-testid={`simplifi-target-${a.id}`}
                        />
                      </Table.Td>
                      <Table.Td>{a.name}</Table.Td>
                      <Table.Td>{formatCount(a.keys_stored)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={STATUS_COLORS[a.status]}>
                          {AUDIENCE_STATUS_LABELS[a.status]}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  );
                })
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
