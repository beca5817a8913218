import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO } from '@app/db/demo';
import type { Page } from '@playwright/test';
import { apiClient } from '../support/api';
import { nextAnswer, signIn } from '../support/browser';
import { expect, test } from '../support/test';

/*
 * Issue 23 and decision 0099, seen by a demo client: Harbor Dental's contact on /integrations (the
 * real screen, never the pending one), the demo's webhook to its sandbox inbox (decision 0107) and
 * another receiver on this machine refused (the e2e server, like production, takes no permit for
 * loopback receivers, so the refusal is what a person sees), the GoHighLevel sandbox connected through its consent page, a test payload delivered to
 * the CRM, and a lead the CRM refuses (the campaign names a sub-account the sandbox does not have)
 * failed in the console with GoHighLevel's error and replayed, while the same lead reaches the
 * webhook inbox.
 *
 * One Harbor Dental connection is shared by every run of this test, so runs take turns (a lock file
 * beside the e2e server's port): `--repeat-each` puts copies of the test on both workers at once.
 */

const harbor = DEMO.northwind.clients[0];
/** Harbor Dental's running Site ID campaign: only this spec sends it test leads. */
const CAMPAIGN = '40010001';
/** A sub-account id the GoHighLevel sandbox does not have: its API answers 404 "Location not found". */
const GONE_LOCATION = 'sbx_loc_closed_e2e';
const CRM = 'GoHighLevel (CRM)';

/* Taking turns: a file holding the worker's pid; one left by a worker that is gone is taken over. */
const LOCK = join(tmpdir(), `e2e-integrations-${process.env.E2E_PORT ?? 3197}.lock`);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
function tryLock(): boolean {
  try {
    writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(LOCK, 'utf8'));
    if (holder > 0 && holder !== process.pid && !alive(holder)) rmSync(LOCK, { force: true });
    return false;
  }
}
function unlock() {
  try {
    if (Number(readFileSync(LOCK, 'utf8')) === process.pid) rmSync(LOCK, { force: true });
  } catch {
    // Not held.
  }
}

/** A webhook receiver on 127.0.0.1 that records what reaches it. */
async function startReceiver() {
  const received: { method: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/leads`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Delivery {
  id: number;
  slug: string;
  status: string;
  attempts: number;
  last_error: string | null;
  test: boolean;
  campaign_public_id: string | null;
}

const notice = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

test('Harbor Dental connects its CRM sandbox, sees a test payload delivered and replays a refused lead that its webhook inbox received; a loopback webhook is refused', async ({
  page,
  baseURL,
}) => {
  // The other worker's run first (up to 2 minutes with its wait for a test-lead slot), then this one.
  test.setTimeout(360_000);
  await expect.poll(tryLock, { timeout: 200_000, intervals: [250, 500, 1000] }).toBe(true);
  const receiver = await startReceiver();
  try {
    const api = await apiClient(baseURL ?? '');
    // The e2e server's access tokens live 10 s: one is asked for again when it is 8 s old.
    let held = { token: '', at: 0 };
    const token = async () => {
      if (Date.now() - held.at > 8_000)
        held = { at: Date.now(), token: await api.signIn(harbor.contact.email) };
      return held.token;
    };
    const companyId = (await api.call('GET', '/user', undefined, await token())).company_id as number;
    const deliveries = async (query: string) =>
      (await api.call('GET', `/integrations/deliveries/${companyId}?${query}`, undefined, await token()))
        .data as Delivery[];

    // On Northwind's own host, as its clients are: the consent page sends the browser back to the
    // agency's host, where the session is.
    const origin = (baseURL ?? '').replace('localhost', `${DEMO.northwind.subdomain}.localhost`);
    await signIn(page, harbor.contact.email, { origin });

    // The integrations screen is the real one: providers listed, never the pending placeholder.
    await page.goto(`${origin}/integrations`);
    await expect(page.getByTestId('integrations-page')).toBeVisible();
    await expect(page.getByText('This screen arrives with a later release.')).toHaveCount(0);
    await expect(page.getByTestId('integrations-group-crm')).toContainText(CRM);

    // The demo connected a webhook to its sandbox inbox (decision 0107). Another receiver on this
    // machine is refused at connect, nothing is sent to it, and the integration keeps its inbox.
    await page.goto(`${origin}/integrations/webhook`);
    await expect(page.getByTestId('integration-page')).toHaveAttribute('data-slug', 'webhook');
    const urlField = page.getByTestId('integration-field-url');
    await expect(urlField).toHaveValue(/\/sandbox\/webhook-inbox\/inbox_/);
    const inboxUrl = await urlField.inputValue();
    await urlField.fill(receiver.url);
    // A 401 is the 10-second access token running out: the web app refreshes it and sends again.
    const refused = page.waitForResponse(
      (r) =>
        r.request().method() === 'POST' &&
        new URL(r.url()).pathname === '/api/saveintegration' &&
        r.status() !== 401,
    );
    await page.getByTestId('integration-save').click();
    expect((await refused).status()).toBe(400);
    await expect(notice(page, 'resolves to 127.0.0.1, a loopback address')).toBeVisible();
    expect(receiver.received).toEqual([]);
    await page.reload();
    await expect(urlField).toHaveValue(inboxUrl);
    const beforeWebhook = Math.max(0, ...(await deliveries('slug=webhook')).map((d) => d.id));

    // GoHighLevel: the demo connected it at its first start (or an earlier run did), so it is
    // disconnected first to connect it the way a newcomer does.
    await page.goto(`${origin}/integrations/gohighlevel`);
    const authorize = page.getByTestId('integration-authorize');
    await expect(authorize).toHaveText(`Reconnect ${CRM}`);
    await page.getByTestId('integration-disconnect').click();
    const disconnected = nextAnswer(page, 'DELETE', `/api/integrations/${companyId}/gohighlevel`);
    await page.getByTestId('confirm-yes').click();
    await disconnected;
    await expect(authorize).toHaveText(`Connect with ${CRM}`);

    // "Connect with …": the sandbox's consent page, Allow, and back with the success notice.
    await authorize.click();
    await expect(page).toHaveURL(/\/sandbox\/oauth\/gohighlevel\/authorize\?/);
    await expect(page.getByRole('heading', { name: /Connect GoHighLevel/ })).toBeVisible();
    await page.getByLabel('Sandbox: Downtown Office (sandbox sub-account)').check();
    await page.getByRole('button', { name: 'Allow (sandbox)' }).click();
    await expect(page).toHaveURL(new RegExp(`^${origin}/integrations/gohighlevel(\\?|$)`));
    await expect(notice(page, 'The integration is connected.')).toBeVisible();
    await expect(page.getByTestId('integration-page')).toHaveAttribute('data-slug', 'gohighlevel');
    await expect(authorize).toHaveText(`Reconnect ${CRM}`);

    // A sample lead sent to the CRM: delivered in the console.
    const sent = nextAnswer(page, 'POST', `/api/integrations/${companyId}/gohighlevel/test`);
    await page.getByTestId('integration-test').click();
    const testId = (await (await sent).json()).delivery_id as number;
    await expect(notice(page, 'A test payload was queued')).toBeVisible();
    const testRow = page.getByTestId(`delivery-row-${testId}`);
    await expect(testRow.locator('[data-status="delivered"]')).toBeVisible({ timeout: 30_000 });
    await expect(testRow).toContainText('Test');

    // A lead of the campaign, which is set to send to a sub-account the sandbox does not have.
    const northwind = await api.signIn(DEMO.northwind.owner.email);
    const agencyId = (await api.call('GET', '/user', undefined, northwind)).company_id as number;
    const listed = await api.call(
      'GET',
      `/leadspeek/client/all/local/${agencyId}/0/none/none/-?PerPage=100&view=all`,
      undefined,
      northwind,
    );
    const leadspeekID = (listed.data as { leadspeekID: number; leadspeek_api_id: string }[]).find(
      (c) => c.leadspeek_api_id === CAMPAIGN,
    )?.leadspeekID;
    expect(leadspeekID, `campaign ${CAMPAIGN}`).toBeDefined();
    await api.call(
      'POST',
      '/savecampaignintegrationdetails',
      {
        campaign_id: leadspeekID,
        slug: 'gohighlevel',
        enabled: true,
        settings: { location_id: GONE_LOCATION },
      },
      await token(),
    );
    const before = Math.max(0, ...(await deliveries('slug=gohighlevel')).map((d) => d.id));
    // One test lead a minute per campaign: an earlier run's may still hold the slot.
    await expect
      .poll(
        async () => {
          try {
            await api.call('POST', '/send-test-lead', { leadspeekID }, await token());
            return 'sent';
          } catch (error) {
            if (/answered 429/.test(String(error))) return 'too soon';
            throw error;
          }
        },
        { timeout: 90_000, intervals: [1000, 2000, 5000] },
      )
      .toBe('sent');
    let failed: Delivery | undefined;
    await expect
      .poll(
        async () => {
          failed = (await deliveries(`slug=gohighlevel&campaign_public_id=${CAMPAIGN}&status=failed`)).find(
            (d) => d.id > before,
          );
          return failed?.id ?? 0;
        },
        { timeout: 60_000, intervals: [500, 1000, 2000] },
      )
      .toBeGreaterThan(0);
    const failedId = (failed as Delivery).id;

    // The console shows it failed, with GoHighLevel's answer; Replay queues it again.
    await page.getByTestId('delivery-filter-status').click();
    await page.getByRole('option', { name: 'Failed' }).click();
    const failedRow = page.getByTestId(`delivery-row-${failedId}`);
    await expect(failedRow.locator('[data-status="failed"]')).toBeVisible();
    await expect(page.getByTestId(`delivery-error-${failedId}`)).toHaveAttribute(
      'title',
      /Location not found/,
    );
    await expect(failedRow).toContainText(`#${CAMPAIGN}`);
    const replayed = nextAnswer(page, 'POST', '/api/integrations/deliveries/replay');
    await page.getByTestId(`delivery-replay-${failedId}`).click();
    expect((await (await replayed).json()).replayed).toBe(1);
    await expect(notice(page, '1 delivery was queued again.')).toBeVisible();
    // Sent once more and refused again: a second attempt on the same delivery, failed again.
    await expect
      .poll(
        async () => {
          const d = (await deliveries(`slug=gohighlevel&campaign_public_id=${CAMPAIGN}`)).find(
            (x) => x.id === failedId,
          );
          return d ? `${d.status}, ${d.attempts > 1 ? 'tried again' : 'tried once'}` : 'missing';
        },
        { timeout: 60_000, intervals: [500, 1000, 2000] },
      )
      .toBe('failed, tried again');

    // The same lead reached the webhook: delivered to the sandbox inbox, which verified it and shows it.
    let delivered = 0;
    await expect
      .poll(
        async () => {
          delivered =
            (await deliveries(`slug=webhook&campaign_public_id=${CAMPAIGN}&status=delivered`)).find(
              (d) => d.id > beforeWebhook && !d.test,
            )?.id ?? 0;
          return delivered;
        },
        { timeout: 60_000, intervals: [500, 1000, 2000] },
      )
      .toBeGreaterThan(0);
    await page.goto(inboxUrl);
    await expect(
      page.getByRole('heading', { name: `Sandbox: Webhook inbox of ${harbor.name}` }),
    ).toBeVisible();
    await expect(page.getByText(`msg_${delivered}`, { exact: true })).toBeVisible();
  } finally {
    await receiver.close();
    unlock();
  }
});
