import { Modal } from '@mantine/core';
import { LeadReportPanel, type LeadReportPanelProps } from './lead-report-panel';

/** The lead report in a modal (the campaign list's "lead report" action). */
export function LeadReportModal({
  opened,
  onClose,
  ...panel
}: LeadReportPanelProps & { opened: boolean; onClose: () => void }) {
  const title = panel.campaign
    ? `Lead report: ${panel.campaign.campaignName} (${panel.campaign.leadspeek_api_id})`
    : 'Lead report';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={title}
      size="90rem"
      zIndex={300}
    >
      {opened && <LeadReportPanel {...panel} />}
    </Modal>
  );
}
