import { type Database, queryRows, sql } from '@app/db';
import { DELIVERY_RETRY } from '../../lib/retry-policy.js';
import type { EmailRequest, MailService } from '../mail/index.js';
import { intArray } from './sql-arrays.js';

/*
 * Delivery of stored leads (issue 11 "deliver"): each `lead_deliveries` row is one report e-mail or
 * notification the campaign asks for, written in the lead's claim transaction (the row is the
 * queued work: a transactional outbox, decision 0046). The delivery job takes due rows (SKIP
 * LOCKED, with a lease), hands them to the mail module's outbox in one batch and marks them
 * delivered; a row that fails is retried later on the product's delivery schedule (back-off with
 * jitter, decision 0096), and marked failed after the last attempt. Ingestion never waits on any of this.
 */

export const MAX_DELIVERY_ATTEMPTS = 5;

/**
 * How long a worker keeps a leased batch of deliveries. A batch hands its e-mails to the outbox in
 * milliseconds, so a minute only bounds how long a crashed worker's leads wait for the others (it was
 * five: the scale-out bench's fault run waited that long for the killed worker's batch). A batch that
 * outlived it would be delivered again by another worker: delivery is at least once.
 */
export const DELIVERY_LEASE_SECONDS = 60;

interface DueRow {
  id: number;
  kind: string;
  target: string;
  attempts: number;
  lead_id: number;
  system_id: number;
  client_id: number;
  campaign_name: string;
  public_id: string;
  first_name: string;
  last_name: string;
  emails: string[];
  city: string;
  state: string;
  module: string;
  hide_phone: boolean;
  phones: string[];
}

export interface DeliveryOutcome {
  delivered: number;
  retried: number;
  failed: number;
}

export function createLeadDelivery(deps: {
  db: Database;
  mail: Pick<MailService, 'queueEmails'>;
  /** Seconds before attempt n + 1 after n failed (default: the product's delivery schedule, with jitter). */
  retryDelaySeconds?: (attempts: number) => number;
}) {
  const { db } = deps;
  const delay = deps.retryDelaySeconds ?? ((n: number) => DELIVERY_RETRY.delayMs(n) / 1000);

  /** Leases up to `limit` due deliveries (a crashed worker's lease runs out after DELIVERY_LEASE_SECONDS). */
  const lease = (limit: number) =>
    queryRows<DueRow>(
      db,
      sql`with due as (
            select id from lead_deliveries
             where status = 'queued' and next_attempt_at <= now()
             order by next_attempt_at, id limit ${limit}
             for update skip locked)
          update lead_deliveries d set attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${DELIVERY_LEASE_SECONDS})
            from due, leads l, campaigns c
           where d.id = due.id and l.id = d.lead_id and c.id = l.campaign_id
          returning d.id, d.kind, d.target, d.attempts, l.id as lead_id, l.system_id, l.client_id,
                    c.name as campaign_name, c.public_id, l.first_name, l.last_name, l.emails, l.city,
                    l.state, l.module, c.hide_phone, l.phones`,
    );

  function emailOf(row: DueRow): EmailRequest {
    const name = [row.first_name, row.last_name].filter(Boolean).join(' ') || 'A new lead';
    const lines = [
      `${name} — campaign ${row.campaign_name} (#${row.public_id}, ${row.module}).`,
      row.emails.length ? `E-mail: ${row.emails.join(', ')}` : '',
      !row.hide_phone && row.phones.length ? `Phone: ${row.phones.join(', ')}` : '',
      row.city || row.state ? `Location: ${[row.city, row.state].filter(Boolean).join(', ')}` : '',
    ].filter(Boolean);
    return {
      systemId: row.system_id,
      companyId: row.client_id,
      to: row.target,
      subject:
        row.kind === 'notification'
          ? `New lead for campaign ${row.campaign_name}`
          : `Lead report: ${name} (${row.campaign_name})`,
      text: lines.join('\n'),
    };
  }

  const markDelivered = (ids: number[]) =>
    db.execute(
      sql`update lead_deliveries set status = 'delivered', delivered_at = now(), error = null
           where id = any(${intArray(ids)})`,
    );

  async function deliverOne(row: DueRow): Promise<'delivered' | 'retried' | 'failed'> {
    try {
      await deps.mail.queueEmails([emailOf(row)]);
      await markDelivered([row.id]);
      return 'delivered';
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const last = row.attempts >= MAX_DELIVERY_ATTEMPTS;
      await db.execute(
        last
          ? sql`update lead_deliveries set status = 'failed', error = ${message} where id = ${row.id}`
          : sql`update lead_deliveries set error = ${message},
                       next_attempt_at = now() + make_interval(secs => ${delay(row.attempts)})
                 where id = ${row.id}`,
      );
      return last ? 'failed' : 'retried';
    }
  }

  /**
   * The whole batch at once (its mails in one insert, their jobs in one, the rows in one update);
   * false when any of it failed.
   */
  async function deliverAll(rows: DueRow[]): Promise<boolean> {
    try {
      await deps.mail.queueEmails(rows.map(emailOf));
      await markDelivered(rows.map((row) => row.id));
      return true;
    } catch {
      return false;
    }
  }

  return {
    /** Delivers one batch of due rows; an empty outcome means nothing was due. */
    async deliverDue(limit = 100): Promise<DeliveryOutcome> {
      const rows = await lease(limit);
      if (rows.length > 1 && (await deliverAll(rows)))
        return { delivered: rows.length, retried: 0, failed: 0 };
      // One at a time when the batch failed, so that one row's fault cannot hold back the others
      // and each row's own error is kept (a batch that stored its mails but failed after that
      // sends them again: delivery is at least once).
      const outcome: DeliveryOutcome = { delivered: 0, retried: 0, failed: 0 };
      for (const row of rows) outcome[await deliverOne(row)] += 1;
      return outcome;
    },
  };
}

export type LeadDelivery = ReturnType<typeof createLeadDelivery>;
