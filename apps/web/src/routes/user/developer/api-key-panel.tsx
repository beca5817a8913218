import type { UserApiCreatedResponse, UserApiResponse } from '@app/contracts';
import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useMakeApiKey, useRevokeApiKey } from '../../../api/developer';
import { failureMessage } from '../../../api/http';
import { confirmAction, notifyFailure, notifySuccess } from '../../../components/feedback/feedback';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

/** What the enabling confirmation says of the one-time fee (spec 2 §5). */
function feeText(state: UserApiResponse): string {
  if (state.fee_paid || state.first_time_charge === null) return 'No fee is charged for this key.';
  return `The one-time developer fee of $${state.first_time_charge} is charged to your card now.`;
}

/**
 * The company's key (decision 0100): create it (the fee's confirmation first), rotate it (the old
 * one stops at once), revoke it; a new secret is shown once, with its copy button.
 */
export function ApiKeyPanel(props: {
  companyId: number;
  email: string;
  state: UserApiResponse;
  made: UserApiCreatedResponse | null;
  onMade: (made: UserApiCreatedResponse | null) => void;
}) {
  const { state } = props;
  const make = useMakeApiKey(props.companyId);
  const revoke = useRevokeApiKey(props.companyId);

  async function create(rotate: boolean) {
    const sure = await confirmAction(
      rotate
        ? {
            title: 'Rotate the API key?',
            message:
              'A new client id and secret are made; the current key and its tokens stop working at once.',
            confirmLabel: 'Rotate key',
          }
        : { title: 'Create an API key?', message: feeText(state), confirmLabel: 'Create key' },
    );
    if (!sure) return;
    try {
      props.onMade(await make.mutateAsync({ rotate, email: props.email }));
    } catch (failure) {
      notifyFailure(failureMessage(failure));
    }
  }

  async function revokeKey() {
    const sure = await confirmAction({
      title: 'Revoke the API key?',
      message: 'Every call made with this key is refused from now on. You can create a new key later.',
      confirmLabel: 'Revoke key',
      danger: true,
    });
    if (!sure) return;
    try {
      notifySuccess((await revoke.mutateAsync()).message);
      props.onMade(null);
    } catch (failure) {
      notifyFailure(failureMessage(failure));
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="api-key-title">
      <Stack gap="md">
        <Title order={3} id="api-key-title">
          API key
        </Title>
        {props.made && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconKey />}
            title="Your client secret"
            data-testid="api-secret-once"
          >
            <Stack gap="xs">
              <Text size="sm">{props.made.message}</Text>
              <Group gap="xs">
                <Code data-testid="api-secret">{props.made.secret_key}</Code>
                <CopyButton value={props.made.secret_key}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {copied ? 'Copied' : 'Copy secret'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Alert>
        )}
        {state.key ? (
          <>
            <Table variant="vertical" withTableBorder data-testid="api-key">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={160}>Client ID</Table.Th>
                  <Table.Td>
                    <Code data-testid="api-client-id">{state.key.client_id}</Code>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Secret</Table.Th>
                  <Table.Td>…{state.key.secret_hint}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Base URL</Table.Th>
                  <Table.Td>
                    <Code>{state.base_url}</Code>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  {/* What the key may do; a key made before a scope existed lacks it until rotated. */}
                  <Table.Th>Scopes</Table.Th>
                  <Table.Td data-testid="api-key-scopes">{state.key.scopes.join(', ')}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Created</Table.Th>
                  <Table.Td>{when(state.key.created_at)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Last used</Table.Th>
                  <Table.Td>{when(state.key.last_used_at)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Group>
              <Button variant="default" loading={make.isPending} onClick={() => void create(true)}>
                Rotate key
              </Button>
              <Button color="red" variant="light" loading={revoke.isPending} onClick={() => void revokeKey()}>
                Revoke key
              </Button>
            </Group>
          </>
        ) : (
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Your company has no API key. {state.first_time_charge && !state.fee_paid ? feeText(state) : ''}
            </Text>
            <Button data-testid="api-key-create" loading={make.isPending} onClick={() => void create(false)}>
              Create API key
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
