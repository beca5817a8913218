import type { createCouponRequestSchema } from '@app/contracts';
import {
  type Cents,
  COUPON_TEXTS,
  type CouponView,
  type CreateCouponRequest,
  type GetCouponResponse,
  parseDollarsToCents,
} from '@app/contracts';
import type { z } from 'zod';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import type { AuditLog } from '../audit/index.js';
import type { Principal } from '../tenancy/index.js';
import type { CardRepository } from './card-repository.js';
import { wireDollars } from './card-view.js';
import { percentTextToBasisPoints } from './coupon-percent.js';
import type { CouponRepository, CouponRow } from './coupon-repository.js';
import { checkCoupon, couponValueText, utcDay } from './coupon-rules.js';
import type { OnboardingCharge } from './onboarding-charge.js';

type CreateCoupon = z.output<typeof createCouponRequestSchema>;

export type { CreateCouponRequest };

const couponView = (row: CouponRow & { used: number }): CouponView => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  value: couponValueText(row),
  valid_from: row.validFrom,
  valid_to: row.validTo,
  usage_limit: row.usageLimit,
  used: row.used,
  disabled: row.disabledAt !== null,
  created_at: row.createdAt.toISOString(),
});

/**
 * Coupons of a system (decision 0032): system staff list, create and disable them on their system's
 * root company; agencies (and staff for them) check a code against the agency's onboarding fee.
 */
export function createCouponService(deps: {
  coupons: CouponRepository;
  cards: CardRepository;
  onboarding: Pick<OnboardingCharge, 'feeOf'>;
  audit: AuditLog;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** The caller's system's root company, named by the request (anything else is not found). */
  async function ownSystemRoot(p: Principal, companyId: number) {
    const company = await deps.cards.company(companyId);
    if (company?.kind !== 'root' || company.systemId !== p.systemId) throw notFound();
    return company;
  }

  return {
    async check(p: Principal, code: string, companyId = p.companyId): Promise<GetCouponResponse> {
      const company = await deps.cards.company(companyId);
      if (!company) throw notFound();
      if (company.kind !== 'agency') throw badRequest('Coupons apply to the onboarding fee of an agency.');
      if (code.trim() === '') throw badRequest(COUPON_TEXTS.blank);
      const price = await deps.onboarding.feeOf(company);
      const coupon = await deps.coupons.byCode(company.systemId, code);
      const used = coupon ? await deps.coupons.usedCount(coupon.id) : 0;
      const checked = checkCoupon(coupon, {
        today: utcDay(now()),
        used,
        fee: price.amountCents,
        allowed: price.enableCoupon && price.amountCents > 0,
      });
      if (!checked.ok || !coupon) {
        const message = checked.ok ? COUPON_TEXTS.notFound : checked.message;
        throw new HttpError(checked.ok ? 404 : checked.status, 'coupon_refused', message);
      }
      return {
        result: 'success',
        code: coupon.code,
        kind: coupon.kind,
        value: couponValueText(coupon),
        original_amount: wireDollars(price.amountCents),
        discount: wireDollars(checked.discount),
        amount: wireDollars(checked.amount),
      };
    },

    async list(p: Principal, companyId: number) {
      const root = await ownSystemRoot(p, companyId);
      return { result: 'success' as const, data: (await deps.coupons.list(root.systemId)).map(couponView) };
    },

    async create(p: Principal, input: CreateCoupon, ip: string) {
      const root = await ownSystemRoot(p, input.companyID);
      let value: { percentOffBasisPoints: number } | { amountOffCents: Cents };
      if (input.kind === 'percent') {
        const bp = percentTextToBasisPoints(input.value);
        if (bp === null) throw badRequest(COUPON_TEXTS.percentRange, { value: COUPON_TEXTS.percentRange });
        value = { percentOffBasisPoints: bp };
      } else {
        const cents = parseDollarsToCents(input.value);
        if (cents === null || cents <= 0)
          throw badRequest(COUPON_TEXTS.amountRequired, { value: COUPON_TEXTS.amountRequired });
        value = { amountOffCents: cents };
      }
      const from = input.valid_from ?? null;
      const to = input.valid_to ?? null;
      if (from !== null && to !== null && from > to)
        throw badRequest(COUPON_TEXTS.dates, { valid_to: COUPON_TEXTS.dates });
      const row = await deps.coupons.create({
        systemId: root.systemId,
        code: input.code,
        kind: input.kind,
        ...value,
        validFrom: from,
        validTo: to,
        usageLimit: input.usage_limit ?? null,
        createdBy: p.userId,
      });
      if (!row) throw new HttpError(409, 'duplicate', COUPON_TEXTS.duplicate);
      await deps.audit.record({
        systemId: p.systemId,
        companyId: root.companyId,
        userId: p.userId,
        actorUserId: p.actorUserId,
        action: 'coupon_created',
        category: 'settings',
        description: `Created the coupon ${row.code} (${input.kind === 'percent' ? `${couponValueText(row)}%` : `$${couponValueText(row)}`} off)`,
        ip,
      });
      return {
        result: 'success' as const,
        message: COUPON_TEXTS.created,
        coupon: couponView({ ...row, used: 0 }),
      };
    },

    async disable(p: Principal, companyId: number, id: number, ip: string) {
      const root = await ownSystemRoot(p, companyId);
      const coupon = await deps.coupons.byId(root.systemId, id);
      if (!coupon) throw notFound();
      const row = await deps.coupons.disable(coupon.id);
      if (!row) throw notFound();
      if (!coupon.disabledAt)
        await deps.audit.record({
          systemId: p.systemId,
          companyId: root.companyId,
          userId: p.userId,
          actorUserId: p.actorUserId,
          action: 'coupon_disabled',
          category: 'settings',
          description: `Disabled the coupon ${row.code}`,
          ip,
        });
      const used = await deps.coupons.usedCount(row.id);
      return {
        result: 'success' as const,
        message: COUPON_TEXTS.disabledNow,
        coupon: couponView({ ...row, used }),
      };
    },
  };
}

export type CouponService = ReturnType<typeof createCouponService>;
