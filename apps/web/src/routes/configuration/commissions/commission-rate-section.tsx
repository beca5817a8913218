import { COMMISSION_RATE_TEXTS, parseCommissionRate } from '@app/contracts';
import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useCommissionRate, useSetCommissionRate } from '../../../api/commissions';
import { ApiRequestError, failureMessage } from '../../../api/http';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { notifySuccess } from '../../../components/feedback/feedback';

/**
 * The system's sales commission rate (decision 0089): what it is, its latest changes, and — for an
 * owner with the Settings switch — a field to change it. The rule of the field is the server's
 * (`parseCommissionRate`), checked before sending; the server's text is shown if it refuses.
 */
export function CommissionRateSection({ canEdit }: { canEdit: boolean }) {
  const rate = useCommissionRate(true);
  const save = useSetCommissionRate();
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (rate.isError)
    return <LoadFailure error={rate.error} onRetry={rate.refetch} testId="commission-rate-error" />;
  const current = rate.data;
  const value = typed ?? current?.rate_percent ?? '';

  function submit() {
    const parsed = parseCommissionRate(value);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    save.mutate(
      { rate: value },
      {
        onSuccess: (answer) => {
          setTyped(null);
          notifySuccess(answer.message ?? COMMISSION_RATE_TEXTS.saved);
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiRequestError && failure.fields?.rate
              ? failure.fields.rate
              : failureMessage(failure),
          ),
      },
    );
  }

  return (
    <Paper withBorder p="md" data-testid="commission-rate">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={3}>Commission rate</Title>
          <Text fw={700} size="xl" data-testid="commission-rate-now">
            {current ? `${current.rate_percent} %` : '…'}
          </Text>
        </Group>
        <Text size="sm">
          Each sales person linked to an agency earns this share of the wholesale the platform collects from
          that agency: campaign card charges and Data Wallet payments for campaigns (not onboarding fees,
          wallet top-ups or minimum-spend shortfalls).
          {current?.is_default
            ? ` This system has not set a rate: the default of ${current.default_percent} % applies.`
            : ''}
        </Text>
        {canEdit ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
            data-testid="commission-rate-form"
          >
            <Group align="flex-start" gap="sm">
              <TextInput
                label="New rate (%)"
                description={`${COMMISSION_RATE_TEXTS.appliesFrom} From 0 % to ${current?.max_percent ?? '50'} %, at most two decimals.`}
                inputMode="decimal"
                maxLength={8}
                value={value}
                onChange={(event) => {
                  setTyped(event.currentTarget.value);
                  setError(null);
                }}
                error={error}
                style={{ flex: 1, maxWidth: 420 }}
                data-testid="commission-rate-input"
              />
              <Button type="submit" mt={24} loading={save.isPending} data-testid="commission-rate-save">
                Save rate
              </Button>
            </Group>
          </form>
        ) : (
          <Text size="sm" c="dimmed" data-testid="commission-rate-readonly">
            Changing the rate needs the Settings switch of your role.
          </Text>
        )}
        {current && current.changes.length > 0 && (
          <Table data-testid="commission-rate-changes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Rate</Table.Th>
                <Table.Th>For money collected from</Table.Th>
                <Table.Th>Set by</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {current.changes.map((change) => (
                <Table.Tr key={`${change.effective_from}-${change.rate_bps}`}>
                  <Table.Td>{change.rate_percent} %</Table.Td>
                  <Table.Td>
                    {new Date(change.effective_from).toLocaleString('en-US', { timeZone: 'UTC' })} UTC
                  </Table.Td>
                  <Table.Td>{change.changed_by ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
