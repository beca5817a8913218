import type { SessionUser } from '@app/contracts';
import { actorOf, isAgencyStaff, isClient } from '@app/policy';

/**
 * Whose leads a viewer reads (contracts' lead-reports.ts): a client asks for itself (its company as
 * both `companyID` and `clientID`, decision 0049); an agency's people ask as the agency, for one client
 * or all (0); anyone else (the system's staff on leads-management) as their own company, all clients.
 */
export type ReportViewer =
  | { kind: 'client'; companyID: number }
  | { kind: 'agency'; companyID: number; idsys: number }
  | { kind: 'other'; companyID: number };

export function reportViewerOf(user: SessionUser): ReportViewer {
  const actor = actorOf(user, null);
  if (isClient(actor)) return { kind: 'client', companyID: user.company_id };
  if (isAgencyStaff(actor)) return { kind: 'agency', companyID: user.company_id, idsys: user.idsys };
  return { kind: 'other', companyID: user.company_id };
}

/** The `companyID` / `clientID` pair for the viewer and the client chosen in the selector (0: all). */
export function reportCompanies(
  viewer: ReportViewer,
  chosenClient: number,
): { companyID: number; clientID: number } {
  if (viewer.kind === 'client') return { companyID: viewer.companyID, clientID: viewer.companyID };
  if (viewer.kind === 'agency') return { companyID: viewer.companyID, clientID: chosenClient };
  return { companyID: viewer.companyID, clientID: 0 };
}
