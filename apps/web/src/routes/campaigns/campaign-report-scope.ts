import type { CampaignListRow, SessionUser } from '@app/contracts';
import { reportCompanies, reportViewerOf } from '../../components/lead-report';

/** Whose report a campaign row opens: the viewer's side (the agency, or the client itself) for the row's client. */
export function reportScopeOf(user: SessionUser, row: Pick<CampaignListRow, 'clientID'>) {
  const { companyID, clientID } = reportCompanies(reportViewerOf(user), row.clientID);
  return { companyId: companyID, clientId: clientID };
}
