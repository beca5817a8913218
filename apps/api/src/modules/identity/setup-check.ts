import { CARD_PROVIDER_GATEWAY, centsToDollars, type SetupCheck } from '@app/contracts';
import {
  and,
  betaFeatures,
  betaTesters,
  companies,
  companyModules,
  type Database,
  eq,
  featureAgreements,
  isNull,
  paymentAccounts,
  sql,
  systemBetaFeatures,
  users,
} from '@app/db';
import { createPaymentFailureRepository } from '../payments/index.js';

const DATA_WALLET_FEATURE = 1;

/**
 * The setup-check response of spec 1 §3.4 for a user: profile state, payment failure, the
 * connected payment account of the agency the user works under, and the beta features.
 */
export function createSetupCheckReader(db: Database) {
  const failures = createPaymentFailureRepository(db);
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
    // A sales person's own account (for commissions), else the agency's (decision 0033).
    const owner =
      user.userType === 'sales'
        ? eq(paymentAccounts.userId, user.id)
        : agencyId
          ? eq(paymentAccounts.companyId, agencyId)
          : null;
    const [account] = owner
      ? await db
          .select()
          .from(paymentAccounts)
          .where(and(owner, isNull(paymentAccounts.detachedAt)))
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
    // The agency's accepted feature agreements (the Data Wallet's, the beta modules', decision 0064).
    const agreements = agencyId
      ? await db
          .select({ featureId: featureAgreements.featureId })
          .from(featureAgreements)
          .where(eq(featureAgreements.companyId, agencyId))
      : [];
    const agreed = (featureId: number) => agreements.some((a) => a.featureId === featureId);
    const clientModules =
      company.kind === 'client'
        ? await db
            .select({ module: companyModules.module })
            .from(companyModules)
            .where(and(eq(companyModules.companyId, company.id), eq(companyModules.enabled, true)))
        : [];

    // Payment failure (decision 0065): a declined charge not paid yet. A client is held on Card
    // Setting by its own (accessmodule); `paymentStatusFailed` is the agency's own; the failed
    // campaigns and the total are what the user's own company owes, whose card must change.
    const own = await failures.openOf(company.id);
    const agencyFailed =
      agency === undefined || agency.id === company.id
        ? own.count > 0
        : await failures.isPaymentFailed(agency.id);
    return {
      setupcomplete: user.profileSetupCompleted ? 'T' : 'F',
      accessmodule: company.kind === 'client' && own.count > 0 ? 'paymentfailed' : '',
      ...storedAccountState(account),
      package_id: agency?.packageId ?? '',
      isBeta: testerOf.length > 0,
      betaFeature: features.map((f) => ({
        id: f.id,
        name: f.name,
        slug: f.slug,
        is_beta: f.isBeta,
        apply_to_all_agency: f.applyToAllAgency,
        // Per feature, so the web decides a module with the server's rule (decision 0063).
        is_tester: testerOf.some((t) => t.featureId === f.id),
        agreement_status: agreed(f.id) ? ('T' as const) : ('F' as const),
      })),
      clientsidebar: clientModules.map((m) => m.module),
      paymentStatusFailed: agencyFailed,
      fcampid: own.campaignPublicIds,
      finamt: centsToDollars(own.total),
      isDataWalletAgree: agreed(DATA_WALLET_FEATURE),
    };
  };
}

/**
 * A live connected-account row (or none) as the setup check and the policy's account rules read it:
 * no row is the empty status. Both of our gateways are the card provider's in the spec's terms: the
 * sandbox plays Stripe's test mode, so its accounts obey the same rule (decision 0033).
 */
export function storedAccountState(
  account: { status: string; gateway: string } | undefined,
): Pick<SetupCheck, 'accountconnected' | 'paymentgateway'> {
  return {
    accountconnected: account ? (account.status as SetupCheck['accountconnected']) : '',
    paymentgateway: CARD_PROVIDER_GATEWAY,
  };
}
