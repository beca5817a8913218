import { asCents, type Cents } from '@app/contracts';
import { MIN_CHARGE_CENTS } from './charge-limits.js';

/*
 * The platform's part of an activation (decision 0065) is due whatever the agency charges its client:
 * the agency's wholesale (setup and period fee, or the prepaid leads at wholesale) and, on a
 * non-master system, never less than the master's root fee that the system owes out of it. The
 * client's direct charge carries it as its application fee as far as it can; what it cannot carry
 * (a client priced below the agency's cost, or at 0) is charged to the agency's own card on the
 * platform, as manual bill does.
 */

export interface PlatformPartSplit {
  /** Kept by the platform out of the client's direct charge (never above that charge). */
  applicationFeeCents: Cents;
  /** Charged to the agency's card on the platform: 0, or at least the processor's minimum. */
  agencyChargeCents: Cents;
}

/** The platform's part: the wholesale total, and at least the root fee (0 on the master system). */
export function platformPart(wholesaleTotal: Cents, rootFeeTotal: Cents): Cents {
  if (wholesaleTotal < 0 || rootFeeTotal < 0) throw new RangeError('A part may not be negative');
  return wholesaleTotal > rootFeeTotal ? wholesaleTotal : rootFeeTotal;
}

/**
 * Splits the platform's part between the client's charge and the agency's card. The client's charge
 * carries all of it when it can; otherwise the agency pays the rest. A rest below the processor's
 * minimum charge (50 cents) is raised to the minimum and the application fee lowered by as much, so
 * the platform receives exactly its part and the agency keeps exactly `client − part` either way.
 * A part itself below the minimum that the client cannot carry cannot be charged: the caller checks
 * `agencyChargeCents` with `isChargeable` (it is the part, under 50 cents, only then).
 */
export function splitPlatformPart(clientCharge: Cents, part: Cents): PlatformPartSplit {
  if (clientCharge < 0 || part < 0) throw new RangeError('An amount may not be negative');
  if (clientCharge >= part) return { applicationFeeCents: part, agencyChargeCents: asCents(0) };
  const rest = part - clientCharge;
  if (rest >= MIN_CHARGE_CENTS || part < MIN_CHARGE_CENTS)
    return { applicationFeeCents: clientCharge, agencyChargeCents: asCents(rest) };
  return {
    applicationFeeCents: asCents(part - MIN_CHARGE_CENTS),
    agencyChargeCents: MIN_CHARGE_CENTS,
  };
}
