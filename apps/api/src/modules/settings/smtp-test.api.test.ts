import { SMTP_NOT_CONFIGURED } from '@app/contracts';
import { companySmtp, emailMessages, eq, ilike, rateLimits } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { CLIENT, OWNER, ROOT, type SettingsKit, SUMMIT, settingsKit } from '../../../test/kits/settings.js';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.js';
import { TEST_EMAIL_LIMIT } from './smtp-test-service.js';

let rt: TestRuntime;
let kit: SettingsKit;
let ids: Awaited<ReturnType<SettingsKit['ids']>>;
let server: SmtpSink;
let port = 0;
let received: ReceivedMail[];

beforeAll(async () => {
  server = await startSmtpSink({ username: 'mailer', password: 'right-pass' });
  ({ port, received } = server);
  rt = await startTestRuntime();
  kit = settingsKit(rt);
  ids = await kit.ids();
});
afterAll(async () => {
  await rt?.close();
  await server?.close();
});

const smtpValue = (password: string) => ({
  host: '127.0.0.1',
  port,
  secure: false,
  username: 'mailer',
  password,
  fromAddress: 'mail@leadorbit.test',
  fromName: 'LeadOrbit Mail',
  replyTo: '',
});
const testEmail = (companyID: number, extra: Record<string, unknown> = {}) => ({
  fromAddress: 'hello@leadorbit.test',
  fromName: 'LeadOrbit',
  fromReplyto: 'support@leadorbit.test',
  subject: 'Checking our SMTP',
  content: 'If you can read this, the server works.',
  testEmailAddress: 'Person@Example.test',
  companyID,
  ...extra,
});

describe("test e-mails through the system's own SMTP server", () => {
  it('saves the operator’s private server (trusted) and delivers a test e-mail through it', async () => {
    const save = await kit.put(
      '/api/configuration/setting',
      { companyID: ids.masterRoot, comsetname: 'customsmtpmenu', comsetval: smtpValue('right-pass') },
      ROOT,
    );
    expect(save.statusCode, save.body).toBe(200);
    const before = received.length;
    const res = await kit.post(
      '/api/configuration/setting/test-email',
      testEmail(ids.masterRoot, { userType: 'root' }),
      ROOT,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      result: 'success',
      message: 'The test e-mail has been sent to person@example.test.',
    });
    expect(received.length).toBe(before + 1);
    const mail = received.at(-1)!;
    expect(mail.from).toBe('hello@leadorbit.test');
    expect(mail.to).toEqual(['person@example.test']);
    expect(mail.raw).toContain('Subject: Checking our SMTP');
    expect(mail.raw).toContain('If you can read this, the server works.');
    expect(mail.raw).toMatch(/Reply-To: support@leadorbit\.test/i);
    expect((await kit.lastLog(ids.masterRoot, 'smtp_test_sent'))?.ip).toBe('203.0.113.50');
  });

  it('testsmtp sends a fixed message from the saved sender', async () => {
    const before = received.length;
    const res = await kit.post(
      '/api/configuration/user/testsmtp',
      { companyID: ids.masterRoot, emailsent: 'ops@example.test' },
      ROOT,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)!.from).toBe('mail@leadorbit.test');
    expect(received.at(-1)!.raw).toContain('Subject: SMTP test');
  });

  it('says what the server answered when it refuses', async () => {
    await kit.put(
      '/api/configuration/setting',
      { companyID: ids.masterRoot, comsetname: 'customsmtpmenu', comsetval: smtpValue('wrong-pass') },
      ROOT,
    );
    const before = received.length;
    const res = await kit.post(
      '/api/configuration/user/testsmtp',
      { companyID: ids.masterRoot, emailsent: 'ops@example.test' },
      ROOT,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^The SMTP server did not accept the test e-mail: .*Invalid/);
    expect(received.length).toBe(before);
    expect((await kit.lastLog(ids.masterRoot, 'smtp_test_failed'))?.description).toContain('Invalid');
  });
});

describe('test e-mails are rate limited per company', () => {
  it(`sends ${TEST_EMAIL_LIMIT.limit} an hour, then answers 429 without connecting`, async () => {
    await kit.put(
      '/api/configuration/setting',
      { companyID: ids.masterRoot, comsetname: 'customsmtpmenu', comsetval: smtpValue('right-pass') },
      ROOT,
    );
    await kit.db.delete(rateLimits).where(ilike(rateLimits.key, 'smtp-test:%'));
    const before = received.length;
    for (let i = 0; i < TEST_EMAIL_LIMIT.limit; i++) {
      const res = await kit.post(
        '/api/configuration/user/testsmtp',
        { companyID: ids.masterRoot, emailsent: `ops${i}@example.test` },
        ROOT,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await kit.post('/api/configuration/setting/test-email', testEmail(ids.masterRoot), ROOT);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Too many test e-mails. Please try again in 60 minutes.');
    expect(received.length).toBe(before + TEST_EMAIL_LIMIT.limit);
  });
});

describe('agency SMTP servers must be public', () => {
  it('refuses a test e-mail to an agency server that points at a private address, before connecting', async () => {
    // As if DNS changed after the settings were saved: the check happens again at send time.
    await kit.db.insert(companySmtp).values({
      companyId: ids.northwind,
      host: '127.0.0.1',
      port,
      secure: false,
      username: 'mailer',
      passwordEncrypted: await rt.services.secrets.seal('right-pass'),
      fromAddress: 'hello@northwind.test',
    });
    const before = received.length;
    const res = await kit.post('/api/configuration/setting/test-email', testEmail(ids.northwind), OWNER);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'The SMTP host 127.0.0.1 resolves to 127.0.0.1, a loopback address. Connections to private, loopback, link-local and other non-public addresses are not allowed.',
    );
    await kit.db
      .update(companySmtp)
      .set({ host: 'localhost' })
      .where(eq(companySmtp.companyId, ids.northwind));
    const named = await kit.post(
      '/api/configuration/user/testsmtp',
      { companyID: ids.northwind, emailsent: 'x@example.test' },
      OWNER,
    );
    expect(named.json().error.message).toContain('The SMTP host localhost resolves to');
    expect(received.length).toBe(before);
  });

  it('refuses the same in the delivery job: the message fails at once, unsent, with the reason', async () => {
    const before = received.length;
    const id = await rt.services.mail.queueEmail({
      systemId: ids.masterSystem,
      companyId: ids.northwind,
      to: 'client@example.test',
      subject: 'Hello from the agency',
      text: 'Body',
    });
    for (let i = 0; i < 100; i++) {
      const [row] = await kit.db.select().from(emailMessages).where(eq(emailMessages.id, id));
      if (row && row.attempts > 0) {
        // A refused server stays refused: failed on the first attempt, no retries.
        expect(row.status).toBe('failed');
        expect(row.attempts).toBe(1);
        expect(row.transport).toBe('smtp');
        expect(row.lastError).toContain('The SMTP host localhost resolves to');
        expect(received.length).toBe(before);
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('no delivery attempt was recorded');
  });

  it('answers clearly when no SMTP server is saved, and 404 for foreign ids', async () => {
    const none = await kit.post('/api/configuration/setting/test-email', testEmail(ids.summit), SUMMIT);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(SMTP_NOT_CONFIGURED);
    expect(
      (await kit.post('/api/configuration/setting/test-email', testEmail(ids.summit), OWNER)).statusCode,
    ).toBe(404);
    expect(
      (await kit.post('/api/configuration/setting/test-email', testEmail(ids.coastal), ROOT)).statusCode,
    ).toBe(404);
    expect(
      (
        await kit.post(
          '/api/configuration/setting/test-email',
          testEmail(ids.northwind, { companyParentID: ids.summit }),
          OWNER,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await kit.post(
          '/api/configuration/user/testsmtp',
          { companyID: ids.harbor, emailsent: 'x@example.test' },
          CLIENT,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await kit.post(
          '/api/configuration/user/testsmtp',
          { companyID: ids.northwind, emailsent: 'not-an-address' },
          OWNER,
        )
      ).json().error.message,
    ).toBe('Please enter a valid e-mail address.');
  });
});
