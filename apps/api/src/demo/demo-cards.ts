import { asCents } from '@app/contracts';
import { companies, type Database, DEMO, eq, onboardingSettings, users } from '@app/db';
import type { OnboardingCharge } from '../modules/cards/index.js';
import type { Principal } from '../modules/tenancy/index.js';

/** Northwind's own onboarding fee, paid at the demo's first start with the WELCOME50 coupon. */
const NORTHWIND_ONBOARDING_FEE = asCents(9_900);

/** The demo's card holders: each saves the sandbox's Visa 4242 as a person would on Card Setting. */
const HOLDERS = [
  { email: DEMO.northwind.owner.email, holder: DEMO.northwind.owner.name, coupon: 'WELCOME50' },
  ...DEMO.northwind.clients.map((c) => ({ email: c.contact.email, holder: c.contact.name, coupon: '' })),
  { email: DEMO.summit.owner.email, holder: DEMO.summit.owner.name, coupon: '' },
  { email: DEMO.brightreach.agency.owner.email, holder: DEMO.brightreach.agency.owner.name, coupon: '' },
];

/**
 * Demo cards (issue 10 "the demo seed has sandbox cards … an onboarding charge"): the demo's card
 * holders save a sandbox card through the same service the card routes call, so each one is a real
 * customer and card at the sandbox with its `payment_cards` row, and Northwind pays its onboarding fee
 * through `chargeOnce` (one gateway charge, one posting, the coupon counted, the receipt e-mailed).
 * Sandbox only, first start only. A holder the service refuses (a client of an agency without a
 * connected account) keeps the seed's card reference and can add a card on Card Setting.
 */
export async function seedDemoCards(deps: { db: Database; onboarding: OnboardingCharge }) {
  const { db, onboarding } = deps;
  const [northwind] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, DEMO.northwind.name));
  if (northwind)
    await db
      .insert(onboardingSettings)
      .values({ companyId: northwind.id, amountCents: NORTHWIND_ONBOARDING_FEE, enableCoupon: true })
      .onConflictDoNothing();

  for (const { email, holder, coupon } of HOLDERS) {
    const [person] = await db
      .select({
        userId: users.id,
        systemId: users.systemId,
        companyId: users.companyId,
        userType: users.userType,
        isSystemUser: users.isSystemUser,
        isAccExecutive: users.isAccExecutive,
        companyKind: companies.kind,
        companyParentId: companies.parentId,
        rootCompanyId: companies.rootId,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.email, email));
    if (!person) continue;
    // The person themself, at their desk: no session behind it, nobody acting for them.
    const principal: Principal = { ...person, actorUserId: null, permissions: null, familyId: 'demo-seed' };
    try {
      await onboarding.saveCard(
        principal,
        {
          tokenid: 'tok_visa',
          cardholder: holder,
          address: '100 Main Street',
          city: 'Austin',
          state: 'TX',
          country: 'US',
          zip: '78701',
          usrID: person.userId,
          code: coupon,
        },
        '127.0.0.1',
      );
    } catch (error) {
      console.warn(`Demo card for ${email} not saved: ${(error as Error).message}`);
    }
  }
}
