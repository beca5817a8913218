import { createHash } from 'node:crypto';
import { queryRows, sql } from '@app/db';
import type { TestRuntime } from '../harness.js';
import { send } from '../sign-in.js';

/*
 * GoHighLevel in the product's tests (decision 0109): a company connected through the sandbox's
 * consent page (our authorize → Allow on the page → our callback), leads ingested for a campaign,
 * and the engine drained until the campaign's deliveries are done.
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

let people = 0;
/** One lead of the campaign stored through the lead engine: its e-mail. */
export async function ingestLead(rt: TestRuntime, campaignId: number) {
  const email = `ghl.client.${process.pid}.${++people}@example.com`;
  await rt.services.leads.intake.insert([
    {
      campaignId,
      source: 'vendor_callback' as const,
      payload: {
        id: `gc-${email}`,
        emailMd5: createHash('md5').update(email).digest('hex'),
        firstName: 'Cleo',
        lastName: 'Client',
        emails: [email],
        phones: ['303-555-0142'],
        address: { street: '4 Client Ct', city: 'Denver', state: 'CO', zip: '80204' },
      },
    },
  ]);
  while (await rt.services.leads.ingest.processNextBatch(500)) {}
  return email;
}

/** The campaign's deliveries once none is waiting (the engine drained until then). */
export async function deliveredFor(rt: TestRuntime, campaignId: number) {
  const until = Date.now() + 20_000;
  for (;;) {
    await rt.services.integrations.engine.drain();
    const rows = await queryRows<{
      id: number;
      company_id: number;
      status: string;
      last_error: string | null;
    }>(
      rt.database.db,
      sql`select d.id, k.company_id, d.status, d.last_error from integration_deliveries d
            join integration_connections k on k.id = d.connection_id
           where d.campaign_id = ${campaignId} and k.provider = 'gohighlevel' order by d.id`,
    );
    if (rows.every((r) => r.status === 'delivered' || r.status === 'failed')) return rows;
    if (Date.now() > until) throw new Error('deliveries did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
