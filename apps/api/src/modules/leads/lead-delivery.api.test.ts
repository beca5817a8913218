import { createHash } from 'node:crypto';
import { queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { insertCampaign, outcomes } from '../../../test/kits/campaigns.js';
import { createLeadDelivery, MAX_DELIVERY_ATTEMPTS } from './lead-delivery.js';

/*
 * Delivery of stored leads: one row per recipient written with the lead, handed to the mail
 * module's outbox by the delivery job, retried with a delay, failed after the last attempt, and
 * never in the way of ingestion. The worker is off so each step is run here.
 */

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime({}, { IN_PROCESS_WORKER: 'false' });
});
afterAll(() => rt.close());

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const identity = (email: string) => ({
  id: `d-${email}`,
  emailMd5: md5(email),
  firstName: 'Dana',
  lastName: 'Delivered',
  emails: [email],
  phones: ['303-555-0142'],
  address: { street: '9 Oak Ave', city: 'Denver', state: 'CO', zip: '80202' },
});

async function ingest(campaignId: number, emails: string[]) {
  await rt.services.leads.intake.insert(
    emails.map((email) => ({ campaignId, source: 'vendor_callback' as const, payload: identity(email) })),
  );
  while (await rt.services.leads.ingest.processNextBatch(100)) {}
}

const deliveriesOf = (campaignId: number) =>
  queryRows<{ kind: string; target: string; status: string; attempts: number; error: string | null }>(
    rt.database.db,
    sql`select d.kind, d.target, d.status, d.attempts, d.error from lead_deliveries d
          join leads l on l.id = d.lead_id where l.campaign_id = ${campaignId} order by d.id`,
  );

describe('lead delivery', () => {
  it('writes one delivery per recipient with the lead and hands each to the outbox', async () => {
    const campaign = await insertCampaign(rt.database.db, {
      reportSentTo: ['Reports@Harbor.test', 'reports@harbor.test'],
      adminNotifyTo: ['admin@harbor.test'],
      hidePhone: true,
    });
    await ingest(campaign.id, ['first.lead@example.com']);
    expect(await deliveriesOf(campaign.id)).toEqual([
      { kind: 'report_email', target: 'reports@harbor.test', status: 'queued', attempts: 0, error: null },
      { kind: 'notification', target: 'admin@harbor.test', status: 'queued', attempts: 0, error: null },
    ]);
    while ((await rt.services.leads.delivery.deliverDue()).delivered > 0) {}
    expect((await deliveriesOf(campaign.id)).map((d) => d.status)).toEqual(['delivered', 'delivered']);
    const mails = await queryRows<{ to_address: string; subject: string; text_body: string; jobs: number }>(
      rt.database.db,
      sql`select m.to_address, m.subject, m.text_body,
                 (select count(*)::int from pgboss.job j
                   where j.name = 'email.deliver' and (j.data->>'messageId')::int = m.id) as jobs
            from email_messages m
           where m.to_address in ('reports@harbor.test', 'admin@harbor.test') order by m.id`,
    );
    expect(mails.map((m) => m.to_address)).toEqual(['reports@harbor.test', 'admin@harbor.test']);
    // Each stored mail has its one delivery job.
    expect(mails.map((m) => m.jobs)).toEqual([1, 1]);
    expect(mails[0]?.text_body).toContain('first.lead@example.com');
    // The campaign hides phones in reports.
    expect(mails[0]?.text_body).not.toContain('555-0142');
  });

  it('delivers the rest of a batch when one of its rows fails, keeping that row for a retry', async () => {
    const campaign = await insertCampaign(rt.database.db, {
      reportSentTo: ['ok.one@harbor.test', 'refused@harbor.test', 'ok.two@harbor.test'],
    });
    const batches: string[][] = [];
    const picky = createLeadDelivery({
      db: rt.database.db,
      mail: {
        queueEmails: async (requests) => {
          batches.push(requests.map((r) => r.to));
          if (requests.some((r) => r.to === 'refused@harbor.test')) throw new Error('address refused');
          return requests.map((_, i) => i + 1);
        },
      },
      retryDelaySeconds: () => 3600,
    });
    await ingest(campaign.id, ['batch.lead@example.com']);
    expect(await picky.deliverDue()).toEqual({ delivered: 2, retried: 1, failed: 0 });
    // The whole batch once, then each row alone.
    expect(batches).toEqual([
      ['ok.one@harbor.test', 'refused@harbor.test', 'ok.two@harbor.test'],
      ['ok.one@harbor.test'],
      ['refused@harbor.test'],
      ['ok.two@harbor.test'],
    ]);
    expect((await deliveriesOf(campaign.id)).map((d) => [d.target, d.status, d.error])).toEqual([
      ['ok.one@harbor.test', 'delivered', null],
      ['refused@harbor.test', 'queued', 'address refused'],
      ['ok.two@harbor.test', 'delivered', null],
    ]);
  });

  it('retries a failing delivery, marks it failed after the last attempt, and never holds up ingestion', async () => {
    const campaign = await insertCampaign(rt.database.db, { reportSentTo: ['down@harbor.test'] });
    let calls = 0;
    const failing = createLeadDelivery({
      db: rt.database.db,
      mail: {
        queueEmails: async () => {
          calls += 1;
          throw new Error('mail store unavailable');
        },
      },
      retryDelaySeconds: () => 0,
    });
    const busy = await insertCampaign(rt.database.db);
    await ingest(campaign.id, ['retry.one@example.com']);
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      const outcome = await failing.deliverDue();
      expect(outcome).toEqual(
        attempt < MAX_DELIVERY_ATTEMPTS
          ? { delivered: 0, retried: 1, failed: 0 }
          : { delivered: 0, retried: 0, failed: 1 },
      );
      // Ingestion goes on while the delivery fails: each round stores another lead.
      await ingest(busy.id, [`retry.during.${attempt}@example.com`]);
    }
    expect(calls).toBe(MAX_DELIVERY_ATTEMPTS);
    expect((await outcomes(rt.database.db, busy.id)).leads).toHaveLength(MAX_DELIVERY_ATTEMPTS);
    const [first] = await deliveriesOf(campaign.id);
    expect(first).toEqual({
      kind: 'report_email',
      target: 'down@harbor.test',
      status: 'failed',
      attempts: MAX_DELIVERY_ATTEMPTS,
      error: 'mail store unavailable',
    });
    // A failed delivery is not taken again.
    expect(await failing.deliverDue()).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(calls).toBe(MAX_DELIVERY_ATTEMPTS);
  });

  it('waits for the retry delay before the next attempt', async () => {
    const campaign = await insertCampaign(rt.database.db, { reportSentTo: ['later@harbor.test'] });
    const slow = createLeadDelivery({
      db: rt.database.db,
      mail: {
        queueEmails: async () => {
          throw new Error('try later');
        },
      },
      retryDelaySeconds: () => 3600,
    });
    await ingest(campaign.id, ['retry.later@example.com']);
    expect((await slow.deliverDue()).retried).toBeGreaterThanOrEqual(1);
    const [row] = await queryRows<{ due_in_minutes: number }>(
      rt.database.db,
      sql`select extract(epoch from (d.next_attempt_at - now()))::int / 60 as due_in_minutes
            from lead_deliveries d join leads l on l.id = d.lead_id where l.campaign_id = ${campaign.id}`,
    );
    expect(row?.due_in_minutes).toBeGreaterThanOrEqual(59);
  });
});
