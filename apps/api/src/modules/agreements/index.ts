import type { Database } from '@app/db';
import type { AuditLog } from '../audit/index.js';
import { agreementRoutes } from './agreement-routes.js';
import { type AgreementDependencies, createAgreementService } from './agreement-service.js';
import { betaFeatureRoutes } from './beta-feature-routes.js';
import { createBetaFeatureService } from './beta-feature-service.js';
import { createMinimumSpendAgreements } from './minimum-spend-agreements.js';
import { minimumSpendLatestRoutes } from './minimum-spend-latest-routes.js';

export { renderAgreementPdf } from './agreement-pdf.js';
export type { AgreementService } from './agreement-service.js';
export { type BetaFeatureService, DATA_WALLET } from './beta-feature-service.js';
export type { MinimumSpendAgreements } from './minimum-spend-agreements.js';

/**
 * Agreements and beta features (decision 0034): acceptance records of exact document versions, their
 * PDFs through single-use links, beta features per system and the gate other modules call
 * (`beta.requireOpen`) before acting on a gated feature.
 */
export function createAgreementsModule(deps: {
  db: Database;
  audit: AuditLog;
  reauthenticate: AgreementDependencies['reauthenticate'];
  clock: AgreementDependencies['clock'];
  /** The system's one-time developer fee in dollars, null for none (the Developer API's setting). */
  developerFee?: (systemId: number) => Promise<string | null>;
}) {
  const beta = createBetaFeatureService(deps.db);
  const agreements = createAgreementService({
    db: deps.db,
    beta,
    audit: deps.audit,
    reauthenticate: deps.reauthenticate,
    clock: deps.clock,
  });
  const minimumSpend = createMinimumSpendAgreements(deps.db);
  return {
    agreements,
    beta,
    /** The agreements minimum spend needs: v2-v4 and the addendum accepted, the addendum's start. */
    minimumSpend,
    routes: [
      agreementRoutes(deps.db, agreements, deps.developerFee ?? (async () => null)),
      betaFeatureRoutes(beta),
      minimumSpendLatestRoutes(minimumSpend),
    ],
  };
}
