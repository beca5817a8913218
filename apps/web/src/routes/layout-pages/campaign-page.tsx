import { SimplifiCampaigns } from '../simplifi/simplifi-campaigns';
import { LayoutPageFrame } from './layout-page-frame';

/**
 * /campaign: the ad platform's campaign list, the same screen as `{simplifi url}/campaign-management`
 * (filters, figures, moves, report, budget, the wizard) under the layout's own title.
 */
export function CampaignPage() {
  return (
    <LayoutPageFrame label="Loading campaigns">
      {(screen) => <SimplifiCampaigns screen={screen} title={`${screen.moduleName} Campaigns`} />}
    </LayoutPageFrame>
  );
}

export default CampaignPage;
