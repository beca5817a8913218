import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { visitorIdFor } from './pixel-load-run.js';

/**
 * Page views for the lead-engine and scale-out benchmarks, in a process of their own so the load
 * never shares an event loop with the product it measures. Exactly AMOUNT requests (bounded), view
 * i from visitor `visitorIdFor(PREFIX, i)` to campaign i mod the CAMPAIGNS list, so the caller can tell what
 * every view should become. (autocannon's `idReplacement` never finishes a run with `amount` in
 * the version we use, and functions cannot cross into its worker threads: hence a process.)
 *
 * Env: URL (127.0.0.1 only), AMOUNT, CONNECTIONS, CAMPAIGNS (comma-separated public ids), PREFIX,
 * VISITORS_FILE (optional: one visitor id a line, view i from line i instead of `visitorIdFor`), and
 * ACKED_FILE (optional: where to write the numbers of the views answered 2xx, one a line, for a
 * caller that kills processes during the run and must know which views were acknowledged).
 * Prints one JSON line: sent, acknowledged (2xx), non2xx, errors, p50/p99 ms, requests/s.
 */
const url = process.env.URL ?? '';
if (!/^http:\/\/127\.0\.0\.1[:/]/.test(url)) throw new Error(`load tests target 127.0.0.1 only, not ${url}`);
const amount = Number.parseInt(process.env.AMOUNT ?? '0', 10);
const campaigns = (process.env.CAMPAIGNS ?? '').split(',').filter(Boolean);
const prefix = process.env.PREFIX ?? 'bench';
if (!(amount > 0) || campaigns.length === 0) throw new Error('AMOUNT and CAMPAIGNS are required');
const visitors = process.env.VISITORS_FILE
  ? readFileSync(process.env.VISITORS_FILE, 'utf8').split('\n').filter(Boolean)
  : null;
if (visitors && visitors.length < amount)
  throw new Error(`VISITORS_FILE holds fewer than ${amount} visitors`);

let sent = 0;
const acked: number[] = [];
const run = await autocannon({
  url,
  method: 'POST',
  connections: Number.parseInt(process.env.CONNECTIONS ?? '32', 10),
  amount,
  headers: { 'content-type': 'application/json' },
  requests: [
    {
      // One request in flight per connection: its context carries the view's number to its answer.
      setupRequest: (request, context) => {
        const i = sent++;
        (context as { view?: number }).view = i;
        return {
          ...request,
          body: JSON.stringify({
            campaignId: campaigns[i % campaigns.length],
            url: 'https://bench-site.example/page',
            referrer: '',
            visitorId: visitors ? visitors[i] : visitorIdFor(prefix, i),
          }),
        };
      },
      onResponse: (status, _body, context) => {
        if (status >= 200 && status < 300) acked.push((context as { view: number }).view);
      },
    },
  ],
});
if (process.env.ACKED_FILE) writeFileSync(process.env.ACKED_FILE, `${acked.join('\n')}\n`);
console.log(
  JSON.stringify({
    sent,
    acknowledged: run['2xx'],
    non2xx: run.non2xx,
    errors: run.errors + run.timeouts,
    p50: run.latency.p50,
    p99: run.latency.p99,
    requestsPerSecond: run.requests.average,
  }),
);
