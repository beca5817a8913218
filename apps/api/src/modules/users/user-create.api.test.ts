import {
  DOMAIN_INVALID,
  DOMAIN_IS_PLATFORM,
  PAYMENT_ACCOUNT_REQUIRED_FOR_CLIENTS,
  SUBDOMAIN_RESERVED,
  SUBSCRIPTION_CANCELLED_NO_NEW_CLIENTS,
} from '@app/contracts';
import {
  and,
  companies,
  companyModules,
  companyPaymentTerms,
  DEMO,
  eq,
  isNull,
  oneTimeTokens,
  paymentCards,
  rolePermissions,
  roles,
  userLogs,
  users,
} from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { cardForm } from '../../../test/kits/cards.js';
import {
  agencyPayload,
  clientPayload,
  companyByName,
  PEOPLE,
  post,
  userByEmail,
  type Who,
  who,
} from '../../../test/kits/users.js';
import { bearer, lastEmailTo, login, send } from '../../../test/sign-in.js';

let rt: TestRuntime;
let root: Who;
let northwind: Who;
let northwindId: number;
beforeAll(async () => {
  rt = await startTestRuntime();
  root = await who(rt, PEOPLE.root);
  northwind = await who(rt, PEOPLE.northwind);
  northwindId = northwind.company;
});
afterAll(() => rt?.close());

const create = (body: unknown, token = root.token) => post(rt, '/configuration/user/create', body, token);
const countUsers = async () => (await rt.database.db.select({ id: users.id }).from(users)).length;

describe('POST /configuration/user/create: agencies', () => {
  it('creates an invited agency with its terms and modules, and mails a set-password link', async () => {
    const res = await create(
      agencyPayload(root, 'alpha', { ClientEmail: 'Owner.Alpha@Example.TEST', ApiMode: 'T' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ result: 'success', message: 'Data has been added successfully' });
    const node = body.data[0];
    expect(node).toMatchObject({
      company_name: 'Agency alpha',
      name: 'Owner alpha',
      email: 'owner.alpha@example.test',
      user_type: 'userdownline',
      subdomain: 'agency-alpha',
      orisubdomain: 'agency-alpha',
      subdomain_host: 'agency-alpha.localhost',
      status_acc: 'invited',
      api_mode: 'T',
      is_whitelabeling: 'F',
      phone_country_calling_code: '+1',
      exclude_minimum_spend: 0,
      exclude_onboard_charge: 0,
    });
    expect(node.selected_payment_term).toEqual([
      { term: 'Weekly', status: true },
      { term: 'Monthly', status: true },
      { term: 'OneTime', status: false },
      { term: 'Prepaid', status: false },
    ]);
    // No modules chosen: every module of the (master) system.
    expect(
      node.selected_modules.filter((m: { status: boolean }) => m.status).map((m: { type: string }) => m.type),
    ).toEqual(['local', 'locator', 'enhance', 'b2b', 'simplifi']);
    expect(node.rootpaymentterm.map((t: { value: string }) => t.value)).toEqual([
      'Weekly',
      'Monthly',
      'OneTime',
      'Prepaid',
    ]);

    const user = await userByEmail(rt, 'owner.alpha@example.test');
    expect(user).toMatchObject({ status: 'invited', passwordHash: null });
    const mail = await lastEmailTo(rt, 'owner.alpha@example.test');
    expect(mail?.textBody).toMatch(
      /set-new-password\/[A-Za-z0-9_-]{40,}\?email=owner\.alpha%40example\.test/,
    );
    expect(mail?.textBody).toContain('http://agency-alpha.localhost');

    // The link is the password-reset mechanism: it sets the password and the person signs in.
    const token = mail?.textBody.match(/set-new-password\/([A-Za-z0-9_-]+)/)?.[1];
    const reset = await send(rt, '/api/reset-password', {
      token,
      email: 'owner.alpha@example.test',
      password: 'Welcome!2026',
      password_confirmation: 'Welcome!2026',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await login(rt, 'owner.alpha@example.test', {
      password: 'Welcome!2026',
      ip: '10.7.0.1',
    });
    expect(signedIn.json().result).toBe('success');

    const [log] = await rt.database.db.select().from(userLogs).where(eq(userLogs.targetUserId, user.id));
    expect(log).toMatchObject({ action: 'agency_created', userId: root.id, ip: '10.8.0.1' });
  });

  it('creates an active agency when a password is given', async () => {
    const res = await create(agencyPayload(root, 'beta', { ClientPassword: 'Strong!pass1' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].status_acc).toBe('active');
    expect(await lastEmailTo(rt, 'owner.beta@example.test')).toBeUndefined();
    expect(
      (await login(rt, 'owner.beta@example.test', { password: 'Strong!pass1', ip: '10.7.0.2' })).json()
        .result,
    ).toBe('success');
  });

  it.each([
    [{ ClientCompanyName: 'x'.repeat(256) }, 'Company Name must not exceed 255 characters.'],
    [{ ClientCompanyName: '' }, 'Company Name is required.'],
    [{ ClientCompanyName: undefined }, 'Company Name is required.'],
    [{ ClientFullName: 'x'.repeat(256) }, 'Full Name must not exceed 255 characters.'],
    [{ ClientFullName: ' ' }, 'Full Name is required.'],
    [{ ClientEmail: '' }, 'E-mail is required.'],
    [{ ClientEmail: 'not-an-email' }, 'Please enter a valid e-mail address.'],
    [{ ClientEmail: `${'a'.repeat(60)}@example.test` }, 'E-mail must not exceed 70 characters.'],
    [{ ClientPhone: '123' }, 'Please enter valid phone number'],
    [{ ClientPhone: '' }, 'Please enter valid phone number'],
    [{ ClientPhone: '3125550123', ClientPhoneCountryCode: 'GB' }, 'Please enter valid phone number'],
    [{ DownlineSubDomain: undefined }, 'Subdomain is required.'],
    [
      { DownlineSubDomain: '-bad' },
      'Use letters, digits and hyphens, starting and ending with a letter or digit.',
    ],
    [
      { DownlineSubDomain: 'bad_sub' },
      'Use letters, digits and hyphens, starting and ending with a letter or digit.',
    ],
    [{ DownlineSubDomain: 'a'.repeat(64) }, 'Subdomain must not exceed 63 characters.'],
    [{ selectedterms: [{ term: 'Weekly', status: false }] }, 'Please select payment term'],
    [{ selectedterms: undefined }, 'Please select payment term'],
    [{ DownlineDomain: 'not a domain' }, DOMAIN_INVALID],
    [{ ClientPassword: 'short' }, 'Password must be at least 8 characters.'],
  ])('refuses %j with the spec text', async (override, message) => {
    const before = await countUsers();
    const res = await create({ ...agencyPayload(root, 'invalid'), ...override });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await countUsers()).toBe(before);
  });

  it('refuses a taken e-mail, subdomain or custom domain with clear texts, per system', async () => {
    const taken = [
      [{ ClientEmail: DEMO.northwind.owner.email }, 'This e-mail address is already registered.'],
      [{ DownlineSubDomain: DEMO.northwind.subdomain }, 'This subdomain is already taken.'],
      [{ DownlineDomain: DEMO.northwind.customDomain }, 'This domain is already used by another agency.'],
      // The same host rules as the settings screen: no system's domain or one below it, no reserved label.
      [{ DownlineDomain: DEMO.brightreach.domain }, DOMAIN_IS_PLATFORM],
      [{ DownlineDomain: `leads.${DEMO.brightreach.domain}` }, DOMAIN_IS_PLATFORM],
      [{ DownlineSubDomain: 'www' }, SUBDOMAIN_RESERVED],
      // brightreach.localhost is another system's own domain: that subdomain is not free here.
      [{ DownlineSubDomain: 'brightreach' }, 'This subdomain is already taken.'],
    ] as const;
    for (const [override, message] of taken) {
      const res = await create({ ...agencyPayload(root, 'dup'), ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    // Another system's e-mail and subdomain are free here (unique per system).
    const res = await create(
      agencyPayload(root, 'coastal', {
        ClientEmail: DEMO.brightreach.agency.owner.email,
        DownlineSubDomain: DEMO.brightreach.agency.subdomain,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('offers Simplifi and B2B only on the master system', async () => {
    const other = await who(rt, PEOPLE.otherRoot, DEMO.brightreach.domain);
    const res = await create(
      agencyPayload(other, 'br-simplifi', { selectedmodules: [{ type: 'simplifi', status: true }] }),
      other.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Simplifi ID is only available on the master platform.');
    const ok = await create(agencyPayload(other, 'br-ok'), other.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data[0].selected_modules.map((m: { type: string }) => m.type)).toEqual([
      'local',
      'locator',
      'enhance',
    ]);
  });

  it('lets only system staff add agencies, under their own root company', async () => {
    for (const email of [PEOPLE.northwind, PEOPLE.sales]) {
      const p = await who(rt, email);
      const res = await create(agencyPayload(root, `nope-${p.id}`), p.token);
      // Sales and agencies cannot name the root company (out of their scope): 404.
      expect(res.statusCode, email).toBe(404);
    }
    const underAgency = await create(agencyPayload(root, 'under', { companyID: northwindId }));
    expect(underAgency.statusCode).toBe(400);
    const other = await who(rt, PEOPLE.otherRoot, DEMO.brightreach.domain);
    const foreign = await create(
      agencyPayload(root, 'foreign', { companyID: other.root, idsys: other.system }),
    );
    expect(foreign.statusCode).toBe(404);
    const foreignSystem = await create(agencyPayload(root, 'foreign2', { idsys: other.system }));
    expect(foreignSystem.statusCode).toBe(404);
    expect(await rt.database.db.select().from(companies).where(eq(companies.name, 'Agency foreign'))).toEqual(
      [],
    );
  });

  it('refuses unknown fields (no mass assignment)', async () => {
    for (const extra of [
      { manual_bill: 'T' },
      { isSystemUser: true },
      { user_permissions: {} },
      { user_type: 'root' },
    ]) {
      const res = await create({ ...agencyPayload(root, 'mass'), ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
  });
});

describe('POST /configuration/user/create: clients and staff', () => {
  it('lets an agency add a client with a subset of its modules', async () => {
    const res = await create(
      clientPayload(northwindId, northwind.system, 'gamma', {
        selectedModulesCreate: [
          { type: 'local', status: true },
          { type: 'enhance', status: true },
        ],
        selectedmodules: [{ type: 'locator', status: true }],
        disabledaddcampaign: 'T',
      }),
      northwind.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const node = res.json().data[0];
    expect(node).toMatchObject({
      user_type: 'client',
      company_name: 'Client gamma',
      disable_client_add_campaign: 'T',
    });
    expect(
      node.selected_modules.filter((m: { status: boolean }) => m.status).map((m: { type: string }) => m.type),
    ).toEqual(['local', 'enhance']);
    // Terms default to what the agency offers.
    expect(node.selected_payment_term.every((t: { status: boolean }) => t.status)).toBe(true);
    const company = await companyByName(rt, 'Client gamma');
    expect(company).toMatchObject({ kind: 'client', parentId: northwindId, rootId: northwind.root });
    const mail = await lastEmailTo(rt, 'contact.gamma@example.test');
    // A client's invitation opens on its agency's white-label address.
    expect(mail?.textBody).toContain('http://leads.northwind.test');
    expect(mail?.subject).toBe(`You are invited to ${DEMO.northwind.name}`);
  });

  it('refuses client modules the agency does not offer', async () => {
    const summit = await who(rt, PEOPLE.summit);
    // The system user adds it: Summit itself may not add clients before connecting its account.
    const res = await create(
      clientPayload(summit.company, root.system, 'delta', {
        selectedmodules: [{ type: 'b2b', status: true }],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('B2B ID is not offered to this account.');
  });

  it('refuses a client an agency adds before its payment account is connected (spec 1 §8)', async () => {
    const summit = await who(rt, PEOPLE.summit);
    const before = await countUsers();
    const res = await create(clientPayload(summit.company, summit.system, 'iota'), summit.token);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(PAYMENT_ACCOUNT_REQUIRED_FOR_CLIENTS);
    expect(await countUsers()).toBe(before);
    // A connected agency (Northwind) adds its own clients.
    const ok = await create(clientPayload(northwind.company, northwind.system, 'kappa'), northwind.token);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('lets a system user add a client to an agency from the agency list', async () => {
    const res = await create(clientPayload(northwindId, root.system, 'epsilon'));
    expect(res.statusCode, res.body).toBe(200);
  });

  it("answers 404 for another agency's id and 400 for a client id as parent", async () => {
    const summit = await who(rt, PEOPLE.summit);
    const before = await countUsers();
    expect((await create(clientPayload(northwindId, summit.system, 'zeta'), summit.token)).statusCode).toBe(
      404,
    );
    const client = await companyByName(rt, DEMO.summit.clients[0].name);
    expect((await create(clientPayload(client.id, summit.system, 'eta'), summit.token)).statusCode).toBe(400);
    const otherAgency = await companyByName(rt, DEMO.brightreach.agency.name);
    expect((await create(clientPayload(otherAgency.id, root.system, 'theta'))).statusCode).toBe(404);
    expect(await countUsers()).toBe(before);
  });

  it('lets account executives add clients only to agencies they are executive of; other sales never', async () => {
    const ae = await who(rt, PEOPLE.ae);
    const ok = await create(clientPayload(northwindId, ae.system, 'iota'), ae.token);
    expect(ok.statusCode, ok.body).toBe(200);
    const sales = await who(rt, PEOPLE.sales);
    const refused = await create(clientPayload(northwindId, sales.system, 'kappa'), sales.token);
    expect(refused.statusCode).toBe(404);
    const summitId = (await companyByName(rt, DEMO.summit.name)).id;
    expect((await create(clientPayload(summitId, ae.system, 'lambda'), ae.token)).statusCode).toBe(404);
  });

  it('lets a company owner add administrators of their own company, with a role of that company', async () => {
    const [role] = await rt.database.db
      .insert(roles)
      .values({ companyId: northwindId, name: 'Helpers' })
      .returning();
    const [foreignRole] = await rt.database.db
      .insert(roles)
      .values({ companyId: (await companyByName(rt, DEMO.summit.name)).id, name: 'Theirs' })
      .returning();
    const payload = {
      companyID: northwindId,
      idsys: northwind.system,
      userType: 'user',
      ClientFullName: 'Ada Helper',
      ClientEmail: 'ada.helper@example.test',
      ClientRole: role?.id,
      customercare: 'T',
      adminGetNotification: 'F',
    };
    const wrongRole = await create({ ...payload, ClientRole: foreignRole?.id }, northwind.token);
    expect(wrongRole.statusCode).toBe(400);
    expect(wrongRole.json().error.message).toBe('Choose a role of this company.');
    const res = await create(payload, northwind.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      user_type: 'administrator',
      role_id: role?.id,
      staff_settings: { customercare: true, adminGetNotification: false },
      status_acc: 'invited',
    });
    // Administrators do not add administrators; system users not to an agency.
    const admin = await who(rt, PEOPLE.northwindAdmin);
    expect(
      (await create({ ...payload, ClientEmail: 'x1@example.test', ClientRole: 0 }, admin.token)).statusCode,
    ).toBe(403);
    expect((await create({ ...payload, ClientEmail: 'x2@example.test', ClientRole: 0 })).statusCode).toBe(
      403,
    );
    // The root company's owner adds root administrators and sales people.
    const rootAdmin = await create({
      ...payload,
      companyID: root.root,
      ClientRole: 0,
      ClientEmail: 'root.admin@example.test',
    });
    expect(rootAdmin.statusCode, rootAdmin.body).toBe(200);
    expect(rootAdmin.json().data[0].user_type).toBe('admin');
    const sales = await create({
      companyID: root.root,
      idsys: root.system,
      userType: 'sales',
      ClientFullName: 'Sal Newman',
      ClientEmail: 'sal.newman@example.test',
      isAccExecutive: 'T',
    });
    expect(sales.statusCode, sales.body).toBe(200);
    expect(sales.json().data[0]).toMatchObject({ user_type: 'sales', is_acc_executive: 'T' });
  });
});

describe('a new administrator of an agency', () => {
  it("works on the agency's card: no card of their own is asked for", async () => {
    const email = 'card.less@example.test';
    const made = await create(
      {
        companyID: northwindId,
        idsys: northwind.system,
        userType: 'user',
        ClientFullName: 'Cara Less',
        ClientEmail: email,
        ClientPassword: 'Strong!pass1',
      },
      northwind.token,
    );
    expect(made.statusCode, made.body).toBe(200);
    const signedIn = await login(rt, email, { password: 'Strong!pass1' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = signedIn.json().access_token as string;
    // The owner saves the agency's card; the administrator's session then has it, with none of its own.
    const saved = await rt.app.inject({
      method: 'POST',
      url: '/api/payment/customer',
      headers: bearer(northwind.token),
      payload: { dt: await rt.seal(cardForm(northwind.id)) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [card] = await rt.database.db
      .select()
      .from(paymentCards)
      .where(and(eq(paymentCards.companyId, northwindId), isNull(paymentCards.replacedAt)));
    const me = await rt.app.inject({ url: '/api/user', headers: bearer(token) });
    expect(card?.paymentMethodId).toBeTruthy();
    expect(me.json().customer_card_id).toBe(card?.paymentMethodId);
    const status = await rt.app.inject({
      url: `/api/user/onboarding-status/${me.json().id}`,
      headers: bearer(token),
    });
    expect(status.json()).toMatchObject({ card_added: true });
  });
});

describe('a cancelled agency', () => {
  it('gets no new clients from anyone, keeps its own, and shows the cancellation on its node', async () => {
    const made = await create(agencyPayload(root, 'cancelled', { ClientPassword: 'Strong!pass1' }));
    expect(made.statusCode, made.body).toBe(200);
    const agency = made.json().data[0];
    expect(agency.subscription_cancelled_at).toBeNull();
    const owner = await who(rt, agency.email, 'localhost', 'Strong!pass1');
    // Added by the system user: the new agency has no connected payment account yet (decision 0020).
    const kept = await create(clientPayload(agency.company_id, root.system, 'kept'));
    expect(kept.statusCode, kept.body).toBe(200);

    const cancel = await send(
      rt,
      '/api/configuration/cancel-subscription',
      { companyID: agency.company_id },
      { token: owner.token, method: 'PUT', ip: '10.8.3.1' },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelledAt = cancel.json().subscription_cancelled_at;
    // The agency's own screens learn it from the session user.
    const me = await rt.app.inject({ url: '/api/user', headers: bearer(owner.token) });
    expect(me.json().subscription_cancelled_at).toBe(cancelledAt);
    const rootMe = await rt.app.inject({ url: '/api/user', headers: bearer(root.token) });
    expect(rootMe.json().subscription_cancelled_at).toBeNull();

    const before = await countUsers();
    for (const [token, tag] of [
      [owner.token, 'after-owner'],
      [root.token, 'after-root'],
    ] as const) {
      const res = await create(clientPayload(agency.company_id, root.system, tag), token);
      expect(res.statusCode, tag).toBe(400);
      expect(res.json().error).toMatchObject({
        message: SUBSCRIPTION_CANCELLED_NO_NEW_CLIENTS,
        fields: { companyID: SUBSCRIPTION_CANCELLED_NO_NEW_CLIENTS },
      });
    }
    expect(await countUsers()).toBe(before);
    // Administrators are not clients: the agency still runs its own team.
    const admin = await create(
      {
        companyID: agency.company_id,
        idsys: root.system,
        userType: 'user',
        ClientFullName: 'Cancelled Admin',
        ClientEmail: 'cancelled.admin@example.test',
      },
      owner.token,
    );
    expect(admin.statusCode, admin.body).toBe(200);

    const list = await rt.app.inject({
      url: `/api/configuration/user/${root.root}/all/${root.system}/userdownline/all/none/none/Agency%20cancelled`,
      headers: bearer(root.token),
    });
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().data.find((n: { company_id: number }) => n.company_id === agency.company_id);
    expect(row.subscription_cancelled_at).toBe(cancelledAt);
    const northwindRow = await rt.app.inject({
      url: `/api/configuration/user/${root.root}/all/${root.system}/userdownline/all/none/none/${encodeURIComponent(DEMO.northwind.name)}`,
      headers: bearer(root.token),
    });
    expect(northwindRow.json().data[0].subscription_cancelled_at).toBeNull();
  });
});

describe('role permissions on create', () => {
  it('refuses an administrator whose role lacks settings/create (403, nothing added) and admits one with it', async () => {
    const admin = await userByEmail(rt, DEMO.northwind.administrator.email);
    const [role] = await rt.database.db
      .insert(roles)
      .values({ companyId: northwindId, name: 'Read only' })
      .returning();
    if (!role) throw new Error('no role');
    await rt.database.db.insert(rolePermissions).values({
      roleId: role.id,
      module: 'settings',
      canEnable: true,
      canCreate: false,
      canUpdate: true,
      canDelete: false,
    });
    await rt.database.db.update(users).set({ roleId: role.id }).where(eq(users.id, admin.id));
    const token = (await who(rt, PEOPLE.northwindAdmin)).token;
    const before = await countUsers();
    const refused = await create(clientPayload(northwindId, northwind.system, 'mu'), token);
    expect(refused.statusCode).toBe(403);
    expect(await countUsers()).toBe(before);

    await rt.database.db
      .update(rolePermissions)
      .set({ canCreate: true })
      .where(eq(rolePermissions.roleId, role.id));
    const allowed = await create(clientPayload(northwindId, northwind.system, 'mu'), token);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await countUsers()).toBe(before + 1);
  });
});

describe('client terms and modules storage', () => {
  it('stores the chosen terms and modules as rows', async () => {
    const company = await companyByName(rt, 'Client gamma');
    const terms = await rt.database.db
      .select()
      .from(companyPaymentTerms)
      .where(eq(companyPaymentTerms.companyId, company.id));
    const modules = await rt.database.db
      .select()
      .from(companyModules)
      .where(eq(companyModules.companyId, company.id));
    expect(terms.filter((t) => t.enabled).length).toBe(4);
    expect(
      modules
        .filter((m) => m.enabled)
        .map((m) => m.module)
        .sort(),
    ).toEqual(['enhance', 'local']);
    const tokens = await rt.database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, (await userByEmail(rt, 'contact.gamma@example.test')).id));
    expect(tokens).toHaveLength(1);
  });
});
