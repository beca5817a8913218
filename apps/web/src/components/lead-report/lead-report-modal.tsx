import { Modal } from '@mantine/core';
import { useState } from 'react';
import { LeadReportPanel, type LeadReportPanelProps } from './lead-report-panel';

/** The lead report in a modal (the campaign list's "lead report" action). */
export function LeadReportModal({
  opened,
  onClose,
  ...panel
}: LeadReportPanelProps & { opened: boolean; onClose: () => void }) {
  // Escape closes every open Mantine modal at once; while a lead's detail is open it closes only that.
  const [detailOpen, setDetailOpen] = useState(false);
  const title = panel.campaign
    ? `Lead report: ${panel.campaign.campaignName} (${panel.campaign.leadspeek_api_id})`
    : 'Lead report';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeOnEscape={!detailOpen}
      title={title}
      size="90rem"
      zIndex={300}
    >
      {opened && <LeadReportPanel {...panel} onDialogChange={setDetailOpen} />}
    </Modal>
  );
}
