import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { companies, DEMO, eq, firstRow } from '@app/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import {
  fakeDns,
  type LocalServer,
  publicOrLocalTestServer,
  startLocalServer,
} from '../../../test/local-web.js';
import { createGuardedFetcher } from '../../providers/outbound/guarded-fetch.js';
import { BLOCKED_MESSAGE } from './index.js';

const CAMPAIGN = '31415926';

let rt: TestRuntime;
let web: LocalServer;
/** The app with a built web app in front of its SPA fallback. */
let withWeb: FastifyInstance;
let clientId: number;
/** The snippet of the Northwind client's campaign, as the module renders it; the test page carries it. */
let snippet = '';

beforeAll(async () => {
  web = await startLocalServer((req, res) => {
    if (req.url === '/with')
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body>${snippet}</body></html>`);
    else if (req.url === '/without') res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    else res.writeHead(429).end();
  });
  rt = await startTestRuntime({
    siteCheckFetch: createGuardedFetcher({
      resolver: fakeDns({ 'shop.test': ['127.0.0.1'], 'intranet.test': ['10.20.30.40'] }),
      permit: publicOrLocalTestServer,
    }),
  });
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  withWeb = await rt.buildAppWith({ webDist: dist });
  await withWeb.ready();
  clientId = firstRow(
    await rt.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, DEMO.northwind.clients[0].name)),
    DEMO.northwind.clients[0].name,
  ).id;
  snippet = await rt.services.embed.embedCode({ campaignId: CAMPAIGN, clientCompanyId: clientId });
});
afterAll(async () => {
  await withWeb?.close();
  await rt?.close();
  await web?.close();
});

describe('GET /px.js on the product', () => {
  it('is public JavaScript on any host, not the web app’s index.html', async () => {
    for (const app of [rt.app, withWeb])
      for (const host of ['localhost', 'northwind.localhost', 'leads.unknown-agency.example']) {
        const response = await app.inject({ method: 'GET', url: '/px.js', headers: { host } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
        expect(response.body).toContain('/api/px/v');
      }
  });
});

describe('the embed code of a campaign', () => {
  it('loads the pixel from the client’s agency host (its custom domain, its certificate being active)', () => {
    expect(snippet).toMatch(
      /^<script async src="http:\/\/leads\.northwind\.test(:\d+)?\/px\.js" data-campaign-id="31415926"><\/script>$/,
    );
  });

  it('answers 404 for a company that does not exist', async () => {
    await expect(
      rt.services.embed.embedCode({ campaignId: CAMPAIGN, clientCompanyId: 999_999 }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('the site check on the product', () => {
  const at = (path: string) => `http://shop.test:${web.port}${path}`;
  const check = (url: string) => rt.services.embed.checkSite({ url, campaignId: CAMPAIGN });

  it('finds the embed code on a local test page that carries it, and not on one without', async () => {
    expect(await check(at('/with'))).toMatchObject({ status: 'exist', outcome: 'found' });
    expect(await check(at('/without'))).toMatchObject({ status: 'not exist', outcome: 'not_found' });
    expect(await check(at('/busy'))).toMatchObject({ status: 'not exist', message: BLOCKED_MESSAGE });
  });

  it.each(['http://10.0.0.1/', 'http://169.254.169.254/', 'http://[::1]/', 'http://intranet.test/'])(
    'refuses the forbidden address %s',
    async (url) => {
      expect(await check(url)).toMatchObject({ status: 'not exist', outcome: 'not_allowed' });
    },
  );
});
