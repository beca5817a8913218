import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { failureMessage } from '../../api/http';

/** A request that failed, in place: the server's message (or the generic one) unless `children` say more. */
export function FailureAlert({
  error,
  testId,
  children,
}: {
  error: unknown;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert" data-testid={testId}>
      {children ?? failureMessage(error)}
    </Alert>
  );
}

/** A change that went through, in place: the server's answer. */
export function DoneAlert({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <Alert color="green" variant="light" icon={<IconCheck />} role="status" data-testid={testId}>
      {children}
    </Alert>
  );
}
