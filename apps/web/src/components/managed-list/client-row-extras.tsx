import type { AgencyRowAction } from '@app/policy';
import type { ManagedNode } from '../../api/agency-list';
import { LogsRowIcon, PaymentFailedIcon, SwitchUserIcon } from './row-icons';

interface ClientRowExtrasProps {
  node: ManagedNode;
  /** The icons this viewer may see on the row (spec 2 §6). */
  actions: ReadonlySet<AgencyRowAction>;
  onLogs: (node: ManagedNode) => void;
  onSwitch: (node: ManagedNode) => void;
  /** User id being switched to, while a switch runs. */
  switchingId: number | null;
}

/** A client row's icons after edit and delete: user logs, payment failed, switch to user. */
export function ClientRowExtras({ node, actions, onLogs, onSwitch, switchingId }: ClientRowExtrasProps) {
  const name = node.company_name || node.name;
  return (
    <>
      {actions.has('user-logs') && (
        <LogsRowIcon name={name} testId={`user-logs-${node.company_id}`} onOpen={() => onLogs(node)} />
      )}
      {actions.has('payment-failed') && (
        <PaymentFailedIcon node={node} testId={`payment-failed-${node.company_id}`} />
      )}
      {actions.has('switch-user') && (
        <SwitchUserIcon
          name={name}
          testId={`switch-user-${node.id}`}
          switching={switchingId === node.id}
          busy={switchingId !== null}
          onSwitch={() => onSwitch(node)}
        />
      )}
    </>
  );
}
