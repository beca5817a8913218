import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO } from '@app/db/demo';
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { apiClient } from '../support/api';
import { signIn } from '../support/browser';
import { rowAction } from '../support/campaigns';
import { resolvingVisitorId } from '../support/sandbox-visitor';
import { expect, test } from '../support/test';

const client = DEMO.northwind.clients[0];

/** The client's own site, as a page on this machine: whatever HTML the test puts in it. */
async function testSite(): Promise<{
  url: string;
  setBody: (html: string) => void;
  close: () => Promise<void>;
}> {
  let body = '<!doctype html><title>Harbor Dental</title><h1>Harbor Dental</h1>';
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    setBody: (html) => {
      body = html;
    },
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** A visitor's browser opening the site: its own context, with a pixel visitor id the sandbox resolves. */
async function visit(browser: Browser, url: string, visitorId: string) {
  const context = await browser.newContext();
  await context.addInitScript((id) => localStorage.setItem('lo_px_vid', id), visitorId);
  const page = await context.newPage();
  // The pixel reports by beacon, which the page never reads an answer of: the request is what shows.
  const reported = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/px/v',
  );
  await page.goto(url);
  const beacon = await reported;
  expect(JSON.parse(beacon.postData() ?? '{}')).toMatchObject({ visitorId });
  await context.close();
}

async function openReport(page: Page, publicId: string) {
  await rowAction(page, publicId, 'Lead report', false);
  await expect(page.getByTestId('lead-report-panel')).toBeVisible();
}

test('a Northwind client puts the embed code on its site, a sandbox visit becomes a lead in the report and on the dashboard, and the agency reads why a repeat was refused', async ({
  page,
  browser,
  baseURL,
}) => {
  // Site check, two visits through the pixel and the ingest job (the first resolution may generate
  // the sandbox's people), reports, a download, two more sign-ins.
  test.setTimeout(300_000);
  const site = await testSite();
  const api = await apiClient(baseURL ?? '');
  const asOwner = () => api.signIn(DEMO.northwind.owner.email);
  const name = `Site visitors ${Date.now().toString(36)}`;

  // The agency sets up a Site ID campaign for the client at the site's address, with its prices.
  let token = await asOwner();
  const agencyId = (await api.call('GET', '/user', undefined, token)).company_id as number;
  const rows = await api.call(
    'GET',
    `/leadspeek/client/all/local/${agencyId}/0/none/none/-?PerPage=100&view=all`,
    undefined,
    token,
  );
  const clientId = (rows.data as { clientID: number; client_company_name: string }[]).find(
    (row) => row.client_company_name === client.name,
  )?.clientID;
  expect(clientId, `a campaign of ${client.name} in the demo`).toBeDefined();
  const created = await api.call(
    'POST',
    '/leadspeek/client/create',
    { leadspeekType: 'local', clientID: clientId, campaignName: name, urlCode: site.url },
    token,
  );
  const campaign = created.data as { leadspeekID: number; leadspeek_api_id: string };
  await api.call(
    'PUT',
    '/configuration/user/costmodule',
    {
      leadspeekID: campaign.leadspeekID,
      PaymentTerm: 'Monthly',
      PlatformFee: '99.00',
      CostMonth: '49.00',
      CostSet: DEMO.northwind.costPerLead.local,
      LimitLead: 0,
      LimitLeadFreq: 'day',
    },
    token,
  );

  // The client activates it (its sandbox card pays), copies the embed code onto its site and checks it.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, client.contact.email);
  await expect(page).toHaveURL(/\/siteid\/dashboard$/);
  await page.goto(`/siteid/campaign-management?search=${encodeURIComponent(name)}`);
  const status = page.getByTestId(`campaign-status-${campaign.leadspeek_api_id}`);
  await expect(status).toHaveText('Stopped');
  await (await rowAction(page, campaign.leadspeek_api_id, 'Activate'))?.finished();
  await expect(status).toHaveText('Running');

  await rowAction(page, campaign.leadspeek_api_id, 'Embed code', false);
  await expect(page.getByTestId('site-check-result')).toBeVisible();
  await page.getByTestId('site-check-run').click();
  await expect(page.getByTestId('site-check-result')).toContainText('not found');
  await page.getByTestId('embed-copy').click();
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  expect(snippet).toContain(`data-campaign-id="${campaign.leadspeek_api_id}"`);
  site.setBody(`<!doctype html><title>Harbor Dental</title><h1>Harbor Dental</h1>\n${snippet}\n`);
  await page.getByTestId('site-check-run').click();
  await expect(page.getByTestId('site-check-result')).toContainText('The embed code was found at your url.');
  await expectAccessible(page, 'embed code panel after a site check');
  await page.keyboard.press('Escape');

  // A visitor the sandbox knows opens the site: the pixel reports the view, the lead engine stores a lead.
  const visitor = resolvingVisitorId('leadflow');
  await visit(browser, site.url, visitor);
  const reportPath = `/leadspeek/report/lead/${agencyId}/${clientId}/${campaign.leadspeekID}`;
  await expect
    .poll(async () => (await api.call('GET', reportPath, undefined, await asOwner())).total, {
      timeout: 240_000,
      intervals: [1000, 2000, 5000],
    })
    .toBe(1);
  token = await asOwner();
  const lead = (await api.call('GET', reportPath, undefined, token)).data[0] as {
    lead_id: number;
    email: string;
    first_name: string;
  };

  // The client's lead report shows it, with what the client paid and why.
  await openReport(page, campaign.leadspeek_api_id);
  await expect(page.getByTestId(`lead-open-${lead.lead_id}`)).toBeVisible();
  await expect(page.getByTestId('lead-report-panel')).toContainText(lead.email);
  await page.getByTestId(`lead-open-${lead.lead_id}`).click();
  await expect(page.getByTestId('lead-detail-explanation')).toContainText('$');
  await expectAccessible(page, 'lead detail');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('lead-detail')).toBeHidden();

  // …and downloads it: the file as the server wrote it, byte-order mark first.
  const saving = page.waitForEvent('download');
  await page.getByTestId('lead-download-csv').click();
  const csv = await readFile(await (await saving).path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv).toContain(lead.email);
  await expect(page.getByTestId('lead-download-status')).toContainText('Download Successful');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('lead-report-panel')).toBeHidden();

  // The same visitor again: the campaign never re-identifies, so the repeat is refused, with its reason.
  await visit(browser, site.url, visitor);
  const rejectionsPath = `/leadspeek/report/rejections/${campaign.leadspeekID}`;
  await expect
    .poll(async () => (await api.call('GET', rejectionsPath, undefined, await asOwner())).data.total, {
      timeout: 120_000,
      intervals: [1000, 2000, 5000],
    })
    .toBe(1);

  // The client's dashboard counts today's leads as the server does.
  await page.goto('/siteid/dashboard');
  const dashboard = await api.call(
    'GET',
    `/leadspeek/report/dashboard/${agencyId}/${clientId}/local`,
    undefined,
    await asOwner(),
  );
  expect(dashboard.data.leads_today).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('dashboard-leads-today')).toContainText(String(dashboard.data.leads_today));
  await expectAccessible(page, 'client Site ID dashboard with leads');

  // The client pauses and resumes the campaign.
  await page.goto(`/siteid/campaign-management?search=${encodeURIComponent(name)}`);
  await (await rowAction(page, campaign.leadspeek_api_id, 'Pause'))?.finished();
  await expect(status).toHaveText('Paused');
  await (await rowAction(page, campaign.leadspeek_api_id, 'Resume'))?.finished();
  await expect(status).toHaveText('Running');

  // The agency owner sees the client's campaign and the reason the repeat was refused.
  const ownerContext = await browser.newContext({ baseURL });
  const owner = await ownerContext.newPage();
  await signIn(owner, DEMO.northwind.owner.email);
  await expect(owner).not.toHaveURL(/\/login/);
  await owner.goto(`/siteid/campaign-management?search=${encodeURIComponent(name)}`);
  await expect(owner.getByTestId(`campaign-row-${campaign.leadspeek_api_id}`)).toContainText(client.name);
  await openReport(owner, campaign.leadspeek_api_id);
  await owner.getByTestId('lead-tab-rejections').click();
  await expect(owner.getByTestId('lead-rejections-reidentified_campaign')).toContainText(
    'Already delivered to this campaign within its re-identification window',
  );
  await expectAccessible(owner, 'agency lead report: rejections');
  await ownerContext.close();

  // A system user opening a module dashboard is sent to the Agency List.
  const rootContext = await browser.newContext({ baseURL });
  const root = await rootContext.newPage();
  await signIn(root, DEMO.master.rootUser.email);
  await expect(root).not.toHaveURL(/\/login/);
  await root.goto('/siteid/dashboard');
  await expect(root).toHaveURL(/\/configuration\/agency-list$/);
  await rootContext.close();
  await site.close();
});
