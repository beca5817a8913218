import type { ManagedNode } from '@app/contracts';
import { ActionIcon, type MantineColor, Tooltip } from '@mantine/core';
import { IconHistory, IconMailForward, IconPencil, IconTrash, IconUserShare } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { failureMessage } from '../../api/http';
import { useRemoveUser, useResendInvitation } from '../../api/user-management';
import { confirmAction, notifyFailure, notifySuccess } from '../feedback/feedback';

interface RowIconProps {
  label: string;
  testId: string;
  icon: ReactNode;
  onClick: () => void;
  color?: MantineColor;
  loading?: boolean;
  disabled?: boolean;
  pressed?: boolean;
  /** Extra state for tests and assistive tech, e.g. data-state="excluded". */
  state?: string;
}

/** One row action: an icon button with its name as tooltip and accessible label. */
export function RowIcon({
  label,
  testId,
  icon,
  onClick,
  color,
  loading,
  disabled,
  pressed,
  state,
}: RowIconProps) {
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon
        variant="subtle"
        color={color}
        aria-label={label}
        aria-pressed={pressed}
        data-testid={testId}
        data-state={state}
        loading={loading}
        disabled={disabled}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

export function EditRowIcon({
  name,
  testId,
  open,
  onToggle,
}: {
  name: string;
  testId: string;
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <RowIcon
      label={open ? `Close the form of ${name}` : `Edit ${name}`}
      testId={testId}
      icon={<IconPencil size={18} aria-hidden />}
      pressed={open}
      onClick={onToggle}
    />
  );
}

/**
 * Delete with a confirmation (spec 2 §2, §8 'Deleted!'). `companyID` is the node's parent company
 * (its own company for staff), as `DELETE /configuration/user/remove/{companyID}/{userID}` wants it.
 */
export function DeleteRowIcon({
  node,
  name,
  companyID,
  testId,
}: {
  node: ManagedNode;
  name: string;
  companyID: number;
  testId: string;
}) {
  const remove = useRemoveUser();
  const onClick = async () => {
    const sure = await confirmAction({
      title: 'Are you sure?',
      message: `${name} will be deleted. This cannot be undone.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!sure) return;
    remove.mutate(
      { companyID, userID: node.id },
      {
        onSuccess: (answer) => notifySuccess(answer.data.message),
        onError: (error) => notifyFailure(failureMessage(error)),
      },
    );
  };
  return (
    <RowIcon
      label={`Delete ${name}`}
      testId={testId}
      color="red"
      icon={<IconTrash size={18} aria-hidden />}
      loading={remove.isPending}
      onClick={() => void onClick()}
    />
  );
}

/** Resend invitation, for people who have not set a password yet (status invited). */
export function ResendInvitationIcon({ node, testId }: { node: ManagedNode; testId: string }) {
  const resend = useResendInvitation();
  return (
    <RowIcon
      label={`Resend the invitation to ${node.email}`}
      testId={testId}
      icon={<IconMailForward size={18} aria-hidden />}
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(node.id, {
          onSuccess: (answer) => notifySuccess(answer.message),
          onError: (error) => notifyFailure(failureMessage(error)),
        })
      }
    />
  );
}

/** Switch to user (view mode, spec 2 §2). */
export function SwitchUserIcon({
  name,
  testId,
  switching,
  busy,
  onSwitch,
}: {
  name: string;
  testId: string;
  switching: boolean;
  /** Another switch is running. */
  busy: boolean;
  onSwitch: () => void;
}) {
  return (
    <RowIcon
      label={`Switch to ${name}`}
      testId={testId}
      icon={<IconUserShare size={18} aria-hidden />}
      loading={switching}
      disabled={busy && !switching}
      onClick={onSwitch}
    />
  );
}

/** User logs of a row's company (spec 2 §2 Agency User's Logs). */
export function LogsRowIcon({ name, testId, onOpen }: { name: string; testId: string; onOpen: () => void }) {
  return (
    <RowIcon
      label={`User logs of ${name}`}
      testId={testId}
      icon={<IconHistory size={18} aria-hidden />}
      onClick={onOpen}
    />
  );
}

export { PaymentFailedIcon } from './payment-failed-modal';
