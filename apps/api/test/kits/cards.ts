import { asCents, type Cents } from '@app/contracts';
import {
  and,
  companies,
  couponRedemptions,
  coupons,
  DEMO,
  eq,
  insertCompany,
  isNull,
  onboardingSettings,
  paymentCards,
  paymentOperations,
  sql,
  systems,
  users,
} from '@app/db';
import type { TestRuntime } from '../harness.js';
import { sandboxOf } from '../payments.js';
import { post, put, type Who, who } from './users.js';

let counter = 0;
const unique = () => `${process.pid}-${++counter}`;

/** The card form of a named sandbox test token. */
export const cardForm = (usrID: number, tokenid = 'tok_visa', extra: Record<string, unknown> = {}) => ({
  tokenid,
  cardholder: 'Nia Newcomb',
  address: '1 Test Street',
  city: 'Chicago',
  state: 'IL',
  country: 'US',
  zip: '60601',
  usrID,
  ...extra,
});

/**
 * A new agency in a system (master by default) with a signed-in owner, no card, not charged: the
 * state a newly registered agency is in when it reaches the card step.
 */
export async function freshAgency(
  rt: TestRuntime,
  options: { system?: 'master' | 'other'; onboarding?: { cents: number; coupons: boolean } } = {},
): Promise<Who & { email: string }> {
  const db = rt.database.db;
  const systemName = options.system === 'other' ? DEMO.brightreach.systemName : DEMO.master.systemName;
  const [system] = await db.select().from(systems).where(eq(systems.name, systemName));
  if (!system?.rootCompanyId) throw new Error('no system');
  const [template] = await db.select().from(users).where(eq(users.email, DEMO.summit.owner.email));
  if (!template) throw new Error('no template user');
  const name = `Fresh Agency ${unique()}`;
  const email = `owner-${unique()}@fresh.test`;
  const companyId = await insertCompany(db, {
    company: {
      systemId: system.id,
      rootId: system.rootCompanyId,
      parentId: system.rootCompanyId,
      kind: 'agency',
      name,
      legalName: name,
      email,
    },
    terms: [{ term: 'Weekly' }],
    modules: [{ module: 'local' }],
  });
  await db.insert(users).values({
    systemId: system.id,
    companyId,
    userType: 'userdownline',
    name: 'Nia Newcomb',
    email,
    passwordHash: template.passwordHash,
    phonenum: '3125550100',
    profileSetupCompleted: true,
    questionnaireSetupCompleted: true,
  });
  if (options.onboarding)
    await setOnboarding(rt, system.rootCompanyId, options.onboarding.cents, options.onboarding.coupons);
  return { ...(await who(rt, email, system.domain)), email };
}

/** The onboarding setting of a company (a system's root company, or an agency's own). */
export async function setOnboarding(
  rt: TestRuntime,
  companyId: number,
  cents: number,
  enableCoupon: boolean,
) {
  await rt.database.db
    .insert(onboardingSettings)
    .values({ companyId, amountCents: asCents(cents), enableCoupon })
    .onConflictDoUpdate({
      target: onboardingSettings.companyId,
      set: { amountCents: asCents(cents), enableCoupon },
    });
}

/** A coupon of a system, straight in the table. */
export async function addCoupon(
  rt: TestRuntime,
  systemId: number,
  terms: Partial<typeof coupons.$inferInsert> &
    ({ percentOffBasisPoints: number } | { amountOffCents: Cents }),
) {
  const code = terms.code ?? `T${unique().replace(/-/g, 'X')}`;
  const [row] = await rt.database.db
    .insert(coupons)
    .values({
      systemId,
      code,
      kind: 'percentOffBasisPoints' in terms && terms.percentOffBasisPoints ? 'percent' : 'amount',
      ...terms,
    })
    .returning();
  if (!row) throw new Error('coupon not stored');
  return row;
}

export const saveFirstCard = (
  rt: TestRuntime,
  p: Who,
  extra: Record<string, unknown> = {},
  tokenid = 'tok_visa',
) => post(rt, '/payment/customer', cardForm(p.id, tokenid, extra), p.token);
export const replaceCard = (rt: TestRuntime, p: Who, tokenid = 'tok_visa') =>
  put(rt, '/payment/card', cardForm(p.id, tokenid), p.token);

/** What money and state the onboarding charge of a company left: operations, charges, postings, flag. */
export async function onboardingState(rt: TestRuntime, companyId: number) {
  const db = rt.database.db;
  const operations = await db
    .select()
    .from(paymentOperations)
    .where(
      sql`(${paymentOperations.businessKey} = ${`onboarding:${companyId}`} or ${paymentOperations.businessKey} like ${`onboarding:${companyId}:%`})`,
    );
  const { rows: charges } = (await db.execute(
    sql`select id, amount::int as amount from sandbox_charges where idempotency_key = ${`onboarding:${companyId}`} or idempotency_key like ${`onboarding:${companyId}:%`}`,
  )) as unknown as { rows: { id: string; amount: number }[] };
  const { rows: postings } = (await db.execute(
    sql`select id, business_key from ledger_postings where business_key = ${`onboarding:${companyId}`} or business_key like ${`onboarding:${companyId}:%`}`,
  )) as unknown as { rows: { id: number }[] };
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  const redemptions = await db
    .select()
    .from(couponRedemptions)
    .where(eq(couponRedemptions.companyId, companyId));
  return {
    operations,
    charges: charges.map((c) => ({ id: c.id, amount: c.amount })),
    postings,
    charged: company?.isOnboardCharged ?? false,
    redemptions,
  };
}

export { sandboxOf };

/**
 * Saves a card for the person's company as the card form does: the first through POST
 * /payment/customer (its onboarding step), every later one replacing the current card with PUT
 * /payment/card. `tokenid` is a named sandbox token (tok_visa) or a fresh one of a test number.
 */
export async function saveCard(rt: TestRuntime, person: Who, tokenid: string) {
  const [current] = await rt.database.db
    .select({ id: paymentCards.id })
    .from(paymentCards)
    .where(and(eq(paymentCards.companyId, person.company), isNull(paymentCards.replacedAt)));
  const form = cardForm(person.id, tokenid);
  const res = current
    ? await put(rt, '/payment/card', form, person.token)
    : await post(rt, '/payment/customer', form, person.token);
  if (res.statusCode !== 200) throw new Error(`saving a card answered ${res.statusCode}: ${res.body}`);
}

/**
 * A current card row for a company, without the gateway: for tests of what lists and reports say of
 * a company with a card (the seed gives none; the demo's cards are saved at the product's start).
 */
export async function cardOnFile(rt: TestRuntime, companyId: number) {
  await rt.database.db.insert(paymentCards).values({
    companyId,
    gateway: 'sandbox',
    customerId: `cus_test_${companyId}`,
    paymentMethodId: `card_test_${companyId}`,
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2040,
    holder: 'Test Holder',
    address: '1 Test Street',
    city: 'Chicago',
    state: 'IL',
    country: 'US',
    zip: '60601',
  });
}
