import { type Cents, centsToDollars, type SavedCard } from '@app/contracts';
import type { CardRow } from './card-repository.js';

/** A stored card as the wire shows it (never the gateway's ids). */
export const cardView = (row: CardRow): SavedCard => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  exp_month: row.expMonth,
  exp_year: row.expYear,
  cardholder: row.holder,
  address: row.address,
  city: row.city,
  state: row.state,
  country: row.country,
  zip: row.zip,
  gateway: row.gateway === 'stripe' ? 'stripe' : 'sandbox',
  created_at: row.createdAt.toISOString(),
});

/** Dollars on the wire (decision 0028) with two decimals, zero included ('0.00', as a price shows). */
export const wireDollars = (cents: Cents): string => (cents === 0 ? '0.00' : centsToDollars(cents));
