import { asCents } from '@app/contracts';
import { and, companies, type Database, DEMO, eq, isNull, onboardingSettings, paymentCards } from '@app/db';
import type { AgreementService } from '../modules/agreements/index.js';
import type { OnboardingCharge } from '../modules/cards/index.js';
import { demoPrincipal } from './demo-principal.js';

/** Northwind's own onboarding fee, paid at the demo's first start with the WELCOME50 coupon. */
const NORTHWIND_ONBOARDING_FEE = asCents(9_900);

/**
 * The demo's card holders: each saves the sandbox's Visa 4242 as a person would on Card Setting. Every
 * company the README says is set up has one, clients included (Bayview's is on Coastal's connected
 * account); Peak Fitness has not finished its profile and adds its card in Profile Setup.
 */
export const DEMO_CARD_HOLDERS = [
  { email: DEMO.northwind.owner.email, holder: DEMO.northwind.owner.name, coupon: 'WELCOME50' },
  ...DEMO.northwind.clients.map((c) => ({ email: c.contact.email, holder: c.contact.name, coupon: '' })),
  { email: DEMO.summit.owner.email, holder: DEMO.summit.owner.name, coupon: '' },
  { email: DEMO.brightreach.agency.owner.email, holder: DEMO.brightreach.agency.owner.name, coupon: '' },
  {
    email: DEMO.brightreach.agency.client.contact.email,
    holder: DEMO.brightreach.agency.client.contact.name,
    coupon: '',
  },
];

/**
 * Demo cards (issue 10 "the demo seed has sandbox cards … an onboarding charge"; decision 0066): the
 * demo's card holders save a sandbox card through the same service the card routes call, so each one
 * is a real customer and card at the sandbox with its `payment_cards` row (the only card there is:
 * the seed sets no card of its own), and Northwind pays its onboarding fee through `chargeOnce` (one
 * gateway charge, one posting, the coupon counted, the receipt e-mailed). Run at every start of the
 * product, not only the one that seeded: a holder whose company has no card yet (a first start that
 * stopped between the seed and this step) gets it then; a holder with a card is left alone, so a
 * card a person replaced stays theirs. Only on systems whose gateway is the sandbox. A holder the
 * service refuses is reported and can add a card on Card Setting. As the card form has each payer do
 * with its first card, the holder accepts its services agreement first (decision 0062), so the agency
 * list's agreement download has the file to give.
 */
export async function seedDemoCards(deps: {
  db: Database;
  onboarding: OnboardingCharge;
  agreements: Pick<AgreementService, 'accept'>;
  /** Whether a system charges through the sandbox (a system with its own Stripe keys is left alone). */
  isSandbox: (systemId: number) => Promise<boolean>;
}) {
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

  for (const { email, holder, coupon } of DEMO_CARD_HOLDERS) {
    const principal = await demoPrincipal(db, email);
    if (!principal || !(await deps.isSandbox(principal.systemId))) continue;
    const [card] = await db
      .select({ id: paymentCards.id })
      .from(paymentCards)
      .where(and(eq(paymentCards.companyId, principal.companyId), isNull(paymentCards.replacedAt)));
    if (card) continue;
    try {
      await deps.agreements.accept({
        principal,
        userId: principal.userId,
        document: principal.companyKind === 'client' ? 'default_client' : 'default_agency',
        locationMenu: 'card-setting',
        ip: '127.0.0.1',
      });
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
          usrID: principal.userId,
          code: coupon,
        },
        '127.0.0.1',
      );
    } catch (error) {
      console.warn(`Demo card for ${email} not saved: ${(error as Error).message}`);
    }
  }
}
