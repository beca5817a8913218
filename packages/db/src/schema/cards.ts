import type { Cents } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, systems } from './tenancy.js';
import { users } from './users.js';

/*
 * Cards and coupons (issue 10 "Cards and who pays whom", decision 0032). Who pays whom: an agency's
 * card is a customer on its system's platform account; a client's card is a customer on its agency's
 * connected account. The card's number never reaches us: the gateway holds it, we keep what the card
 * setting shows and the gateway's ids.
 */

const createdAt = () => timestamp({ withTimezone: true }).defaultNow().notNull();

/** A company's customer at the gateway: one per company, on the platform or on its agency's account. */
export const paymentCustomers = pgTable('payment_customers', {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id),
  systemId: integer()
    .notNull()
    .references(() => systems.id),
  gateway: text().notNull(),
  customerId: text().notNull(),
  /** The agency's connected account the customer lives on (a client's); null on the platform. */
  connectedAccountId: text(),
  createdAt: createdAt(),
});

/**
 * The cards companies saved, history included: a replaced card keeps its row with `replacedAt` set,
 * and at most one card per company is current (the partial unique index).
 */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    /** Who saved it. */
    userId: integer().references(() => users.id),
    gateway: text().notNull(),
    customerId: text().notNull(),
    connectedAccountId: text(),
    paymentMethodId: text().notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: integer().notNull(),
    expYear: integer().notNull(),
    holder: text().notNull(),
    address: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    country: text().notNull(),
    zip: text().notNull(),
    createdAt: createdAt(),
    replacedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_cards_current_idx').on(t.companyId).where(sql`${t.replacedAt} is null`),
    check('payment_cards_exp_month', sql`${t.expMonth} between 1 and 12`),
  ],
);

/** Coupons a system offers (percent or amount off, validity, usage limit), created by system staff. */
export const coupons = pgTable(
  'coupons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    /** Upper-case; unique per system. */
    code: text().notNull(),
    kind: text().$type<'percent' | 'amount'>().notNull(),
    /** Percent off in basis points (1250 = 12.50 %), for a percent coupon. */
    percentOffBasisPoints: integer(),
    amountOffCents: bigint({ mode: 'number' }).$type<Cents>(),
    /** Inclusive UTC days; null = unbounded. */
    validFrom: date({ mode: 'string' }),
    validTo: date({ mode: 'string' }),
    usageLimit: integer(),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
    disabledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupons_system_code_idx').on(t.systemId, t.code),
    check('coupons_code_upper', sql`${t.code} = upper(${t.code})`),
    check(
      'coupons_kind_value',
      sql`(${t.kind} = 'percent' and ${t.percentOffBasisPoints} between 1 and 10000 and ${t.amountOffCents} is null)
       or (${t.kind} = 'amount' and ${t.amountOffCents} > 0 and ${t.percentOffBasisPoints} is null)`,
    ),
    check(
      'coupons_dates',
      sql`${t.validFrom} is null or ${t.validTo} is null or ${t.validFrom} <= ${t.validTo}`,
    ),
    check('coupons_usage_limit', sql`${t.usageLimit} is null or ${t.usageLimit} >= 1`),
  ],
);

/**
 * A coupon's use by one payment operation (its business key): `reserved` while the charge is under
 * way (it counts against the limit), then `redeemed` or `released` (the charge failed).
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer()
      .notNull()
      .references(() => coupons.id),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    businessKey: text().notNull(),
    discountCents: bigint({ mode: 'number' }).$type<Cents>().notNull(),
    status: text().$type<'reserved' | 'redeemed' | 'released'>().notNull().default('reserved'),
    createdAt: createdAt(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_key_idx').on(t.businessKey),
    index('coupon_redemptions_coupon_idx').on(t.couponId),
    check('coupon_redemptions_status', sql`${t.status} in ('reserved', 'redeemed', 'released')`),
  ],
);
