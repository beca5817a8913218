import { asCents, CARD_TEXTS, COUPON_TEXTS, centsFromWire } from '@app/contracts';
import { and, companies, DEMO, desc, eq, isNull, paymentAccounts, paymentCards, userLogs } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import {
  addCoupon,
  cardForm,
  freshAgency,
  onboardingState,
  replaceCard,
  saveFirstCard,
  setOnboarding,
} from '../../../test/kits/cards.js';
import {
  companyByName,
  get,
  PEOPLE,
  post,
  put,
  userByEmail,
  type Who,
  who,
} from '../../../test/kits/users.js';
import { sandboxOf } from '../../../test/payments.js';
import { lastEmailTo } from '../../../test/sign-in.js';

let rt: TestRuntime;
let root: Who;
let masterSystem: number;
let otherSystem: number;
const FEE = 25_000; // $250.00, the master system's onboarding fee in this file

beforeAll(async () => {
  rt = await startTestRuntime();
  sandboxOf(rt).deliveries.hold();
  root = await who(rt, PEOPLE.root);
  masterSystem = root.system;
  await setOnboarding(rt, root.root, FEE, true);
  otherSystem = (await who(rt, PEOPLE.otherRoot, DEMO.brightreach.domain)).system;
});
afterAll(() => rt?.close());

const sessionCard = async (p: Who) =>
  (await get(rt, '/user', p.token)).json().customer_card_id as string | null;
const savedCard = async (p: Who) => (await get(rt, `/payment/card/${p.id}`, p.token)).json().card;

describe('saving a card (who pays whom)', () => {
  it('saves an agency card on the platform when no onboarding fee is due, and the session follows it', async () => {
    const agency = await freshAgency(rt, { system: 'other' }); // BrightReach charges no onboarding fee
    expect(await sessionCard(agency)).toBeNull();
    const res = await saveFirstCard(rt, agency);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.onboarding).toMatchObject({ status: 'not_due', amount: '0.00' });
    expect(body.card).toMatchObject({
      brand: 'visa',
      last4: '4242',
      cardholder: 'Nia Newcomb',
      zip: '60601',
    });
    expect(await savedCard(agency)).toMatchObject({ id: body.card.id, last4: '4242' });
    const [row] = await rt.database.db.select().from(paymentCards).where(eq(paymentCards.id, body.card.id));
    expect(row?.connectedAccountId).toBeNull(); // the platform's customer
    expect(await sessionCard(agency)).toBe(row?.paymentMethodId);
  });

  it('replaces a card and keeps the old one as history', async () => {
    const agency = await freshAgency(rt, { system: 'other' });
    const first = (await saveFirstCard(rt, agency)).json().card;
    const res = await replaceCard(rt, agency, 'tok_mastercard');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: CARD_TEXTS.updated,
      card: { brand: 'mastercard', last4: '4444' },
    });
    const rows = await rt.database.db
      .select()
      .from(paymentCards)
      .where(eq(paymentCards.companyId, agency.company));
    expect(rows.map((r) => [r.last4, r.replacedAt === null])).toEqual(
      expect.arrayContaining([
        ['4242', false],
        ['4444', true],
      ]),
    );
    expect(rows.find((r) => r.id === first.id)?.replacedAt).not.toBeNull();
    expect((await savedCard(agency)).last4).toBe('4444');
  });

  it('refuses bad input with its text and changes nothing', async () => {
    const agency = await freshAgency(rt);
    const cases: [Record<string, unknown>, string][] = [
      [{ cardholder: '  ' }, CARD_TEXTS.holderRequired],
      [{ zip: '' }, CARD_TEXTS.zipRequired],
      [{ tokenid: '' }, CARD_TEXTS.tokenRequired],
      [{ city: 'x'.repeat(256) }, CARD_TEXTS.tooLong],
    ];
    for (const [change, text] of cases) {
      const res = await post(rt, '/payment/customer', cardForm(agency.id, 'tok_visa', change), agency.token);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error.message).toBe(text);
    }
    const unknownToken = await saveFirstCard(rt, agency, {}, 'tok_nonsense');
    expect(unknownToken.statusCode).toBe(400);
    expect(unknownToken.json().error.message).toMatch(/No such token/);
    const smuggled = await post(
      rt,
      '/payment/customer',
      { ...cardForm(agency.id), isOnboardCharged: true },
      agency.token,
    );
    expect(smuggled.statusCode).toBe(400);
    const state = await onboardingState(rt, agency.company);
    expect(state).toMatchObject({ operations: [], charges: [], postings: [], charged: false });
    expect(await savedCard(agency)).toBeNull();
  });

  it("answers 404 for another company's person, even in the same system", async () => {
    const agency = await freshAgency(rt);
    const northwindOwner = await userByEmail(rt, DEMO.northwind.owner.email);
    const res = await post(rt, '/payment/customer', cardForm(northwindOwner.id), agency.token);
    expect(res.statusCode).toBe(404);
    expect((await get(rt, `/payment/card/${northwindOwner.id}`, agency.token)).statusCode).toBe(404);
    expect(await onboardingState(rt, agency.company)).toMatchObject({ operations: [], charged: false });
  });

  it("puts a client's card on its agency's connected account, and refuses while the agency has none", async () => {
    const summitClient = await who(rt, DEMO.summit.clients[0].contact.email);
    const refused = await saveFirstCard(rt, summitClient);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(CARD_TEXTS.agencyNotConnected);
    expect(await savedCard(summitClient)).toBeNull();

    const client = await who(rt, PEOPLE.client);
    const northwind = await companyByName(rt, DEMO.northwind.name);
    // The demo seed connects Northwind's sandbox account (decision 0033): the client's card goes there.
    const [account] = await rt.database.db
      .select({ id: paymentAccounts.accountId })
      .from(paymentAccounts)
      .where(and(eq(paymentAccounts.companyId, northwind.id), isNull(paymentAccounts.detachedAt)));
    expect(account).toBeDefined();
    const res = await saveFirstCard(rt, client);
    expect(res.statusCode).toBe(200);
    expect(res.json().onboarding.status).toBe('not_due');
    const [row] = await rt.database.db
      .select()
      .from(paymentCards)
      .where(eq(paymentCards.id, res.json().card.id));
    expect(row?.connectedAccountId).toBe(account?.id);
    expect((await get(rt, `/payment/card/${client.id}`, client.token)).json().pays).toBe('agency');
    const direct = await post(rt, '/payment/customer-direct', { usrID: client.id }, client.token);
    expect(direct.json()).toMatchObject({ result: 'success', pays: 'agency', has_card: true });
  });
});

describe('the onboarding charge', () => {
  it('charges the configured fee once with its posting, flag, receipt and log', async () => {
    const agency = await freshAgency(rt);
    // The amount in the request is never read.
    const res = await saveFirstCard(rt, agency, { amount: '0.01' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: CARD_TEXTS.onboardingCharged,
      onboarding: { status: 'charged', amount: '250.00', original_amount: '250.00', discount: '0.00' },
    });
    const state = await onboardingState(rt, agency.company);
    expect(state.charges).toEqual([{ id: expect.any(String), amount: FEE }]);
    expect(state.postings).toHaveLength(1);
    expect(state.operations.map((o) => [o.businessKey, o.status])).toEqual([
      [`onboarding:${agency.company}`, 'succeeded'],
    ]);
    expect(state.charged).toBe(true);
    expect((await lastEmailTo(rt, agency.email))?.subject).toBe('Receipt: onboarding fee');
    const [log] = await rt.database.db
      .select()
      .from(userLogs)
      .where(and(eq(userLogs.companyId, agency.company), eq(userLogs.action, 'onboarding_charged')));
    expect(log?.description).toContain('$250.00');

    const again = await replaceCard(rt, agency, 'tok_mastercard');
    expect(again.json().onboarding.status).toBe('already_charged');
    expect((await onboardingState(rt, agency.company)).charges).toHaveLength(1);
    const list = await get(
      rt,
      `/configuration/user/${root.root}/0/${root.system}/userdownline/all/company_name/asc/${encodeURIComponent('Fresh Agency')}`,
      root.token,
    );
    const node = (list.json().data as { company_id: number; is_onboard_charged: string }[] | undefined)?.find(
      (n) => n.company_id === agency.company,
    );
    if (node) expect(node.is_onboard_charged).toBe('T');
  });

  it('does not charge an excluded agency', async () => {
    const agency = await freshAgency(rt);
    const excluded = await put(
      rt,
      '/configuration/setting/exclude-include-onboard-charge',
      { CompanyID: agency.company },
      root.token,
    );
    expect(excluded.statusCode).toBe(200);
    const res = await saveFirstCard(rt, agency);
    expect(res.json().onboarding.status).toBe('excluded');
    expect(await onboardingState(rt, agency.company)).toMatchObject({
      charges: [],
      postings: [],
      charged: false,
    });
  });

  it('declined card: the gateway text, no card, no posting; then a good card charges once', async () => {
    const agency = await freshAgency(rt);
    // A card that saves at the gateway and declines its charge: the onboarding fee's attempt fails.
    const declined = await saveFirstCard(rt, agency, {}, 'tok_chargeCustomerFail');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.message).toBe('Your card was declined.');
    let state = await onboardingState(rt, agency.company);
    expect(state).toMatchObject({ charges: [], postings: [], charged: false });
    expect(state.operations.map((o) => o.status)).toEqual(['failed']);
    expect(await savedCard(agency)).toBeNull();
    expect(await sessionCard(agency)).toBeNull();

    // A card the gateway declines when it is saved: refused before any charge is tried.
    const insufficient = await saveFirstCard(rt, agency, {}, 'tok_chargeDeclinedInsufficientFunds');
    expect(insufficient.statusCode).toBe(402);
    expect(insufficient.json().error.message).toBe('Your card has insufficient funds.');
    expect((await onboardingState(rt, agency.company)).operations).toHaveLength(1);

    const good = await saveFirstCard(rt, agency);
    expect(good.statusCode).toBe(200);
    expect(good.json().onboarding.status).toBe('charged');
    state = await onboardingState(rt, agency.company);
    expect(state.charges).toHaveLength(1);
    expect(state.postings).toHaveLength(1);
    expect(state.operations.map((o) => [o.businessKey, o.status]).sort()).toEqual(
      [
        [`onboarding:${agency.company}`, 'failed'],
        [`onboarding:${agency.company}:attempt-2`, 'succeeded'],
      ].sort(),
    );
    expect(state.charged).toBe(true);
    expect((await savedCard(agency)).last4).toBe('4242');
  });
});

describe('coupons', () => {
  it('takes a percentage or an amount off, counted once', async () => {
    const percent = await addCoupon(rt, masterSystem, { percentOffBasisPoints: 1_250 });
    const amount = await addCoupon(rt, masterSystem, { amountOffCents: asCents(10_000) });
    for (const [coupon, expected] of [
      [percent, { amount: '218.75', discount: '31.25' }],
      [amount, { amount: '150.00', discount: '100.00' }],
    ] as const) {
      const agency = await freshAgency(rt);
      const check = await post(
        rt,
        '/configuration/coupon/get-coupon',
        { code: coupon.code.toLowerCase() },
        agency.token,
      );
      expect(check.statusCode).toBe(200);
      expect(check.json()).toMatchObject({ original_amount: '250.00', ...expected });
      const res = await saveFirstCard(rt, agency, { code: ` ${coupon.code} ` });
      expect(res.json().onboarding).toMatchObject({
        status: 'charged',
        coupon_code: coupon.code,
        ...expected,
      });
      const state = await onboardingState(rt, agency.company);
      expect(state.charges.map((c) => c.amount)).toEqual([centsFromWire(expected.amount)]);
      expect(state.redemptions.map((r) => r.status)).toEqual(['redeemed']);
    }
  });

  it('ignores a blank code and charges the full fee', async () => {
    const agency = await freshAgency(rt);
    const res = await saveFirstCard(rt, agency, { code: '   ' });
    expect(res.json().onboarding).toMatchObject({ status: 'charged', amount: '250.00', coupon_code: null });
  });

  it('a coupon that takes the whole fee: nothing charged, the fee counts as paid', async () => {
    const free = await addCoupon(rt, masterSystem, { percentOffBasisPoints: 10_000 });
    const agency = await freshAgency(rt);
    const res = await saveFirstCard(rt, agency, { code: free.code });
    expect(res.json().onboarding).toMatchObject({ status: 'charged', amount: '0.00', discount: '250.00' });
    // Said as it is: the coupon covers the fee, nothing was charged (not "…has been charged").
    expect(res.json().message).toBe(CARD_TEXTS.onboardingCovered);
    expect((await lastEmailTo(rt, agency.email))?.textBody).toContain(
      'covers the whole onboarding fee: nothing was charged to your card.',
    );
    expect(await onboardingState(rt, agency.company)).toMatchObject({
      charges: [],
      postings: [],
      charged: true,
    });
  });

  it("refuses expired, not yet valid, used up, disabled, too deep and other systems' codes, changing nothing", async () => {
    const expired = await addCoupon(rt, masterSystem, {
      amountOffCents: asCents(1_000),
      validTo: '2020-01-31',
    });
    const future = await addCoupon(rt, masterSystem, {
      amountOffCents: asCents(1_000),
      validFrom: '2999-01-01',
    });
    const usedUp = await addCoupon(rt, masterSystem, { amountOffCents: asCents(1_000), usageLimit: 1 });
    const disabled = await addCoupon(rt, masterSystem, {
      amountOffCents: asCents(1_000),
      disabledAt: new Date(),
    });
    const tooDeep = await addCoupon(rt, masterSystem, { amountOffCents: asCents(FEE - 40) });
    const elsewhere = await addCoupon(rt, otherSystem, { amountOffCents: asCents(1_000) });
    const first = await freshAgency(rt);
    expect((await saveFirstCard(rt, first, { code: usedUp.code })).json().onboarding.status).toBe('charged');

    const cases: [string, number, string][] = [
      [expired.code, 400, COUPON_TEXTS.expired],
      [future.code, 400, COUPON_TEXTS.notYetValid],
      [usedUp.code, 400, COUPON_TEXTS.usedUp],
      [disabled.code, 400, COUPON_TEXTS.disabled],
      [tooDeep.code, 400, COUPON_TEXTS.leavesTooLittle],
      [elsewhere.code, 404, COUPON_TEXTS.notFound],
      ['NOSUCHCODE', 404, COUPON_TEXTS.notFound],
    ];
    const agency = await freshAgency(rt);
    for (const [code, status, text] of cases) {
      const check = await post(rt, '/configuration/coupon/get-coupon', { code }, agency.token);
      expect([code, check.statusCode, check.json().error?.message]).toEqual([code, status, text]);
      const res = await saveFirstCard(rt, agency, { code });
      expect([code, res.statusCode, res.json().error?.message]).toEqual([code, status, text]);
    }
    expect(await onboardingState(rt, agency.company)).toMatchObject({
      operations: [],
      charges: [],
      postings: [],
      redemptions: [],
      charged: false,
    });
    expect(await savedCard(agency)).toBeNull();
  });

  it('refuses a code when the onboarding setting does not allow coupons', async () => {
    const agency = await freshAgency(rt);
    await setOnboarding(rt, agency.company, 9_900, false); // the agency's own fee, no coupons
    const res = await saveFirstCard(rt, agency, { code: 'WELCOME50' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(COUPON_TEXTS.notAllowed);
    const paid = await saveFirstCard(rt, agency);
    expect(paid.json().onboarding).toMatchObject({ status: 'charged', amount: '99.00' });
  });

  it('system staff list, create and disable coupons; agencies cannot', async () => {
    const listed = await get(rt, `/configuration/coupon/list/${root.root}`, root.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((c: { code: string }) => c.code)).toEqual(
      expect.arrayContaining(['WELCOME50', 'ONBOARD100']),
    );
    const body = {
      companyID: root.root,
      code: 'spring-25',
      kind: 'percent',
      value: '25',
      valid_to: '2999-12-31',
      usage_limit: 10,
    };
    const created = await post(rt, '/configuration/coupon/create', body, root.token);
    expect(created.statusCode).toBe(200);
    expect(created.json().coupon).toMatchObject({
      code: 'SPRING-25',
      value: '25',
      usage_limit: 10,
      used: 0,
      disabled: false,
    });
    // The list counts each coupon's own uses: earlier tests redeemed other codes, none this new one.
    const relisted = await get(rt, `/configuration/coupon/list/${root.root}`, root.token);
    const usedOf = (code: string) =>
      relisted.json().data.find((c: { code: string; used: number }) => c.code === code)?.used;
    expect(usedOf('SPRING-25')).toBe(0);
    const duplicate = await post(rt, '/configuration/coupon/create', body, root.token);
    expect([duplicate.statusCode, duplicate.json().error.message]).toEqual([409, COUPON_TEXTS.duplicate]);
    const badPercent = await post(
      rt,
      '/configuration/coupon/create',
      { ...body, code: 'BAD1', value: '120' },
      root.token,
    );
    expect([badPercent.statusCode, badPercent.json().error.message]).toEqual([
      400,
      COUPON_TEXTS.percentRange,
    ]);
    const badDates = await post(
      rt,
      '/configuration/coupon/create',
      { ...body, code: 'BAD2', valid_from: '2030-01-02', valid_to: '2030-01-01' },
      root.token,
    );
    expect([badDates.statusCode, badDates.json().error.message]).toEqual([400, COUPON_TEXTS.dates]);
    const id = created.json().coupon.id;
    const disabled = await put(rt, '/configuration/coupon/disable', { companyID: root.root, id }, root.token);
    expect(disabled.json().coupon.disabled).toBe(true);
    const agency = await freshAgency(rt);
    const check = await post(rt, '/configuration/coupon/get-coupon', { code: 'SPRING-25' }, agency.token);
    expect(check.json().error.message).toBe(COUPON_TEXTS.disabled);
    expect((await get(rt, `/configuration/coupon/list/${root.root}`, agency.token)).statusCode).toBe(404);
    const otherRoot = await who(rt, PEOPLE.otherRoot, DEMO.brightreach.domain);
    const foreign = await put(
      rt,
      '/configuration/coupon/disable',
      { companyID: otherRoot.root, id },
      otherRoot.token,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('billing method', () => {
  it('system staff switch manual bill on and off, logged; others are refused', async () => {
    const agency = await freshAgency(rt);
    const on = await put(
      rt,
      '/payment/set-billing-method',
      { companyID: agency.company, manualBill: 'T' },
      root.token,
    );
    expect(on.json()).toMatchObject({ result: 'success', manual_bill: 'T' });
    expect((await companyRow(agency.company))?.manualBill).toBe(true);
    const logs = await rt.database.db
      .select()
      .from(userLogs)
      .where(and(eq(userLogs.companyId, agency.company), eq(userLogs.action, 'billing_method_changed')))
      .orderBy(desc(userLogs.id));
    expect(logs).toHaveLength(1);
    const self = await put(
      rt,
      '/payment/set-billing-method',
      { companyID: agency.company, manualBill: 'F' },
      agency.token,
    );
    expect(self.statusCode).toBe(404);
    const bad = await put(
      rt,
      '/payment/set-billing-method',
      { companyID: agency.company, manualBill: 'yes' },
      root.token,
    );
    expect(bad.statusCode).toBe(400);
    expect((await companyRow(agency.company))?.manualBill).toBe(true);
  });
});

async function companyRow(id: number) {
  const [row] = await rt.database.db.select().from(companies).where(eq(companies.id, id));
  return row;
}
