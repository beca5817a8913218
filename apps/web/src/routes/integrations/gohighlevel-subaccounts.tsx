import type { GhlSubaccount, ProviderView } from '@app/contracts';
import { isAgencyStaff } from '@app/policy';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLink, IconLinkOff, IconUserPlus } from '@tabler/icons-react';
import {
  useAddMenuLink,
  useCreateClientFromSubaccount,
  useGhlSubaccounts,
  useRemoveMenuLink,
} from '../../api/gohighlevel';
import { readFailed } from '../../api/integrations';
import { useSessionPermissions } from '../../api/roles';
import { type DataColumn, DataTable } from '../../components/data-list/data-table';
import { confirmAction } from '../../components/feedback/feedback';
import { noticeDone, noticeFailed } from './integration-feedback';
import { isConnected } from './integration-model';

/**
 * Shown on the GoHighLevel page of an agency whose people may change its integrations, once
 * connected; nothing anywhere else.
 */
export function GoHighLevelAgencySection({
  companyId,
  provider,
}: {
  companyId: number;
  provider: ProviderView;
}) {
  const permissions = useSessionPermissions();
  const shown =
    provider.slug === 'gohighlevel' &&
    isConnected(provider.connection) &&
    permissions.actor !== null &&
    isAgencyStaff(permissions.actor) &&
    permissions.may('integrations.manage');
  if (!shown) return null;
  return <GoHighLevelSubaccounts companyId={companyId} canCreateClients={permissions.may('users.create')} />;
}

/**
 * An agency's GoHighLevel sub-accounts (decision 0109), on the GoHighLevel page once connected:
 * each one's client, "Create client" (the sub-account becomes a client of the agency, invited by
 * e-mail, its leads sent into that sub-account), and the menu link opening the client's dashboard
 * inside GoHighLevel ("Add menu link" / "Remove menu link").
 */
export function GoHighLevelSubaccounts({
  companyId,
  canCreateClients,
}: {
  companyId: number;
  canCreateClients: boolean;
}) {
  const list = useGhlSubaccounts(companyId, true);
  const create = useCreateClientFromSubaccount(companyId);
  const addLink = useAddMenuLink(companyId);
  const removeLink = useRemoveMenuLink(companyId);
  const busy = create.isPending || addLink.isPending || removeLink.isPending;

  const makeClient = async (row: GhlSubaccount) => {
    const yes = await confirmAction({
      title: 'Create client',
      message: `${row.name} becomes a client of your agency, with the sub-account's name, contact, e-mail and phone; the contact is invited by e-mail. Its leads are sent into this sub-account.`,
      confirmLabel: 'Create client',
    });
    if (!yes) return;
    create.mutate(row.id, {
      onSuccess: (answer) => noticeDone(answer.message),
      onError: (error) => noticeFailed(error, 'Create client'),
    });
  };
  const add = (clientId: number) =>
    addLink.mutate(clientId, {
      onSuccess: (answer) => noticeDone(answer.message),
      onError: (error) => noticeFailed(error, 'Add menu link'),
    });
  const remove = async (row: GhlSubaccount, clientId: number) => {
    const yes = await confirmAction({
      title: 'Remove menu link',
      message: `The link to the client's dashboard is removed from the menu of ${row.name} in GoHighLevel.`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (!yes) return;
    removeLink.mutate(clientId, {
      onSuccess: (answer) => noticeDone(answer.message),
      onError: (error) => noticeFailed(error, 'Remove menu link'),
    });
  };

  const columns: DataColumn<GhlSubaccount>[] = [
    { id: 'name', label: 'Sub-account', render: (row) => row.name },
    {
      id: 'client',
      label: 'Client',
      render: (row) =>
        row.client ? (
          row.client.name
        ) : (
          <Text size="sm" c="dimmed" span>
            Not a client yet
          </Text>
        ),
    },
    {
      id: 'actions',
      label: 'Actions',
      render: (row) => {
        const client = row.client;
        return (
          <Group gap="xs" wrap="nowrap">
            {!client && canCreateClients && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconUserPlus size={14} aria-hidden />}
                disabled={busy}
                onClick={() => void makeClient(row)}
                data-testid={`ghl-create-client-${row.id}`}
              >
                Create client
              </Button>
            )}
            {client && !row.menu_link_id && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconLink size={14} aria-hidden />}
                disabled={busy}
                onClick={() => add(client.company_id)}
                data-testid={`ghl-add-menu-link-${row.id}`}
              >
                Add menu link
              </Button>
            )}
            {client && row.menu_link_id && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconLinkOff size={14} aria-hidden />}
                disabled={busy}
                onClick={() => void remove(row, client.company_id)}
                data-testid={`ghl-remove-menu-link-${row.id}`}
              >
                Remove menu link
              </Button>
            )}
          </Group>
        );
      },
    },
  ];

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="ghl-subaccounts-title">
      <Stack gap="sm" data-testid="ghl-subaccounts">
        <Title order={3} size="h4" id="ghl-subaccounts-title">
          Sub-accounts
        </Title>
        <Text size="sm" c="dimmed">
          Make a sub-account a client of your agency: its leads go into that sub-account. A menu link opens
          the client's dashboard inside GoHighLevel (the client signs in there once).
        </Text>
        <DataTable
          columns={columns}
          rows={list.data?.data}
          rowKey={(row) => row.id}
          loading={list.isPending}
          emptyText={
            readFailed(list.data)
              ? 'The sub-accounts could not be read from GoHighLevel.'
              : 'GoHighLevel lists no sub-accounts for this connection.'
          }
          testIdPrefix="ghl-subaccount"
          rowTestId={(row) => `ghl-subaccount-${row.id}`}
          caption="GoHighLevel sub-accounts"
          captionHidden
          dense
        />
      </Stack>
    </Paper>
  );
}
