import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of AgencyZoom's lead webhooks for the real adapter's tests (decision 0106): it records
 * every request and answers as AgencyZoom does — `{message, id, result: true}` for a lead it takes,
 * `{error, fieldErrors}` 400 for one without a name or a way to reach the person, a framework 401
 * for a webhook it does not know — unless the test scripts another answer for the nth request to a
 * webhook (a status, or `hang`).
 */
export interface FakeRequest {
  method: string;
  token: string;
  headers: Record<string, string>;
  body: string;
}

export type Scripted = number | 'hang' | undefined;

export async function startFakeAgencyZoom() {
  const requests: FakeRequest[] = [];
  const webhooks = new Set<string>();
  const scripts = new Map<string, (n: number) => Scripted>();
  const hanging = new Set<http.ServerResponse>();
  let ids = 1000;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const token = /^\/v1\/api\/lead\/webhook\/([^/?]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const request: FakeRequest = {
        method: req.method ?? '',
        token,
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method !== 'POST' || !webhooks.has(token))
        return json(401, {
          name: 'Unauthorized',
          message: 'Your request was made with invalid credentials.',
          code: 0,
          status: 401,
        });
      const n = requests.filter((r) => r.token === token).length;
      const scripted = scripts.get(token)?.(n);
      if (scripted === 'hang') {
        hanging.add(res);
        return;
      }
      if (scripted !== undefined) return json(scripted, { error: `Scripted ${scripted}`, fieldErrors: [] });
      let lead: Record<string, string>;
      try {
        lead = JSON.parse(request.body);
      } catch {
        return json(400, { error: 'Invalid JSON', fieldErrors: [] });
      }
      const fieldErrors = [];
      if (!lead.firstname && !lead.lastname) fieldErrors.push({ field: 'firstname', error: 'is required' });
      if (!lead.email && !lead.phone)
        fieldErrors.push({ field: 'email', error: 'Email or phone is required' });
      if (fieldErrors.length) return json(400, { error: 'Validation failed', fieldErrors });
      return json(200, { message: 'Lead created', id: ++ids, result: true });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    requests,
    /** A webhook AgencyZoom knows, with its answers scripted by request number (1-based). */
    webhook(token: string, script?: (n: number) => Scripted) {
      webhooks.add(token);
      if (script) scripts.set(token, script);
      return `${base}/v1/api/lead/webhook/${token}`;
    },
    requestsTo: (token: string) => requests.filter((r) => r.token === token),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeAgencyZoom = Awaited<ReturnType<typeof startFakeAgencyZoom>>;
