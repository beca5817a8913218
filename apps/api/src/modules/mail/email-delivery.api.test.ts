import { companySmtp, DEMO, emailMessages, eq, systems } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.js';

let rt: TestRuntime;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink({ username: 'mailer', password: 's3cret-pass' });
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
  await smtp?.close();
});

async function systemOf(domain: string) {
  const [row] = await rt.database.db.select().from(systems).where(eq(systems.domain, domain));
  return row!;
}

async function waitForStatus(id: number, statuses: string[]) {
  for (let i = 0; i < 100; i++) {
    const [row] = await rt.database.db.select().from(emailMessages).where(eq(emailMessages.id, id));
    if (row && statuses.includes(row.status)) return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`message ${id} never reached ${statuses.join('/')}`);
}

describe('e-mail delivery job', () => {
  it("delivers through the system's SMTP server, authenticated with its stored password", async () => {
    const master = await systemOf(DEMO.master.domain);
    const port = smtp.port;
    await rt.database.db.insert(companySmtp).values({
      companyId: master.rootCompanyId!,
      host: '127.0.0.1',
      port,
      secure: false,
      username: 'mailer',
      passwordEncrypted: await rt.services.secrets.seal('s3cret-pass'),
      fromAddress: 'hello@leadorbit.test',
      fromName: 'LeadOrbit',
    });

    const id = await rt.services.mail.queueEmail({
      systemId: master.id,
      to: 'Person@Example.test',
      subject: 'Your sign-in code',
      text: 'Your code is 123456.',
    });
    const row = await waitForStatus(id, ['sent', 'failed']);
    expect(row).toMatchObject({ status: 'sent', transport: 'smtp', attempts: 1, lastError: null });
    const mail = smtp.received.find((m) => m.raw.includes('Your sign-in code'));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('hello@leadorbit.test');
    expect(mail!.to).toEqual(['person@example.test']);
    expect(mail!.user).toBe('mailer');
    expect(mail!.raw).toContain('Your code is 123456.');
  });

  it('sends attachments through SMTP, and stores a keyed mail once', async () => {
    const master = await systemOf(DEMO.master.domain);
    const request = {
      systemId: master.id,
      to: 'payer@example.test',
      subject: 'Invoice INV-TEST',
      text: 'Your invoice is attached.',
      key: 'test:attachment-once',
      attachments: [
        {
          fileName: 'invoice-INV-TEST.pdf',
          contentType: 'application/pdf',
          content: Buffer.from('%PDF-1.4 test'),
        },
      ],
    };
    const [id, again] = await Promise.all([
      rt.services.mail.queueEmail(request),
      rt.services.mail.queueEmail(request),
    ]);
    expect(again).toBe(id);
    const row = await waitForStatus(id, ['sent', 'failed']);
    expect(row).toMatchObject({ status: 'sent', transport: 'smtp' });
    const mails = smtp.received.filter((m) => m.raw.includes('Invoice INV-TEST'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain('filename=invoice-INV-TEST.pdf');
    expect(mails[0]!.raw).toContain(Buffer.from('%PDF-1.4 test').toString('base64'));
  });

  it('keeps mail in the outbox on a system without SMTP', async () => {
    const second = await systemOf(DEMO.brightreach.domain);
    const before = smtp.received.length;
    const id = await rt.services.mail.queueEmail({
      systemId: second.id,
      to: 'someone@example.test',
      subject: 'Welcome',
      text: 'Hello from the outbox.',
    });
    const row = await waitForStatus(id, ['kept', 'sent', 'failed']);
    expect(row).toMatchObject({
      status: 'kept',
      transport: 'outbox',
      fromAddress: `no-reply@${DEMO.brightreach.domain}`,
    });
    expect(smtp.received.length).toBe(before);
  });

  it('records the failure and keeps the message queued for a retry when the server refuses it', async () => {
    const master = await systemOf(DEMO.master.domain);
    await rt.database.db
      .update(companySmtp)
      .set({ passwordEncrypted: await rt.services.secrets.seal('wrong') })
      .where(eq(companySmtp.companyId, master.rootCompanyId!));
    const id = await rt.services.mail.queueEmail({
      systemId: master.id,
      to: 'x@example.test',
      subject: 'S',
      text: 'T',
    });
    for (let i = 0; i < 100; i++) {
      const [row] = await rt.database.db.select().from(emailMessages).where(eq(emailMessages.id, id));
      if (row && row.attempts > 0) {
        expect(row.status).toBe('queued');
        expect(row.lastError).toMatch(/Invalid login|Invalid username or password/);
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('no delivery attempt was recorded');
  });

  it('rejects a job payload that does not match its schema before queueing', async () => {
    await expect(rt.queue.enqueue(rt.handlers[0]!.spec, { messageId: -1 } as never)).rejects.toThrow();
  });
});
