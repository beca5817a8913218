import type { TestRuntime } from '../harness.js';
import { send } from '../sign-in.js';

/*
 * GoHighLevel in the product's tests (decision 0109): a company connected through the sandbox's
 * consent page (our authorize → Allow on the page → our callback). Leads and their deliveries are
 * the integrations kit's (integrations.ts).
 */

/** Connects the company to the GoHighLevel sandbox, signed in with `location` chosen on the page. */
export async function connectGoHighLevelSandbox(
  rt: TestRuntime,
  token: string,
  companyId: number,
  location = 'sbx_loc_uptown',
) {
  const res = await send(rt, '/api/gohighlevel/v2/generateauthurl', { company_id: companyId }, { token });
  if (res.statusCode !== 200) throw new Error(`authorize failed: ${res.body}`);
  const url = new URL(res.json().url as string);
  const form = new URLSearchParams(url.searchParams);
  form.set('decision', 'allow');
  form.set('location_id', location);
  const allowed = await rt.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  const back = new URL(allowed.headers.location as string);
  const landing = await rt.app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { host: back.host },
  });
  if (!String(landing.headers.location).endsWith('connected=1'))
    throw new Error(`not connected: ${landing.headers.location}`);
}
