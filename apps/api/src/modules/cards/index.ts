import type { Database } from '@app/db';
import type { GatewayDirectory } from '../../providers/payments/gateway-directory.js';
import type { AuditLog } from '../audit/index.js';
import type { MailService } from '../mail/index.js';
import type { ChargeOnce } from '../payments/index.js';
import { createCompanyReads } from '../tenancy/index.js';
import { createCardRepository } from './card-repository.js';
import { cardRoutes } from './card-routes.js';
import { createCardService } from './card-service.js';
import { createCouponRepository } from './coupon-repository.js';
import { couponRoutes } from './coupon-routes.js';
import { createCouponService } from './coupon-service.js';
import { createOnboardingCharge } from './onboarding-charge.js';
import { createOnboardingRepository } from './onboarding-repository.js';

export { hasCurrentCardSql } from './card-sql.js';
export type { OnboardingCharge } from './onboarding-charge.js';

/**
 * Cards and who pays whom, coupons and the onboarding charge (issue 10, decision 0032); the payments
 * janitor that finishes what a crash interrupted is the billing module's (decision 0072). Charging
 * goes through the payments module's `chargeOnce`.
 */
export function createCardsModule(deps: {
  db: Database;
  gateways: Pick<GatewayDirectory, 'forSystem' | 'publishableKey' | 'sandbox'>;
  chargeOnce: ChargeOnce;
  audit: AuditLog;
  mail: MailService;
  now?: () => Date;
}) {
  const cards = createCardRepository(deps.db);
  const coupons = createCouponRepository(deps.db);
  const cardService = createCardService({ repo: cards, gateways: deps.gateways });
  const onboarding = createOnboardingCharge({
    db: deps.db,
    cards,
    cardService,
    coupons,
    onboarding: createOnboardingRepository(deps.db),
    reads: createCompanyReads(deps.db),
    chargeOnce: deps.chargeOnce,
    audit: deps.audit,
    mail: deps.mail,
    now: deps.now,
  });
  // Set by the runtime once billing exists: a saved card settles the company's declined invoices.
  let cardSaved: (companyId: number) => Promise<void> = async () => {};
  const couponService = createCouponService({ coupons, cards, onboarding, audit: deps.audit, now: deps.now });
  return {
    onboarding,
    whenCardSaved(handler: (companyId: number) => Promise<void>) {
      cardSaved = handler;
    },
    /**
     * The company's customer at the gateway, as the card service created it (null before its first
     * card): what the demo's platform fees charge, so each charge belongs to the company it names.
     */
    customerOf: async (companyId: number) => {
      const row = await cards.customer(companyId);
      return row
        ? { gateway: row.gateway, customerId: row.customerId, connectedAccountId: row.connectedAccountId }
        : null;
    },
    routes: [
      cardRoutes({
        cards,
        cardService,
        onboarding,
        gateways: deps.gateways,
        audit: deps.audit,
        cardSaved: (companyId) => cardSaved(companyId),
      }),
      couponRoutes(couponService),
    ],
  };
}
