import type { CampaignListRow, CampaignMoveResponse } from '@app/contracts';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconChartBar,
  IconDotsVertical,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconTrash,
} from '@tabler/icons-react';
import { useActivePause, useArchiveCampaign, useRemoveCampaign } from '../../api/campaigns';
import { confirmAction, notifyFailure } from '../../components/feedback/feedback';
import { saveFailureText } from '../../components/user-form/user-form-model';
import { rowMoves } from '../campaigns/campaign-format';
import type { RowPermissions } from '../campaigns/campaign-row-actions';

type Move = 'running' | 'paused' | 'stopped';

/** The confirmations of an ad campaign's moves: what each does to the ads and the budget. */
export const SIMPLIFI_MOVE_CONFIRM: Record<
  'activate' | 'pause' | 'resume' | 'stop',
  { title: string; text: string }
> = {
  activate: {
    title: 'Activate campaign',
    text: 'Activate this campaign? Its monthly budget is charged now, and its ads start on the ad platform.',
  },
  pause: { title: 'Pause campaign', text: 'Pause this campaign? Its ads stop showing until it is resumed.' },
  resume: { title: 'Resume campaign', text: 'Resume this campaign? Its ads show again within its budget.' },
  stop: {
    title: 'Stop campaign',
    text: "Stop this campaign? Its ads stop; what is left of this period's budget is refunded.",
  },
};

/**
 * A Simplifi row's actions: Report & budget, Edit, Activate / Pause / Resume / Stop (the lead
 * modules' `PUT /leadspeek/client/activepause`, the same state machine), Archive / Unarchive and
 * Remove, each after a confirmation; the server's text shows when it refuses.
 */
export function SimplifiRowActions({
  row,
  may,
  onOpen,
  onEdit,
  onMoved,
}: {
  row: CampaignListRow;
  may: RowPermissions;
  onOpen: (row: CampaignListRow) => void;
  onEdit: (row: CampaignListRow) => void;
  onMoved: (answer: CampaignMoveResponse) => void;
}) {
  const activePause = useActivePause();
  const archive = useArchiveCampaign();
  const remove = useRemoveCampaign();
  const moves = rowMoves(row);
  const busy = activePause.isPending || archive.isPending || remove.isPending;
  const failed = (error: unknown) => notifyFailure(saveFailureText(error));

  async function move(kind: keyof typeof SIMPLIFI_MOVE_CONFIRM, status: Move) {
    const { title, text } = SIMPLIFI_MOVE_CONFIRM[kind];
    if (!(await confirmAction({ title, message: text, danger: kind === 'stop' }))) return;
    activePause.mutate({ leadspeekID: row.leadspeekID, status }, { onSuccess: onMoved, onError: failed });
  }

  async function setArchived(archived: boolean) {
    if (archived && !(await confirmAction({ title: 'Archive campaign', message: 'Archive this campaign?' })))
      return;
    archive.mutate(
      { lpuserid: row.leadspeekID, status: archived ? 'T' : 'F' },
      { onSuccess: onMoved, onError: failed },
    );
  }

  async function removeCampaign() {
    const sure = await confirmAction({
      title: 'Remove campaign',
      message: `Remove ${row.campaignName}? Its stats and charges are kept.`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (sure) remove.mutate({ leadspeekID: row.leadspeekID }, { onSuccess: onMoved, onError: failed });
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          aria-label={`Actions for ${row.campaignName}`}
          loading={busy}
          data-testid={`campaign-actions-${row.leadspeek_api_id}`}
        >
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconChartBar size={16} />} onClick={() => onOpen(row)}>
          Report &amp; budget
        </Menu.Item>
        {may.update && row.archived === 'F' && (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(row)}>
            Edit
          </Menu.Item>
        )}
        {may.move && moves.activate && (
          <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={() => move('activate', 'running')}>
            Activate
          </Menu.Item>
        )}
        {may.move && moves.pause && (
          <Menu.Item leftSection={<IconPlayerPause size={16} />} onClick={() => move('pause', 'paused')}>
            Pause
          </Menu.Item>
        )}
        {may.move && moves.resume && (
          <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={() => move('resume', 'running')}>
            Resume
          </Menu.Item>
        )}
        {may.move && moves.stop && (
          <Menu.Item leftSection={<IconPlayerStop size={16} />} onClick={() => move('stop', 'stopped')}>
            Stop
          </Menu.Item>
        )}
        {may.move && moves.archive && (
          <Menu.Item leftSection={<IconArchive size={16} />} onClick={() => setArchived(true)}>
            Archive
          </Menu.Item>
        )}
        {may.move && moves.unarchive && (
          <Menu.Item leftSection={<IconArchiveOff size={16} />} onClick={() => setArchived(false)}>
            Unarchive
          </Menu.Item>
        )}
        {may.remove && moves.remove && (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={removeCampaign}>
            Remove
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
