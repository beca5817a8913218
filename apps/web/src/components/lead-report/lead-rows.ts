import type { LeadPrices, LeadReportRow } from '@app/contracts';
import type { LeadExportFormat } from '../../api/lead-reports';

/** What a hidden phone reads as (the campaign hides phones from its client). */
export const HIDDEN_PHONE = 'Hidden';
/** An empty cell: the lead came without this detail. */
export const NOT_GIVEN = '—';

/** The lead's name, else its e-mail, else 'Lead {id}', so every row has something to click. */
export function leadName(row: Pick<LeadReportRow, 'first_name' | 'last_name' | 'email' | 'lead_id'>): string {
  const name = `${row.first_name} ${row.last_name}`.trim();
  return name || row.email || `Lead ${row.lead_id}`;
}

export function phoneText(row: Pick<LeadReportRow, 'phone' | 'phone_hidden'>): string {
  if (row.phone_hidden) return HIDDEN_PHONE;
  return row.phone || NOT_GIVEN;
}

/** '1 Main St, Austin, TX 78701' with the parts the lead has. */
export function addressText(row: Pick<LeadReportRow, 'street' | 'city' | 'state' | 'zip'>): string {
  const region = [row.state, row.zip].filter(Boolean).join(' ');
  return [row.street, row.city, region].filter(Boolean).join(', ') || NOT_GIVEN;
}

/**
 * Which price columns the viewer sees: the client price always; the wholesale and the root fee only
 * when the server sent them (null: not the viewer's to see, so no empty column either).
 */
export function visiblePriceColumns(rows: readonly { prices: LeadPrices }[]): {
  wholesale: boolean;
  rootFee: boolean;
} {
  return {
    wholesale: rows.some((row) => row.prices.wholesale !== null),
    rootFee: rows.some((row) => row.prices.root_fee !== null),
  };
}

/** The download's file name: the campaign's public id (or 'all'), the day, the format's extension. */
export function leadFileName(
  campaignPublicId: string | null,
  today: string,
  format: LeadExportFormat,
): string {
  return `leads-${campaignPublicId ?? 'all'}-${today}.${format}`;
}

/**
 * When the lead was stored, as a person reads it ('Mar 2, 2026, 10:15 AM'), in the view's time zone
 * (the server names it: the campaign's, or across campaigns the viewer's), never the browser's own
 * unless that is the view's; unreadable values as sent.
 */
export function formatLeadTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
  } catch {
    // A zone this browser does not know: UTC, said so, rather than a time in an unnamed zone.
    return `${date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
  }
}

/**
 * A time zone as the report names it on screen: 'Central Time (America/Chicago)', the zone's
 * generic name where the browser has one, and always its IANA name.
 */
export function zoneLabel(timeZone: string): string {
  try {
    const generic = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return generic && generic !== timeZone ? `${generic} (${timeZone})` : timeZone;
  } catch {
    return timeZone;
  }
}
