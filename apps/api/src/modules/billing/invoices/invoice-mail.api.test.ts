import { invoiceFileName } from '@app/contracts';
import { sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { insertLead } from '../../../../test/kits/campaigns.js';
import { harborCampaign, harborPaying, moveCampaign } from '../../../../test/kits/harbor-billing.js';
import { get, PEOPLE, type Who, who } from '../../../../test/kits/users.js';
import { type SettableClock, settableClock } from '../../../lib/clock.js';

/*
 * Invoices e-mailed to their payer (decision 0084): once the period's invoice is written and charged,
 * the client's main person gets one e-mail with the number, period, total, status and the PDF, however
 * often and concurrently the job runs, and a crash between the mail and its mark sends no second one.
 */

const DAY = 86_400_000;
let rt: TestRuntime;
let clock: SettableClock;
let client: Who;
let owner: Who;
let root: Who;
let harbor: number;

beforeAll(async () => {
  clock = settableClock(new Date());
  rt = await startTestRuntime({ clock });
  ({ client, owner, harbor } = await harborPaying(rt));
  root = await who(rt, PEOPLE.root);
});
afterAll(() => rt?.close());

interface MailRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  company_id: number | null;
  files: number;
  file_name: string | null;
  content_type: string | null;
  head: string | null;
}

const mailsFor = async (invoiceId: number) =>
  (
    (await rt.database.db.execute(
      sql`select m.id::int, m.to_address, m.subject, m.text_body, m.company_id,
                 (select count(*)::int from email_attachments a where a.message_id = m.id) as files,
                 a.file_name, a.content_type, convert_from(substring(a.content from 1 for 5), 'SQL_ASCII') as head
            from email_messages m left join email_attachments a on a.message_id = m.id and a.position = 0
           where m.dedupe_key = ${`invoice:${invoiceId}`}`,
    )) as unknown as { rows: MailRow[] }
  ).rows;

const invoiceOf = async (campaignId: number) =>
  (
    (await rt.database.db.execute(
      sql`select id::int, number, status, total::int, emailed_at as "emailedAt" from invoices
           where campaign_id = ${campaignId} and kind = 'period' order by id limit 1`,
    )) as unknown as {
      rows: { id: number; number: string; status: string; total: number; emailedAt: Date | null }[];
    }
  ).rows[0];

const runJob = () => rt.services.billing.invoicing.run().then(() => rt.services.billing.invoiceMail.send());

describe('the invoice e-mail', () => {
  it('goes once to the client’s main person with its PDF, under concurrent runs and after a crash', async () => {
    const { id } = await harborCampaign(
      rt,
      { client, owner, harbor },
      { PaymentTerm: 'Weekly', PlatformFee: '31', CostMonth: '49', CostSet: '1.50' },
    );
    expect((await moveCampaign(rt, owner, id, 'running')).statusCode).toBe(200);
    const [campaign] = (
      (await rt.database.db.execute(
        sql`select id, client_id as "clientId", agency_id as "agencyId", system_id as "systemId", module
              from campaigns where id = ${id}`,
      )) as unknown as {
        rows: { id: number; clientId: number; agencyId: number; systemId: number; module: string }[];
      }
    ).rows;
    await insertLead(rt.database.db, campaign!, {
      createdAt: new Date(clock.now().getTime() + 60_000),
      clientPriceMicros: 1_500_000 as never,
      wholesaleMicros: 300_000 as never,
      rootFeeMicros: 0 as never,
    });

    // Before the week ends there is no invoice and no mail.
    await runJob();
    expect(await invoiceOf(id)).toBeUndefined();

    clock.advance(8 * DAY);
    await Promise.all(Array.from({ length: 5 }, runJob));
    const invoice = await invoiceOf(id);
    expect(invoice).toMatchObject({ status: 'paid', total: 5_050 });
    expect(invoice?.emailedAt).not.toBeNull();
    const mails = await mailsFor(invoice!.id);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to_address).toBe(PEOPLE.client.toLowerCase());
    expect(mail.company_id).toBe(harbor);
    expect(mail.subject).toContain(invoice!.number);
    expect(mail.text_body).toContain(`Invoice ${invoice!.number}`);
    expect(mail.text_body).toContain('Total: $50.50');
    expect(mail.text_body).toContain('Status: Paid');
    expect(mail.text_body).toMatch(/Period: \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d/);
    expect(mail).toMatchObject({
      files: 1,
      file_name: invoiceFileName(invoice!.number),
      content_type: 'application/pdf',
      head: '%PDF-',
    });

    // A crash after the mail was stored and before the invoice was marked: the next run finds the mail.
    await rt.database.db.execute(sql`update invoices set emailed_at = null where id = ${invoice!.id}`);
    await Promise.all([runJob(), runJob()]);
    expect(await mailsFor(invoice!.id)).toHaveLength(1);
    expect((await invoiceOf(id))?.emailedAt).not.toBeNull();

    // The outbox keeps it, attachment named.
    const outbox = await get(rt, `/outbox?to=${encodeURIComponent(PEOPLE.client)}`, root.token);
    expect(outbox.statusCode, outbox.body).toBe(200);
    const listed = (
      outbox.json() as { data: { id: number; attachments: { file_name: string; size: number }[] }[] }
    ).data.find((m) => m.id === mail.id);
    expect(listed?.attachments).toEqual([
      expect.objectContaining({
        file_name: invoiceFileName(invoice!.number),
        content_type: 'application/pdf',
      }),
    ]);
    expect(listed?.attachments[0]?.size).toBeGreaterThan(500);
  });
});
