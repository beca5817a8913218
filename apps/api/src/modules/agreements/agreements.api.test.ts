import { createHash } from 'node:crypto';
import { asCents, FEATURE_AGREEMENT_REQUIRED } from '@app/contracts';
import { DEMO, DEMO_PASSWORD, queryRows, sql } from '@app/db';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { OWNER, ROOT, type SettingsKit, SUMMIT, settingsKit } from '../../../test/kits/settings.js';
import { pdfText } from '../../../test/pdf-text.js';
import type { LedgerCauseKind } from '../ledger/index.js';

const ADMIN = DEMO.northwind.administrator.email;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let rt: TestRuntime;
let kit: SettingsKit;
let ids: Awaited<ReturnType<SettingsKit['ids']>>;
let owner: { id: number };
let admin: { id: number };
let summitOwner: { id: number };
beforeAll(async () => {
  rt = await startTestRuntime();
  kit = settingsKit(rt);
  ids = await kit.ids();
  owner = await kit.userRow(OWNER);
  admin = await kit.userRow(ADMIN);
  summitOwner = await kit.userRow(SUMMIT);
});
afterAll(() => rt?.close());

const gate = async (email: string, feature = 1) =>
  (await kit.get(`/api/beta-feature/gate/${feature}`, email)).json();
const setWallet = (
  body: { is_beta: boolean; apply_to_all_agency: boolean; testers: number[] },
  email: string = ROOT,
) => kit.put('/api/configuration/beta-features/1', body, email);
const acceptWallet = (email: string, userId: number, extra: Record<string, unknown> = {}) =>
  kit.put(
    `/api/marketing-services-agreement-feature/${userId}/1`,
    {
      feature_id: 1,
      feature_name: 'Data Wallet',
      user_id: userId,
      is_marketing_services_agreement_feature: 'T',
      location_menu: 'data-wallet',
      ...extra,
    },
    email,
  );
/** The Data Wallet's view and CSV at the spec's paths (decision 0073). */
const walletUrl = (companyId: number, date?: string) =>
  `/api/configuration/agencies/prepaid/get-direct-payment?company_id=${companyId}${date ? `&date=${date}` : ''}`;
const walletCsvUrl = (companyId: number, date: string) =>
  `/api/configuration/agencies/prepaid/download-transaction-history-direct-payment/${companyId}/${date}`;
const count = async (table: 'agreement_acceptances' | 'feature_agreements' | 'agreement_download_links') =>
  (await queryRows<{ n: number }>(kit.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]
    ?.n;
const link = async (email: string, userId: number, document?: string) =>
  kit.post(
    `/api/general/user-service-agreement-download/${userId}`,
    document ? { document_type: document } : {},
    email,
  );
const open = async (email: string, pkdoc: string, pwd = DEMO_PASSWORD) =>
  kit.post('/api/docauth', { pwd, urldata: pkdoc }, email);

describe('beta features per system', () => {
  it('the system user lists the features with the agencies of its system only', async () => {
    const res = await kit.get('/api/configuration/beta-features', ROOT);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.features.map((f: { slug: string }) => f.slug)).toEqual([
      'data_wallet',
      'b2b_module',
      'simplifi_module',
    ]);
    const agencyIds = body.agencies.map((a: { company_id: number }) => a.company_id);
    expect(agencyIds).toContain(ids.northwind);
    expect(agencyIds).not.toContain(ids.coastal);
  });

  it('agency staff may not read or set them (404), and nothing changes', async () => {
    expect((await kit.get('/api/configuration/beta-features', OWNER)).statusCode).toBe(404);
    expect(
      (await setWallet({ is_beta: false, apply_to_all_agency: true, testers: [] }, OWNER)).statusCode,
    ).toBe(404);
    expect((await gate(OWNER)).gate).toBe('unavailable');
  });

  it("refuses another system's agency as a tester (404) and keeps the previous settings", async () => {
    const res = await setWallet({ is_beta: true, apply_to_all_agency: false, testers: [ids.coastal] });
    expect(res.statusCode).toBe(404);
    expect((await queryRows(kit.db, sql`select 1 from system_beta_features`)).length).toBe(0);
  });

  it('a tester agency gets the agreement gate; another agency does not see the feature', async () => {
    expect(
      (await setWallet({ is_beta: true, apply_to_all_agency: false, testers: [ids.northwind] })).statusCode,
    ).toBe(200);
    expect(await gate(OWNER)).toMatchObject({
      available: true,
      is_beta: true,
      status: 'F',
      gate: 'agreement',
    });
    expect((await gate(SUMMIT)).gate).toBe('unavailable');
    // The setup check the web app reads says the same.
    const setup = (await kit.get(`/api/user/checksetupcomplete/${owner.id}`, OWNER)).json();
    expect(setup.isBeta).toBe(true);
    expect(setup.betaFeature[0]).toMatchObject({
      slug: 'data_wallet',
      is_beta: true,
      apply_to_all_agency: false,
    });
    expect(setup.isDataWalletAgree).toBe(false);
  });

  it('the server refuses the wallet until the agreement is accepted, and a non-tester altogether', async () => {
    const refused = await kit.get(walletUrl(ids.northwind), OWNER);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(FEATURE_AGREEMENT_REQUIRED);
    expect((await kit.get(walletUrl(ids.summit), SUMMIT)).statusCode).toBe(404);
    await expect(rt.services.agreements.beta.requireOpen(ids.northwind, 1)).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(rt.services.agreements.beta.requireOpen(ids.summit, 1)).rejects.toMatchObject({
      statusCode: 404,
    });
    // A feature that is no longer beta opens directly (b2b, on any system).
    await kit.put(
      '/api/configuration/beta-features/2',
      { is_beta: false, apply_to_all_agency: false, testers: [] },
      ROOT,
    );
    expect((await gate(SUMMIT, 2)).gate).toBe('open');
    await expect(rt.services.agreements.beta.requireOpen(ids.summit, 2)).resolves.toBeUndefined();
  });
});

describe('accepting an agreement', () => {
  it('nobody accepts for someone else (404), and nothing is recorded', async () => {
    const before = await count('agreement_acceptances');
    expect((await acceptWallet(OWNER, admin.id)).statusCode).toBe(404);
    expect((await acceptWallet(SUMMIT, owner.id)).statusCode).toBe(404);
    // A path that names another agreement than its body.
    const mismatch = await kit.put(
      `/api/marketing-services-agreement-feature/${owner.id}/2`,
      { feature_id: 1, user_id: owner.id, is_marketing_services_agreement_feature: 'T' },
      OWNER,
    );
    expect(mismatch.statusCode).toBe(400);
    expect(await count('agreement_acceptances')).toBe(before);
  });

  it('records who, which company, when, from where and the exact version; the gate opens', async () => {
    const res = await acceptWallet(OWNER, owner.id, { company_id: ids.northwind });
    expect(res.statusCode).toBe(200);
    const { acceptance } = res.json();
    const shown = (
      await kit.get('/api/document/agreement?name=service-billing-agreement&host=localhost')
    ).json();
    expect(acceptance).toMatchObject({
      user_id: owner.id,
      company_id: ids.northwind,
      company_name: DEMO.northwind.name,
      document_type: 'service-billing-agreement',
      document_version: shown.version,
      feature_id: 1,
      ip: '203.0.113.50',
    });
    // The hash is that of the text the documents route shows: the version as it was read.
    expect(acceptance.content_sha256).toBe(sha256(shown.html));
    expect(await gate(OWNER)).toMatchObject({ status: 'T', gate: 'open' });
    expect(
      (await kit.get(`/api/marketing-services-agreement-feature/${owner.id}/1`, OWNER)).json(),
    ).toMatchObject({ status: 'T' });
    // The administrator works for the same agency: the agency has accepted.
    expect(
      (await kit.get(`/api/marketing-services-agreement-feature/${admin.id}/1`, ADMIN)).json().status,
    ).toBe('T');
    const setup = (await kit.get(`/api/user/checksetupcomplete/${owner.id}`, OWNER)).json();
    expect(setup.isDataWalletAgree).toBe(true);
  });

  it('the wallet then answers the ledger: 0 and no lines, then a top-up posted to it', async () => {
    const empty = (await kit.get(walletUrl(ids.northwind, '2026-01'), OWNER)).json();
    expect(empty).toMatchObject({ balance_amount: '0', month: '2026-01', transaction_history: [] });
    const ledger = rt.services.ledger;
    const systemId = ids.masterSystem;
    const wallet = await ledger.accountFor({
      systemId,
      kind: 'wallet',
      owner: { type: 'company', companyId: ids.northwind },
    });
    const clearing = await ledger.accountFor({
      systemId,
      kind: 'gateway_clearing',
      owner: { type: 'system' },
    });
    await ledger.post({
      systemId,
      cause: {
        kind: 'wallet_topup',
        description: 'Data Wallet top-up',
        businessKey: 'test:wallet:1',
        companyId: ids.northwind,
      },
      lines: [
        { accountId: clearing.id, amount: asCents(25_000) },
        { accountId: wallet.id, amount: asCents(-25_000) },
      ],
    });
    const now = new Date();
    const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const after = (await kit.get(walletUrl(ids.northwind, month), OWNER)).json();
    expect(after.balance_amount).toBe('250.00');
    expect(after.transaction_history).toEqual([
      expect.objectContaining({ title: 'Data Wallet top-up', transaction_type: 'topup', amount: '250.00' }),
    ]);
    expect((await kit.get(walletUrl(ids.northwind, '2026-13'), OWNER)).statusCode).toBe(400);
  });

  it("downloads a month's wallet history as CSV: that month's rows only, formula-safe, scoped", async () => {
    const ledger = rt.services.ledger;
    const systemId = ids.masterSystem;
    const wallet = await ledger.accountFor({
      systemId,
      kind: 'wallet',
      owner: { type: 'company', companyId: ids.northwind },
    });
    const clearing = await ledger.accountFor({
      systemId,
      kind: 'gateway_clearing',
      owner: { type: 'system' },
    });
    const post = (
      key: string,
      description: string,
      cents: number,
      postedAt: Date,
      kind: LedgerCauseKind = 'wallet_topup',
    ) =>
      ledger.post({
        systemId,
        cause: { kind, description, businessKey: key, companyId: ids.northwind },
        lines: [
          { accountId: clearing.id, amount: asCents(cents) },
          { accountId: wallet.id, amount: asCents(-cents) },
        ],
        postedAt,
      });
    // March 2026: a top-up and a spend; April: one more top-up that March's file must not hold.
    await post('test:wallet:march-1', '=cmd|top-up', 10_000, new Date('2026-03-02T10:00:00Z'));
    await post(
      'test:wallet:march-2',
      'Leads of campaign 7',
      -2_550,
      new Date('2026-03-15T08:30:00Z'),
      'wallet_spend',
    );
    await post('test:wallet:april', 'April top-up', 5_000, new Date('2026-04-01T00:00:00Z'));

    const res = await kit.get(walletCsvUrl(ids.northwind, '2026-03'), OWNER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment; filename="data-wallet-2026-03.csv"');
    expect(res.headers['x-total-rows']).toBe('2');
    expect(res.body.split('\r\n')).toEqual([
      '\uFEFFDate (UTC),Transaction,Type,Amount,Balance,Expires (UTC)',
      "2026-03-02 10:00:00,'=cmd|top-up,topup,100.00,100.00,",
      "2026-03-15 08:30:00,Leads of campaign 7,charge,'-25.50,74.50,",
      '',
    ]);
    // A month without lines is a header only; a bad month is refused.
    const empty = await kit.get(walletCsvUrl(ids.northwind, '2025-01'), OWNER);
    expect(empty.body).toBe('\uFEFFDate (UTC),Transaction,Type,Amount,Balance,Expires (UTC)\r\n');
    expect((await kit.get(walletCsvUrl(ids.northwind, '2026-3'), OWNER)).statusCode).toBe(400);
    // Another agency's wallet, a client's id and an agency whose gate is closed: 404, nothing leaks.
    expect((await kit.get(walletCsvUrl(ids.summit, '2026-03'), OWNER)).statusCode).toBe(404);
    expect((await kit.get(walletCsvUrl(ids.harbor, '2026-03'), OWNER)).statusCode).toBe(404);
    expect((await kit.get(walletCsvUrl(ids.summit, '2026-03'), SUMMIT)).statusCode).toBe(404);
  });

  it('acceptances and published versions are never rewritten (the database refuses)', async () => {
    const refusal = async (query: ReturnType<typeof sql>) => {
      const error = await kit.db.execute(query).then(
        () => null,
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
      return error;
    };
    expect(await refusal(sql`update agreement_acceptances set ip = '1.2.3.4'`)).toMatch(
      /never changed \(UPDATE\)/,
    );
    expect(await refusal(sql`delete from agreement_acceptances`)).toMatch(/never changed \(DELETE\)/);
    expect(
      await refusal(sql`update documents set html = 'changed' where name = 'service-billing-agreement'`),
    ).toMatch(/documents rows are never changed/);
    expect(await count('agreement_acceptances')).toBeGreaterThan(0);
  });

  it('the developer agreement sets the flag, records the acceptance and reads back', async () => {
    const before = (await kit.get('/api/marketing-services-agreement', OWNER)).json();
    expect(before).toMatchObject({
      is_marketing_services_agreement_developer: 'F',
      accepted_at: null,
      first_time_charge: null,
    });
    const res = await kit.put(
      '/api/marketing-services-agreement',
      {
        user_id: owner.id,
        is_marketing_services_agreement_developer: 'T',
        company_name: DEMO.northwind.name,
        company_id: ids.northwind,
        location_menu: 'developer',
      },
      OWNER,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().acceptance.document_type).toBe('marketing-services-agreement-developer');
    const after = (await kit.get(`/api/marketing-services-agreement/${ids.northwind}`, ROOT)).json();
    expect(after.is_marketing_services_agreement_developer).toBe('T');
    expect(after.accepted_at).not.toBeNull();
    // Another agency's company id: 404.
    expect((await kit.get(`/api/marketing-services-agreement/${ids.summit}`, OWNER)).statusCode).toBe(404);
  });

  it('every acceptance is in the user logs: who, which document version, from which IP, in words', async () => {
    const res = await kit.post(
      '/api/general/user-service-agreement-confirm',
      { user_id: admin.id, document_type: 'service-billing-agreement', location_menu: 'data-wallet' },
      ADMIN,
    );
    expect(res.statusCode, res.body).toBe(200);
    const acceptance = res.json().acceptance;
    const logs = await kit.post(
      '/api/configuration/user/log-user',
      { companyID: ids.northwind, action: 'user' },
      OWNER,
    );
    expect(logs.statusCode, logs.body).toBe(200);
    const rows = logs.json().data.filter((r: { action_id: string }) => r.action_id === 'agreement_accepted');
    // This one first (newest first), then the earlier ones of this file (the developer agreement…).
    expect(rows[0].name).toBe(DEMO.northwind.administrator.name);
    expect(rows[0]).toMatchObject({
      action: 'Agreement accepted',
      category: 'user',
      user_ip: '203.0.113.50',
      company_name: DEMO.northwind.name,
    });
    expect(rows[0].description).toContain(
      `"${acceptance.document_title}" (service-billing-agreement) version ${acceptance.document_version}`,
    );
    expect(rows[0].description).toContain(`record #${acceptance.id}`);
    const developer = rows.find((r: { description: string }) =>
      r.description.includes('(marketing-services-agreement-developer)'),
    );
    expect(developer?.name).toBe(DEMO.northwind.owner.name);

    // Turning the developer agreement off is logged too; a refused acceptance logs nothing.
    const off = await kit.put(
      '/api/marketing-services-agreement',
      {
        user_id: owner.id,
        is_marketing_services_agreement_developer: 'F',
        company_id: ids.northwind,
      },
      OWNER,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect((await kit.lastLog(ids.northwind, 'developer_agreement_withdrawn'))?.ip).toBe('203.0.113.50');
    const before = await count('agreement_acceptances');
    const refused = await kit.post(
      '/api/general/user-service-agreement-confirm',
      { user_id: owner.id, document_type: 'v2' },
      ADMIN,
    );
    expect(refused.statusCode).toBe(404);
    expect(await count('agreement_acceptances')).toBe(before);
    const after = await kit.post(
      '/api/configuration/user/log-user',
      { companyID: ids.northwind, action: 'user' },
      OWNER,
    );
    expect(after.json().total).toBe(logs.json().total + 1); // the withdrawal only
  });
});

describe('the PDF of an accepted agreement', () => {
  it('a link opens once, with the password of the person who asked for it', async () => {
    const res = await link(OWNER, owner.id, 'service-billing-agreement');
    expect(res.statusCode).toBe(200);
    const { url, pkdoc } = res.json();
    expect(url).toBe(`/download-auth/${pkdoc}`);
    // Only the token's hash is stored.
    expect(
      (await queryRows(kit.db, sql`select 1 from agreement_download_links where token_sha256 = ${pkdoc}`))
        .length,
    ).toBe(0);

    const wrong = await open(OWNER, pkdoc, 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    // Someone else's session cannot open it, even with their own password.
    expect((await open(ROOT, pkdoc)).statusCode).toBe(410);

    const ok = await open(OWNER, pkdoc);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.headers['content-disposition']).toMatch(
      /^attachment; filename="service-billing-agreement-v\d+-\d+\.pdf"$/,
    );
    const pdf = await PDFDocument.load(ok.rawPayload);
    expect(pdf.getTitle()).toBe('Service Billing Agreement');
    const acceptance = (
      await queryRows<{ content_sha256: string; id: number }>(
        kit.db,
        sql`select id, content_sha256 from agreement_acceptances where user_id = ${owner.id}
          and document_name = 'service-billing-agreement' order by id desc limit 1`,
      )
    )[0];
    expect(pdf.getKeywords()).toBe(`sha256:${acceptance?.content_sha256}`);
    const text = pdfText(ok.rawPayload);
    expect(text).toContain('Service Billing Agreement');
    expect(text).toContain(`This agreement sets out how ${DEMO.master.root.legalName} bills`);
    expect(text).toContain(`Accepted by: ${DEMO.northwind.owner.name} <${OWNER}>`);
    expect(text).toContain(`Company: ${DEMO.northwind.name}`);
    expect(text).toContain('IP address: 203.0.113.50');
    expect(text).toContain(`Text SHA-256: ${acceptance?.content_sha256}`);

    // Single use.
    const again = await open(OWNER, pkdoc);
    expect(again.statusCode).toBe(410);
  });

  it('two concurrent openings of one link give one PDF', async () => {
    const { pkdoc } = (await link(OWNER, owner.id)).json();
    const answers = await Promise.all([open(OWNER, pkdoc), open(OWNER, pkdoc), open(OWNER, pkdoc)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410, 410]);
  });

  it('an expired link opens nothing', async () => {
    const { pkdoc } = (await link(OWNER, owner.id)).json();
    await kit.db.execute(sql`update agreement_download_links set expires_at = now() - interval '1 second'
      where token_sha256 = ${sha256(pkdoc)}`);
    expect((await open(OWNER, pkdoc)).statusCode).toBe(410);
  });

  it('the system user downloads an agency owner’s agreement; another agency may not (404)', async () => {
    const res = await link(ROOT, owner.id);
    expect(res.statusCode).toBe(200);
    const ok = await open(ROOT, res.json().pkdoc);
    expect(ok.statusCode).toBe(200);
    expect(pdfText(ok.rawPayload)).toContain(`Accepted by: ${DEMO.northwind.owner.name}`);
    expect((await link(SUMMIT, owner.id)).statusCode).toBe(404);
    // Nothing accepted: nothing to download.
    const none = await link(SUMMIT, summitOwner.id);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('This user has not accepted an agreement yet.');
  });

  it('a new version accepted later is the one its PDF shows; the earlier acceptance keeps its own', async () => {
    const [first] = await queryRows<{ id: number; document_version: number }>(
      kit.db,
      sql`select id, document_version from agreement_acceptances where user_id = ${owner.id}
        and document_name = 'service-billing-agreement' order by id limit 1`,
    );
    await kit.db.execute(sql`insert into documents (system_id, name, title, html, version)
      values (${ids.masterSystem}, 'service-billing-agreement', 'Service Billing Agreement',
        '<p>Version two of the billing terms of {{company}}: invoices are due in 15 days.</p>', 2)`);
    const confirm = await kit.post(
      '/api/general/user-service-agreement-confirm',
      { user_id: owner.id, document_type: 'service-billing-agreement', location_menu: 'test' },
      OWNER,
    );
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().acceptance.document_version).toBe(2);
    const latest = await open(OWNER, (await link(OWNER, owner.id, 'service-billing-agreement')).json().pkdoc);
    const text = pdfText(latest.rawPayload);
    expect(text).toContain(`Version two of the billing terms of ${DEMO.master.root.legalName}`);
    expect(text).toContain('Version 2');
    // The first acceptance still names version 1 and its own text.
    const firstRow = (
      await queryRows<{ document_version: number; html: string }>(
        kit.db,
        sql`select a.document_version, d.html from agreement_acceptances a join documents d on d.id = a.document_id
          where a.id = ${first?.id}`,
      )
    )[0];
    expect(firstRow?.document_version).toBe(first?.document_version);
    expect(firstRow?.html).not.toContain('Version two');
  });

  it('rejects a malformed link and an empty password before looking anything up', async () => {
    expect((await kit.post('/api/docauth', { pwd: DEMO_PASSWORD, urldata: 'short' }, OWNER)).statusCode).toBe(
      400,
    );
    expect((await kit.post('/api/docauth', { pwd: '', urldata: 'a'.repeat(43) }, OWNER)).statusCode).toBe(
      400,
    );
  });
});
