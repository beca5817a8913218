import {
  CARD_TEXTS,
  type CardSavedResponse,
  type Cents,
  formatUsdCents,
  type OnboardingOutcome,
  ZERO_CENTS,
} from '@app/contracts';
import type { Database } from '@app/db';
import { onboardingPrice } from '@app/pricing';
import { HttpError } from '../../http-errors.js';
import type { AuditLog } from '../audit/index.js';
import type { MailService } from '../mail/index.js';
import type { ChargeOnce } from '../payments/index.js';
import type { CompanyReads, Principal } from '../tenancy/index.js';
import type { CardRepository } from './card-repository.js';
import type { CardForm, CardService, Payer } from './card-service.js';
import { cardView, wireDollars } from './card-view.js';
import type { CouponRepository } from './coupon-repository.js';
import { checkCoupon, utcDay } from './coupon-rules.js';
import type { OnboardingRepository } from './onboarding-repository.js';

export interface OnboardingDeps {
  db: Database;
  cards: CardRepository;
  cardService: CardService;
  coupons: CouponRepository;
  onboarding: OnboardingRepository;
  reads: Pick<CompanyReads, 'onboardingSetting'>;
  chargeOnce: ChargeOnce;
  audit: AuditLog;
  mail: MailService;
  now?: () => Date;
}

/** What the onboarding rules read of a company. */
type BillingCompany = Pick<
  Payer,
  'kind' | 'companyId' | 'rootId' | 'isOnboardCharged' | 'excludeOnboardCharge'
>;

type Due =
  | { due: false; status: 'not_due' | 'already_charged' | 'excluded'; fee: Cents }
  | { due: true; fee: Cents; couponsAllowed: boolean };

/**
 * Saving a card, and with it the onboarding fee when it is due (decision 0032): an agency, onboarding
 * configured (its own setting, else its system's), not excluded, not charged yet. The amount comes
 * from settings and a coupon, never from the request; `chargeOnce` charges it exactly once per
 * attempt key. A declined card is not saved and the attempt is over: a retry uses the next key.
 */
export function createOnboardingCharge(deps: OnboardingDeps) {
  const now = deps.now ?? (() => new Date());
  const zero = wireDollars(ZERO_CENTS);

  /** An agency's onboarding fee and coupon switch: its own setting, else its system's. */
  async function feeOf(company: { companyId: number; rootId: number }) {
    return onboardingPrice(
      (await deps.reads.onboardingSetting(company.companyId)) ?? undefined,
      (await deps.reads.onboardingSetting(company.rootId)) ?? undefined,
    );
  }

  async function dueFor(payer: BillingCompany): Promise<Due> {
    if (payer.kind !== 'agency') return { due: false, status: 'not_due', fee: ZERO_CENTS };
    const price = await feeOf(payer);
    if (payer.isOnboardCharged) return { due: false, status: 'already_charged', fee: price.amountCents };
    if (payer.excludeOnboardCharge) return { due: false, status: 'excluded', fee: price.amountCents };
    if (price.amountCents === 0) return { due: false, status: 'not_due', fee: ZERO_CENTS };
    return { due: true, fee: price.amountCents, couponsAllowed: price.enableCoupon };
  }

  /**
   * Marks the fee charged (once), settles the coupon's reservation, then logs and e-mails a receipt
   * when this call was the one that marked it. Also run by the janitor for charges it recorded.
   */
  async function complete(input: {
    companyId: number;
    businessKey: string;
    systemId: number;
    userId: number | null;
    actorUserId?: number | null;
    ip: string;
  }): Promise<void> {
    const marked = await deps.db.transaction(async (tx) => {
      const first = await deps.onboarding.markCharged(input.companyId, tx);
      await deps.coupons.settle(input.businessKey, 'redeemed', tx);
      return first;
    });
    if (!marked) return;
    const payer = await deps.cards.ownerOf(input.companyId);
    // No operation under the key: a coupon took the whole fee and nothing was charged.
    const amount = await deps.cards.operationAmount(input.businessKey);
    const redemption = await deps.coupons.redemptionOf(input.businessKey);
    const coupon = redemption ? ` (coupon ${redemption.code})` : '';
    const company = payer?.companyName ?? `company ${input.companyId}`;
    await deps.audit.record({
      systemId: input.systemId,
      companyId: input.companyId,
      userId: input.userId,
      actorUserId: input.actorUserId ?? input.userId,
      action: 'onboarding_charged',
      category: 'settings',
      description:
        amount === null
          ? `The onboarding fee of ${company} is covered by its coupon${coupon}: nothing was charged`
          : `Charged the onboarding fee ${formatUsdCents(amount)}${coupon} of ${company}`,
      ip: input.ip,
    });
    if (payer)
      await deps.mail.queueEmail({
        systemId: input.systemId,
        companyId: input.companyId,
        to: payer.email,
        subject: 'Receipt: onboarding fee',
        text: [
          `Hello ${payer.name},`,
          '',
          amount === null
            ? `Your coupon${coupon} covers the whole onboarding fee: nothing was charged to your card.`
            : `We charged the onboarding fee of ${formatUsdCents(amount)} to your card${coupon}.`,
          `Company: ${payer.companyName}`,
          `Reference: ${input.businessKey}`,
          '',
          'Thank you.',
        ].join('\n'),
      });
  }

  /** The attempt's key: the first is `onboarding:<id>`, each retry after a failure the next attempt. */
  async function attemptKey(companyId: number): Promise<string> {
    const failed = await deps.onboarding.failedAttempts(companyId);
    return failed === 0 ? `onboarding:${companyId}` : `onboarding:${companyId}:attempt-${failed + 1}`;
  }

  /** Checks and holds the coupon for this attempt; answers the amount to charge. */
  async function priced(payer: Payer, due: Extract<Due, { due: true }>, code: string, key: string) {
    if (code === '') return { amount: due.fee, discount: ZERO_CENTS, code: null };
    const coupon = await deps.coupons.byCode(payer.systemId, code);
    const context = { today: utcDay(now()), fee: due.fee, allowed: due.couponsAllowed };
    const held = await (coupon
      ? deps.coupons.reserve({
          couponId: coupon.id,
          companyId: payer.companyId,
          businessKey: key,
          check: (used) => checkCoupon(coupon, { ...context, used }),
        })
      : checkCoupon(null, { ...context, used: 0 }));
    if (!held.ok) throw new HttpError(held.status, 'coupon_refused', held.message);
    // A reservation already held for this key (a repeated request): the same coupon, recomputed.
    const again = checkCoupon(coupon, { ...context, used: 0 });
    if (!again.ok || !coupon) throw new HttpError(400, 'coupon_refused', 'The coupon cannot be applied.');
    return { amount: again.amount, discount: again.discount, code: coupon.code };
  }

  return {
    complete,
    feeOf,

    async saveCard(
      p: Principal,
      form: CardForm & { code?: string },
      ip: string,
    ): Promise<{ status: 200 | 202; body: CardSavedResponse }> {
      const payer = await deps.cardService.ownPayer(p, form.usrID);
      const due = await dueFor(payer);
      const attached = await deps.cardService.attach(p, form);
      const hadCard = (await deps.cards.currentCard(payer.companyId)) !== null;
      const store = async () => {
        const row = await deps.cards.replaceCard(attached.card);
        await deps.audit.record({
          systemId: payer.systemId,
          companyId: payer.companyId,
          userId: p.userId,
          actorUserId: p.actorUserId,
          action: hadCard ? 'card_replaced' : 'card_saved',
          category: 'settings',
          description: `${hadCard ? 'Replaced the card' : 'Saved a card'} of ${payer.companyName}: ${row.brand} ending ${row.last4}`,
          ip,
        });
        return cardView(row);
      };
      if (!due.due) {
        const outcome: OnboardingOutcome = {
          status: due.status,
          amount: zero,
          original_amount: wireDollars(due.fee),
          discount: zero,
          coupon_code: null,
        };
        const message = hadCard ? CARD_TEXTS.updated : CARD_TEXTS.saved;
        return {
          status: 200,
          body: { result: 'success', message, card: await store(), onboarding: outcome },
        };
      }

      const key = await attemptKey(payer.companyId);
      const price = await priced(payer, due, (form.code ?? '').trim(), key);
      const outcomeOf = (status: OnboardingOutcome['status']): OnboardingOutcome => ({
        status,
        amount: wireDollars(price.amount),
        original_amount: wireDollars(due.fee),
        discount: wireDollars(price.discount),
        coupon_code: price.code,
      });
      const finish = async (message: string) => {
        await complete({
          companyId: payer.companyId,
          businessKey: key,
          systemId: payer.systemId,
          userId: p.userId,
          actorUserId: p.actorUserId,
          ip,
        });
        return {
          status: 200 as const,
          body: {
            result: 'success' as const,
            message,
            card: await store(),
            onboarding: outcomeOf('charged'),
          },
        };
      };
      // A coupon that takes the whole fee: nothing to charge, the fee counts as paid.
      if (price.amount === 0) return finish(CARD_TEXTS.onboardingCovered);

      let charged: Awaited<ReturnType<ChargeOnce['charge']>>;
      try {
        charged = await deps.chargeOnce.charge({
          systemId: payer.systemId,
          businessKey: key,
          cause: {
            kind: 'onboarding_charge',
            description: `Onboarding fee of ${payer.companyName}`,
            companyId: payer.companyId,
          },
          customerId: attached.card.customerId,
          gateway: attached.card.gateway,
          amount: price.amount,
        });
      } catch (error) {
        // Same attempt, another amount (a concurrent request with another coupon): that one goes on.
        if (error instanceof Error && /exists with another/.test(error.message))
          throw new HttpError(409, 'payment_in_progress', CARD_TEXTS.paymentInProgress);
        // An outage or a lost answer: the operation stays pending for the janitor, nothing is saved.
        throw new HttpError(503, 'gateway_unavailable', CARD_TEXTS.gatewayUnavailable);
      }
      if (charged.status === 'succeeded') return finish(CARD_TEXTS.onboardingCharged);
      if (charged.status === 'pending')
        return {
          status: 202,
          body: {
            result: 'success',
            message: CARD_TEXTS.paymentInProgress,
            card: await store(),
            onboarding: outcomeOf('pending'),
          },
        };
      await deps.coupons.settle(key, 'released');
      await deps.audit.record({
        systemId: payer.systemId,
        companyId: payer.companyId,
        userId: p.userId,
        actorUserId: p.actorUserId,
        action: 'onboarding_charge_declined',
        category: 'settings',
        description: `The onboarding fee of ${payer.companyName} was declined: ${charged.message}`,
        ip,
      });
      throw new HttpError(402, 'card_declined', charged.message || 'Your card was declined.');
    },

    /** Finishes what a crash or the janitor left: charged fees not yet marked, reservations of failures. */
    async sweep(): Promise<{ completed: number; released: number }> {
      const { charged, failedKeys } = await deps.onboarding.unfinished();
      let completed = 0;
      for (const row of charged) {
        const owner = await deps.cards.ownerOf(row.companyId);
        if (!owner) continue;
        await complete({
          companyId: row.companyId,
          businessKey: row.businessKey,
          systemId: owner.systemId,
          userId: null,
          ip: '',
        });
        completed += 1;
      }
      for (const key of failedKeys) await deps.coupons.settle(key, 'released');
      return { completed, released: failedKeys.length };
    },
  };
}

export type OnboardingCharge = ReturnType<typeof createOnboardingCharge>;
