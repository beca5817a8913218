import type { Audience } from '@app/contracts';
import { Badge, Button, Progress, Stack, Table, Text } from '@mantine/core';
import { audienceRowView } from './audience-page-model';

/** The audiences with their state, size, what was read and which campaigns use them. */
export function AudienceTable({
  audiences,
  showOwner,
  mayDelete,
  onDelete,
}: {
  audiences: readonly Audience[];
  showOwner: boolean;
  mayDelete: boolean;
  onDelete: (audience: Audience) => void;
}) {
  const columns = 5 + (showOwner ? 1 : 0) + (mayDelete ? 1 : 0);
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped data-testid="audience-table">
        <Table.Caption>Audiences and where their keys stand</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Audience</Table.Th>
            {showOwner && <Table.Th>Whose</Table.Th>}
            <Table.Th>Status</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>File</Table.Th>
            <Table.Th>Used by</Table.Th>
            {mayDelete && <Table.Th aria-label="Actions" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {audiences.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text size="sm" c="dimmed">
                  No audience yet. Upload a CSV of your customers to target them (or people like them).
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            audiences.map((a) => (
              <AudienceRow
                key={a.id}
                audience={a}
                showOwner={showOwner}
                mayDelete={mayDelete}
                onDelete={onDelete}
              />
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AudienceRow({
  audience: a,
  showOwner,
  mayDelete,
  onDelete,
}: {
  audience: Audience;
  showOwner: boolean;
  mayDelete: boolean;
  onDelete: (audience: Audience) => void;
}) {
  const view = audienceRowView(a);
  return (
    <Table.Tr data-testid={`audience-row-${a.id}`} data-status={a.status}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {a.name}
        </Text>
        <Text size="xs" c="dimmed">
          {a.kind === 'email' ? 'E-mail addresses' : 'MD5 hashes'}
          {a.uploaded_by ? ` · by ${a.uploaded_by}` : ''} ·{' '}
          {new Date(a.created_at).toLocaleDateString('en-US')}
        </Text>
      </Table.Td>
      {showOwner && <Table.Td>{a.company_name}</Table.Td>}
      <Table.Td>
        <Stack gap={4}>
          <Badge color={view.color} variant="light" data-testid={`audience-status-${a.id}`}>
            {view.status}
          </Badge>
          {view.progress !== null && (
            <Progress
              value={view.progress}
              size="sm"
              animated
              aria-label={`${a.name}: keys stored`}
              data-testid={`audience-progress-${a.id}`}
              data-percentage={view.progress}
            />
          )}
          {a.error && (
            <Text size="xs" c="red">
              {a.error}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td data-testid={`audience-size-${a.id}`}>{view.size}</Table.Td>
      <Table.Td>
        <Text size="xs">{a.filename}</Text>
        <Text size="xs" c="dimmed">
          {view.detail}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs">{view.usedBy || '—'}</Text>
      </Table.Td>
      {mayDelete && (
        <Table.Td>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            disabled={!view.deletable}
            title={view.deletable ? undefined : 'Remove it from its campaigns first'}
            onClick={() => onDelete(a)}
            data-testid={`audience-delete-${a.id}`}
          >
            Delete
          </Button>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
