import { botCheckUses, DEMO, eq, systems } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, solveAltcha, startFakeSiteverify } from '../../../test/altcha-solver.js';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { loadOrCreateSecret } from '../../lib/app-secrets.js';
import { createAltchaBotCheck } from '../../providers/bot-check/altcha-bot-check.js';
import type { BotCheck } from '../../providers/bot-check/bot-check.js';
import { createBotCheckRepository } from '../../providers/bot-check/bot-check-repository.js';
import { createRecaptchaVerifier } from '../../providers/bot-check/recaptcha-bot-check.js';
import { createSystemBotCheck } from '../../providers/bot-check/system-bot-check.js';
import { botCheckRoutes } from './bot-check-routes.js';

/** Where this file mounts the plugin under test. */
const PREFIX = '/under-test';
let rt: TestRuntime;
let fake: Awaited<ReturnType<typeof startFakeSiteverify>>;
let hmacKey: string;

/** The real pieces on the test database, as the runtime wires them (small maxNumber for speed). */
function buildBotCheck(): BotCheck {
  const repo = createBotCheckRepository(rt.database.db);
  return createSystemBotCheck({
    altcha: createAltchaBotCheck({ hmacKey, uses: repo.uses, maxNumber: 200 }),
    recaptcha: createRecaptchaVerifier({ verifyUrl: fake.url }),
    recaptchaSettings: repo.getRecaptchaSettings,
    decryptSecret: rt.services.secrets.open,
  });
}
let botCheck: BotCheck;
let app: Awaited<ReturnType<TestRuntime['buildAppWith']>>;

beforeAll(async () => {
  fake = await startFakeSiteverify((form, res) =>
    sendJson(res, {
      success: form.get('secret') === 'brightreach-secret',
      hostname: DEMO.brightreach.domain,
    }),
  );
  rt = await startTestRuntime();
  hmacKey = await loadOrCreateSecret(rt.database.db, 'altcha_hmac_key');
  botCheck = buildBotCheck();
  const resolveSystemId = async (host: string) => (await rt.services.domains.resolve(host)).info.idsys;
  // On an app of its own (the runtime's has loaded its plugins), under its own prefix: the product's
  // instance is mounted at /api.
  app = await rt.buildAppWith({});
  await app.register(botCheckRoutes(botCheck, resolveSystemId), { prefix: PREFIX });
});
afterAll(async () => {
  await app?.close();
  await rt?.close();
  await fake?.close();
});

const getChallenge = (host?: string) =>
  app.inject({ url: `${PREFIX}/altcha/challenge`, query: host === undefined ? {} : { host } });

async function systemId(domain: string) {
  const [row] = await rt.database.db.select().from(systems).where(eq(systems.domain, domain));
  return row!.id;
}

describe('bot_check_uses', () => {
  it('lets one claim of a signature win, also under concurrency and across repositories', async () => {
    const a = createBotCheckRepository(rt.database.db).uses;
    const b = createBotCheckRepository(rt.database.db).uses;
    const expiresAt = new Date(Date.now() + 60_000);
    expect(await a.claim('sig-once', expiresAt)).toBe(true);
    expect(await a.claim('sig-once', expiresAt)).toBe(false);
    expect(await b.claim('sig-once', expiresAt)).toBe(false);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).claim('sig-race', expiresAt)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('drops expired uses on the way', async () => {
    const db = rt.database.db;
    await db.insert(botCheckUses).values({ signature: 'sig-stale', expiresAt: new Date(Date.now() - 1000) });
    expect(await createBotCheckRepository(db).uses.claim('sig-fresh', new Date(Date.now() + 60_000))).toBe(
      true,
    );
    const left = await db.select().from(botCheckUses).where(eq(botCheckUses.signature, 'sig-stale'));
    expect(left).toHaveLength(0);
  });
});

describe('GET /altcha/challenge', () => {
  it("answers an uncached ALTCHA challenge bound to the host's system", async () => {
    const res = await getChallenge('localhost');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ kind: 'altcha', parameters: { algorithm: 'PBKDF2/SHA-256' } });
    expect(body.parameters.data.systemId).toBe(await systemId('localhost'));
    const agency = (await getChallenge(`${DEMO.northwind.subdomain}.localhost`)).json();
    expect(agency.parameters.data.systemId).toBe(body.parameters.data.systemId);
    // Without `host`, the Host header decides.
    expect((await getChallenge()).json().parameters.data.systemId).toBe(body.parameters.data.systemId);
  });

  it('issues challenges that, solved as the widget does, pass once per database', async () => {
    const master = await systemId('localhost');
    const challenge = (await getChallenge('localhost')).json();
    const { payload } = solveAltcha(challenge);
    const input = { systemId: master, token: payload, ip: '127.0.0.1' };
    expect(await botCheck.verify(input)).toEqual({ ok: true });
    expect(await botCheck.verify(input)).toEqual({ ok: false, reason: 'replayed' });
    // Another process on the same database (fresh repository and adapters) refuses it too.
    expect(await buildBotCheck().verify(input)).toEqual({ ok: false, reason: 'replayed' });
    const stored = await rt.database.db
      .select()
      .from(botCheckUses)
      .where(eq(botCheckUses.signature, challenge.signature));
    expect(stored[0]?.expiresAt.getTime()).toBe(challenge.parameters.expiresAt * 1000);
  });

  it("refuses one system's solution on another system", async () => {
    const { payload } = solveAltcha((await getChallenge('localhost')).json());
    const other = await systemId(DEMO.brightreach.domain);
    expect(await botCheck.verify({ systemId: other, token: payload, ip: '127.0.0.1' })).toEqual({
      ok: false,
      reason: 'wrong_system',
    });
  });

  it('is described in the OpenAPI document', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const operation = res.json().paths[`${PREFIX}/altcha/challenge`]?.get;
    expect(operation?.parameters?.map((p: { name: string }) => p.name)).toEqual(['host']);
    expect(JSON.stringify(operation?.responses?.['200'])).toContain('recaptcha');
  });

  it('rejects a malformed host', async () => {
    const res = await getChallenge('bad_host!');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it('switches a system to reCAPTCHA once it stores a site key and a sealed secret', async () => {
    const id = await systemId(DEMO.brightreach.domain);
    await rt.database.db
      .update(systems)
      .set({
        recaptchaSiteKey: 'brightreach-site-key',
        recaptchaSecretEncrypted: await rt.services.secrets.seal('brightreach-secret'),
      })
      .where(eq(systems.id, id));
    const res = await getChallenge(DEMO.brightreach.domain);
    expect(res.json()).toEqual({ kind: 'recaptcha', siteKey: 'brightreach-site-key' });
    const input = {
      systemId: id,
      token: 'google-token',
      ip: '203.0.113.7',
      hostname: DEMO.brightreach.domain,
    };
    expect(await botCheck.verify(input)).toEqual({ ok: true });
    expect(fake.requests.at(-1)?.form.get('secret')).toBe('brightreach-secret');
    expect(await botCheck.verify({ ...input, hostname: 'elsewhere.example' })).toEqual({
      ok: false,
      reason: 'hostname_mismatch',
    });
    // The master system is untouched: still ALTCHA.
    expect((await getChallenge('localhost')).json().kind).toBe('altcha');
  });
});
