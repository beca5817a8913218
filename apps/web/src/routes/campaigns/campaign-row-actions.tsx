import type { CampaignListRow, CampaignMoveResponse } from '@app/contracts';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconCode,
  IconCoins,
  IconDotsVertical,
  IconListDetails,
  IconMailOff,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useActivePause, useArchiveCampaign, useRemoveCampaign } from '../../api/campaigns';
import { confirmAction, notifyFailure } from '../../components/feedback/feedback';
import { saveFailureText } from '../../components/user-form/user-form-model';
import { rowMoves } from './campaign-format';

export interface RowPermissions {
  update: boolean;
  move: boolean;
  remove: boolean;
}

interface CampaignRowActionsProps {
  row: CampaignListRow;
  may: RowPermissions;
  /** Local campaigns have an embed code. */
  hasEmbed: boolean;
  onEdit: (row: CampaignListRow) => void;
  onEmbed: (row: CampaignListRow) => void;
  /** The campaign's leads, what each cost, and why others were refused. */
  onReport: (row: CampaignListRow) => void;
  /** A prepaid campaign's blocks: leads left, continual top-up, the refund. */
  onPrepaid: (row: CampaignListRow) => void;
  /** What a move answered (its text and, after an activation, the charge). */
  onMoved: (answer: CampaignMoveResponse) => void;
}

type Move = 'running' | 'paused' | 'stopped';

const MOVE_CONFIRM: Record<'activate' | 'pause' | 'resume' | 'stop', { title: string; text: string }> = {
  activate: {
    title: 'Activate campaign',
    text: 'Activate this campaign? What its payment term makes due at the start is charged now.',
  },
  pause: { title: 'Pause campaign', text: 'Pause this campaign? It takes no leads until it is resumed.' },
  resume: { title: 'Resume campaign', text: 'Resume this campaign?' },
  stop: {
    title: 'Stop campaign',
    text: 'Stop this campaign? Activating it again starts a new activation and its charge.',
  },
};

/**
 * A campaign row's actions: Edit, Embed code (local), Activate / Pause / Resume / Stop
 * (`PUT /leadspeek/client/activepause`), Archive / Unarchive and Remove, each move after a
 * confirmation; the server's text shows when it refuses (a 402 declined or missing card too).
 */
export function CampaignRowActions({
  row,
  may,
  hasEmbed,
  onEdit,
  onEmbed,
  onReport,
  onPrepaid,
  onMoved,
}: CampaignRowActionsProps) {
  const activePause = useActivePause();
  const archive = useArchiveCampaign();
  const remove = useRemoveCampaign();
  const moves = rowMoves(row);
  const busy = activePause.isPending || archive.isPending || remove.isPending;
  const failed = (error: unknown) => notifyFailure(saveFailureText(error));

  async function move(kind: keyof typeof MOVE_CONFIRM, status: Move) {
    const { title, text } = MOVE_CONFIRM[kind];
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
      message: `Remove ${row.campaignName}? Its leads and invoices are kept.`,
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
        {may.update && row.archived === 'F' && (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(row)}>
            Edit
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconListDetails size={16} />} onClick={() => onReport(row)}>
          Lead report
        </Menu.Item>
        {/* The campaign's own exclusion list (decision 0092): whoever changes the campaign keeps it. */}
        {may.update && (
          <Menu.Item
            leftSection={<IconMailOff size={16} />}
            component={Link}
            to={`/configuration/opt-out-list?campaign=${row.leadspeekID}`}
          >
            Exclusion list
          </Menu.Item>
        )}
        {row.PaymentTerm === 'Prepaid' && (
          <Menu.Item leftSection={<IconCoins size={16} />} onClick={() => onPrepaid(row)}>
            Prepaid leads
          </Menu.Item>
        )}
        {hasEmbed && (
          <Menu.Item leftSection={<IconCode size={16} />} onClick={() => onEmbed(row)}>
            Embed code
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
