import type { SetupCheck } from '@app/contracts';
import {
  and,
  betaFeatures,
  betaTesters,
  companies,
  companyModules,
  connectedAccounts,
  type Database,
  eq,
  featureAgreements,
  sql,
  systemBetaFeatures,
  users,
} from '@app/db';

const DATA_WALLET_FEATURE = 1;

/**
 * The setup-check response of spec 1 §3.4 for a user: profile state, payment failure, the
 * connected payment account of the agency the user works under, and the beta features.
 */
export function createSetupCheckReader(db: Database) {
  return async function readSetupCheck(userId: number): Promise<SetupCheck | null> {
    const [row] = await db
      .select({ user: users, company: companies })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, userId));
    if (!row) return null;
    const { user, company } = row;
    const agencyId =
      company.kind === 'client' ? company.parentId : company.kind === 'agency' ? company.id : null;
    const [agency] = agencyId ? await db.select().from(companies).where(eq(companies.id, agencyId)) : [];
    const [account] = agencyId
      ? await db.select().from(connectedAccounts).where(eq(connectedAccounts.companyId, agencyId))
      : [];
    // A system's own beta settings win over the deployment defaults (decision 0034).
    const features = await db
      .select({
        id: betaFeatures.id,
        name: betaFeatures.name,
        slug: betaFeatures.slug,
        isBeta: sql<boolean>`coalesce(${systemBetaFeatures.isBeta}, ${betaFeatures.isBeta})`,
        applyToAllAgency: sql<boolean>`coalesce(${systemBetaFeatures.applyToAllAgency}, ${betaFeatures.applyToAllAgency})`,
      })
      .from(betaFeatures)
      .leftJoin(
        systemBetaFeatures,
        and(
          eq(systemBetaFeatures.featureId, betaFeatures.id),
          eq(systemBetaFeatures.systemId, company.systemId),
        ),
      )
      .orderBy(betaFeatures.id);
    const testerOf = agencyId
      ? await db
          .select({ featureId: betaTesters.featureId })
          .from(betaTesters)
          .where(eq(betaTesters.companyId, agencyId))
      : [];
    const [walletAgreement] = agencyId
      ? await db
          .select({ featureId: featureAgreements.featureId })
          .from(featureAgreements)
          .where(
            and(
              eq(featureAgreements.companyId, agencyId),
              eq(featureAgreements.featureId, DATA_WALLET_FEATURE),
            ),
          )
      : [];
    const clientModules =
      company.kind === 'client'
        ? await db
            .select({ module: companyModules.module })
            .from(companyModules)
            .where(and(eq(companyModules.companyId, company.id), eq(companyModules.enabled, true)))
        : [];

    return {
      setupcomplete: user.profileSetupCompleted ? 'T' : 'F',
      accessmodule: company.kind === 'client' && company.paymentFailed ? 'paymentfailed' : '',
      ...storedAccountState(account),
      package_id: agency?.packageId ?? '',
      isBeta: testerOf.length > 0,
      betaFeature: features.map((f) => ({
        id: f.id,
        name: f.name,
        slug: f.slug,
        is_beta: f.isBeta,
        apply_to_all_agency: f.applyToAllAgency,
      })),
      clientsidebar: clientModules.map((m) => m.module),
      paymentStatusFailed: (agency ?? company).paymentFailed,
      fcampid: [],
      finamt: 0,
      isDataWalletAgree: Boolean(walletAgreement),
    };
  };
}

/**
 * A stored connected-account row (or none) as the setup check and the policy's account rules read
 * it: no row or 'none' is the empty status, a missing gateway is the card provider's.
 */
export function storedAccountState(
  account: { status: string; gateway: string | null } | undefined,
): Pick<SetupCheck, 'accountconnected' | 'paymentgateway'> {
  return {
    accountconnected:
      !account || account.status === 'none' ? '' : (account.status as SetupCheck['accountconnected']),
    paymentgateway: account?.gateway ?? 'stripe',
  };
}
