import { importEnvelopeKey, sealEnvelope } from '@app/contracts';
import { DEMO, DEMO_PASSWORD } from '@app/db/demo';
import { solveAltcha } from '../../apps/api/test/altcha-solver.js';

/**
 * A small API client for test set-up and for reading what a person would read elsewhere (the
 * e-mail outbox): it seals bodies and solves the bot check exactly as the web app does.
 */
export async function apiClient(baseURL: string) {
  const key = await importEnvelopeKey((await (await fetch(`${baseURL}/api/app-config`)).json()).dtKey);

  async function call(method: string, path: string, body?: unknown, token?: string) {
    const res = await fetch(`${baseURL}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify({ dt: await sealEnvelope(key, body) }),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  }

  async function signIn(email: string, host = 'localhost', password = DEMO_PASSWORD) {
    const challenge = await (await fetch(`${baseURL}/api/altcha/challenge?host=${host}`)).json();
    const gtoken = solveAltcha(challenge).payload;
    const res = await call('POST', '/login', {
      username: email,
      password,
      gtoken,
      domainName: host,
    });
    if (res.result !== 'success') throw new Error(`${email} needs a second factor`);
    return res.access_token as string;
  }

  return {
    call,
    signIn,
    /** The newest e-mailed six-digit code for an address, read from the outbox as the system user. */
    async lastCodeFor(email: string): Promise<string> {
      const root = await signIn(DEMO.master.rootUser.email);
      const { data } = await call('GET', `/outbox?to=${encodeURIComponent(email)}&limit=1`, undefined, root);
      const code = data[0]?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code in the outbox for ${email}`);
      return code;
    },
    /** The link to `/{page}/…` in the newest e-mail to an address, read from the outbox as the system user. */
    async lastLinkFor(email: string, page: string): Promise<string> {
      const root = await signIn(DEMO.master.rootUser.email);
      const { data } = await call('GET', `/outbox?to=${encodeURIComponent(email)}&limit=1`, undefined, root);
      const link = data[0]?.text.match(new RegExp(`https?://\\S+/${page}/\\S+`))?.[0];
      if (!link) throw new Error(`no /${page}/ link in the outbox for ${email}`);
      return link;
    },
  };
}
