import { DEMO_PASSWORD, desc, emailMessages, eq } from '@app/db';
import { solveAltcha } from './altcha-solver.js';
import type { TestRuntime } from './harness.js';

/** Solves the host's bot check the way the widget does and answers the payload (gtoken). */
export async function gtoken(rt: TestRuntime, host = 'localhost'): Promise<string> {
  const challenge = (await rt.app.inject({ url: `/api/altcha/challenge?host=${host}` })).json();
  return solveAltcha(challenge).payload;
}

/** POSTs (or PUTs) a JSON body in the dt envelope, as the web app does. */
export async function send(
  rt: TestRuntime,
  url: string,
  body: unknown,
  options: { token?: string; method?: 'POST' | 'PUT'; ip?: string } = {},
) {
  return rt.app.inject({
    method: options.method ?? 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    remoteAddress: options.ip ?? '127.0.0.1',
    payload: JSON.stringify({ dt: await rt.seal(body) }),
  });
}

export async function login(
  rt: TestRuntime,
  email: string,
  options: { password?: string; host?: string; ip?: string } = {},
) {
  const host = options.host ?? 'localhost';
  return send(
    rt,
    '/api/login',
    {
      username: email,
      password: options.password ?? DEMO_PASSWORD,
      gtoken: await gtoken(rt, host),
      domainName: host,
    },
    { ip: options.ip },
  );
}

/** Signs in a user without two-factor and answers the token pair. */
export async function signIn(rt: TestRuntime, email: string, options: { host?: string; ip?: string } = {}) {
  const res = await login(rt, email, options);
  const body = res.json();
  if (res.statusCode !== 200 || body.result !== 'success')
    throw new Error(`sign-in of ${email} failed: ${res.body}`);
  return body as { access_token: string; refresh_token: string; expires_in: number };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The newest e-mail to an address (the outbox keeps every message). */
export async function lastEmailTo(rt: TestRuntime, to: string) {
  const [row] = await rt.database.db
    .select()
    .from(emailMessages)
    .where(eq(emailMessages.toAddress, to))
    .orderBy(desc(emailMessages.id))
    .limit(1);
  return row;
}

/** The id of the newest e-mail to an address (0 when none), to wait for a newer one. */
export const lastEmailIdTo = async (rt: TestRuntime, to: string) => (await lastEmailTo(rt, to))?.id ?? 0;

/** The newest e-mail to an address newer than `afterId`, waiting for a job to queue it. */
export async function nextEmailTo(rt: TestRuntime, to: string, afterId: number, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await lastEmailTo(rt, to);
    if (row && row.id > afterId) return row;
    if (Date.now() > until) throw new Error(`no new e-mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The six-digit code of the newest sign-in code e-mail to an address. */
export async function lastCodeTo(rt: TestRuntime, to: string): Promise<string> {
  const mail = await lastEmailTo(rt, to);
  const code = mail?.textBody.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code e-mailed to ${to}`);
  return code;
}
