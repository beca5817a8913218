import type { SessionUser } from '@app/contracts';
import { Button, Group, Loader, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { DoneAlert, FailureAlert } from '../../../components/feedback/outcome-alerts';

export interface SectionProps {
  user: SessionUser;
  companyID: number;
  /** The session may change settings (the Settings update permission, spec 2 §6). */
  canSave: boolean;
  /** Settings create and delete permissions (adding and removing minimum-spend plans). */
  canCreate: boolean;
  canDelete: boolean;
}

export const NO_PERMISSION = 'Your role does not allow changing settings.';

/** Loading and failure of a section's read, with a retry. */
export function QueryGate({
  query,
  label,
  testId,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  label: string;
  testId: string;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <Group justify="center" p="lg">
        <Loader size="sm" aria-label={label} />
      </Group>
    );
  }
  if (query.isError) return <LoadFailure error={query.error} onRetry={query.refetch} testId={testId} />;
  return <>{children}</>;
}

/**
 * A section's Save button and its outcome: the server's answer, or the failure text a section got from
 * `placeServerErrors` (what did not land beside a field).
 */
export function SaveBar({
  canSave,
  saving,
  onSave,
  saved,
  failure,
  testId,
  label = 'Save',
  extra,
}: {
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
  saved: string | null;
  failure: string | null;
  testId: string;
  label?: string;
  extra?: ReactNode;
}) {
  const button = (
    <Button onClick={onSave} loading={saving} disabled={!canSave} data-testid={testId}>
      {label}
    </Button>
  );
  return (
    <>
      {failure !== null && (
        <FailureAlert error={null} testId={`${testId}-error`}>
          {failure}
        </FailureAlert>
      )}
      {saved && failure === null && <DoneAlert testId={`${testId}-done`}>{saved}</DoneAlert>}
      <Group justify="flex-end">
        {extra}
        {canSave ? (
          button
        ) : (
          <Tooltip label={NO_PERMISSION}>
            <span>{button}</span>
          </Tooltip>
        )}
      </Group>
    </>
  );
}
