import { Button, Group, Text } from '@mantine/core';
import { failureMessage } from '../../api/http';
import { FailureAlert } from '../feedback/outcome-alerts';

/** A read that failed: the server's message (or the generic one) and 'Try Again'. */
export function LoadFailure({
  error,
  onRetry,
  testId,
}: {
  error: unknown;
  onRetry: () => unknown;
  testId: string;
}) {
  return (
    <FailureAlert error={error} testId={testId}>
      <Group justify="space-between">
        <Text size="sm">{failureMessage(error)}</Text>
        <Button size="xs" variant="light" onClick={() => onRetry()}>
          Try Again
        </Button>
      </Group>
    </FailureAlert>
  );
}
