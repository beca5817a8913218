import type { UserApiResponse } from '@app/contracts';
import {
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  List,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { apiExamples, SECRET_PLACEHOLDER } from './api-examples';

/**
 * The Open API's documentation on the Developer screen (decision 0100): how to authenticate, the
 * limits and conventions, copy-paste curl examples with the company's own client id (and its secret
 * while it is on screen), the OpenAPI document, and the last calls made with the key.
 */
export function ApiDocs(props: { state: UserApiResponse; clientId: string; secret: string | null }) {
  const { state } = props;
  const examples = apiExamples({ baseUrl: state.base_url, clientId: props.clientId, secret: props.secret });
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="api-docs-title">
      <Stack gap="md">
        <Title order={3} id="api-docs-title">
          Open API documentation
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>
            Exchange your client id and secret for a bearer token at{' '}
            <Code>POST {state.base_url}/oauth/token</Code> (grant type <Code>client_credentials</Code>, HTTP
            Basic or form fields). Tokens last 15 minutes.
          </List.Item>
          <List.Item>
            Resources: <Code>/campaigns</Code> (list, create, <Code>PATCH /campaigns/ID</Code>,{' '}
            <Code>POST /campaigns/ID/pause</Code>), <Code>/leads</Code> (oldest first; <Code>since</Code>,{' '}
            <Code>cursor</Code>), <Code>/suppression-entries</Code> and <Code>/webhook-endpoints</Code> (your
            webhook: create, <Code>PATCH</Code> and <Code>DELETE /webhook-endpoints/COMPANY_ID</Code>; a
            campaign's own URL at <Code>/campaigns/ID/webhook</Code>).
          </List.Item>
          <List.Item>
            Webhook deliveries are signed the Standard Webhooks way (<Code>webhook-id</Code>,{' '}
            <Code>webhook-timestamp</Code>, <Code>webhook-signature</Code>): verify them with any{' '}
            <Code>standardwebhooks</Code> library and the signing secret, which the endpoint's creation
            answers once.
          </List.Item>
          <List.Item>
            Every answer carries <Code>RateLimit-Limit</Code>, <Code>RateLimit-Remaining</Code> and{' '}
            <Code>RateLimit-Reset</Code>; a 429 carries <Code>Retry-After</Code>.
          </List.Item>
          <List.Item>
            Send an <Code>Idempotency-Key</Code> header with a POST: a retry with the same key gets the first
            answer instead of doing it twice.
          </List.Item>
          <List.Item>
            Errors are <Code>{'{"error": {"code", "message", "fields"}}'}</Code>.{' '}
            <Anchor href={`${state.base_url}/openapi.json`} target="_blank" rel="noreferrer">
              OpenAPI document
            </Anchor>
          </List.Item>
        </List>
        {props.secret === null && (
          <Text size="sm" c="dimmed">
            Replace {SECRET_PLACEHOLDER} with your client secret (it was shown once, when the key was made).
          </Text>
        )}
        {examples.map((example) => (
          <Stack key={example.id} gap={4}>
            <Group justify="space-between">
              <Text fw={600} size="sm">
                {example.title}
              </Text>
              <CopyButton value={example.command}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="subtle" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            {/* Focusable: a long line scrolls, and the keyboard must reach it too. */}
            <Code block tabIndex={0} aria-label={example.title} data-testid={`api-example-${example.id}`}>
              {example.command}
            </Code>
          </Stack>
        ))}
        <Title order={4}>Recent calls</Title>
        {state.recent_calls.length === 0 ? (
          <Text size="sm" c="dimmed">
            No calls yet.
          </Text>
        ) : (
          <Table striped withTableBorder data-testid="api-recent-calls">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Call</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Time</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.recent_calls.map((call) => (
                <Table.Tr key={call.id}>
                  <Table.Td>{new Date(call.at).toLocaleString('en-US')}</Table.Td>
                  <Table.Td>
                    {call.method} {call.route}
                  </Table.Td>
                  <Table.Td>{call.status}</Table.Td>
                  <Table.Td>{call.duration_ms} ms</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
