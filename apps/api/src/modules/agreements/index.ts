import type { Database } from '@app/db';
import type { AuditLog } from '../audit/index.js';
import { agreementRoutes } from './agreement-routes.js';
import { type AgreementDependencies, createAgreementService } from './agreement-service.js';
import { betaFeatureRoutes } from './beta-feature-routes.js';
import { createBetaFeatureService } from './beta-feature-service.js';

export { renderAgreementPdf } from './agreement-pdf.js';
export type { AgreementService } from './agreement-service.js';
export { type BetaFeatureService, DATA_WALLET } from './beta-feature-service.js';

/**
 * Agreements and beta features (decision 0034): acceptance records of exact document versions, their
 * PDFs through single-use links, beta features per system and the gate other modules call
 * (`beta.requireOpen`) before acting on a gated feature.
 */
export function createAgreementsModule(deps: {
  db: Database;
  audit: AuditLog;
  reauthenticate: AgreementDependencies['reauthenticate'];
}) {
  const beta = createBetaFeatureService(deps.db);
  const agreements = createAgreementService({
    db: deps.db,
    beta,
    audit: deps.audit,
    reauthenticate: deps.reauthenticate,
  });
  return {
    agreements,
    beta,
    routes: [agreementRoutes(deps.db, agreements), betaFeatureRoutes(beta)],
  };
}
