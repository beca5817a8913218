import type { SessionUser } from '@app/contracts';
import type { PolicyContext } from '@app/policy';
import { Alert } from '@mantine/core';
import { SimplifiCampaigns } from './simplifi-campaigns';
import { useSimplifiScreen } from './use-simplifi-screen';

/**
 * `{simplifi url}/campaign-management` (spec 1 §2.3: the ad platform has only campaign management):
 * the agency's or the client's Simplifi campaigns under the module's own name. The guard has already
 * sent system users to Agency List and kept out whoever may not open the module.
 */
export function SimplifiCampaignManagement({ user, ctx }: { user: SessionUser; ctx: PolicyContext }) {
  const screen = useSimplifiScreen(user, ctx);
  if (screen.unavailable)
    return (
      <Alert color="yellow" role="status" data-testid="simplifi-unavailable">
        {screen.unavailable}
      </Alert>
    );
  return <SimplifiCampaigns screen={screen} title={`${screen.moduleName} Campaign Management`} />;
}

export default SimplifiCampaignManagement;
