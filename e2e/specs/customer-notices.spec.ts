import { PASSWORD_SET_DONE, SITE_CHECK_OUTCOME_LABELS } from '@app/contracts';
import { DEMO } from '@app/db/demo';
import type { Page } from '@playwright/test';
import { apiClient } from '../support/api';
import { signIn } from '../support/browser';
import { rowAction } from '../support/campaigns';
import { expect, test } from '../support/test';

/*
 * Issue 20, "what a paying customer notices": what the screens say in words, in which time zone,
 * and in which colour. Cedar Home Services' two Site ID campaigns are used (no other spec sends
 * their test leads): 40020001 runs, 40020002 is stopped.
 */

const cedar = DEMO.northwind.clients[1];
const RUNNING = '40020001';
const STOPPED = '40020002';
/** Outcome codes as the server stores them: none of them may reach the screen as they are. */
const RAW_OUTCOME =
  /\b(unchecked|unreachable|not_allowed|not_found|gtm_not_found|found_via_gtm|invalid_url)\b/;

/** Sends a test lead from the open embed panel: the notice's text and colour, then closes the notice. */
async function testLeadNotice(page: Page) {
  await page.getByTestId('send-test-lead').click();
  // The server waits up to 10 s for the ingest job's outcome before it answers.
  const notice = page.locator('.mantine-Notification-root').filter({ hasText: /test lead/i });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  const style = (await notice.getAttribute('style')) ?? '';
  const text = (await notice.textContent()) ?? '';
  await notice.getByRole('button', { name: 'Close notification' }).click();
  await expect(notice).toBeHidden();
  return { text, colour: /--notification-color: var\(--mantine-color-(\w+)-/.exec(style)?.[1] };
}

test.describe('a campaign seen from the other side of the world', () => {
  // The browser is 20 hours ahead of the campaign's Chicago: a time shown in the browser's zone
  // would be a different hour, most of the day a different date.
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test("embed statuses read as words, a refused test lead is red, and the lead report shows its leads in the campaign's named zone", async ({
    page,
    baseURL,
  }) => {
    // A sign-in, two test leads through the ingest job (each waited for up to 10 s by the server),
    // the report opened once the lead is stored.
    test.setTimeout(120_000);
    await signIn(page, DEMO.northwind.owner.email);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/siteid/campaign-management');
    const list = page.getByTestId('campaign-list');
    await expect(list).toContainText(cedar.name);

    // The Embed column and the panel's badge say what happened, not the stored code.
    for (const id of [RUNNING, STOPPED]) {
      const row = page.getByTestId(`campaign-row-${id}`);
      await expect(row).toBeVisible();
      await expect(row).not.toContainText(RAW_OUTCOME);
    }
    await expect(page.getByTestId(`campaign-row-${STOPPED}`)).toContainText(
      SITE_CHECK_OUTCOME_LABELS.unchecked,
    );

    // A stopped campaign refuses its test lead: the person is told so in red, not in green.
    await rowAction(page, STOPPED, 'Embed code', false);
    const panel = page.getByRole('dialog', { name: /Embed Code/ });
    await expect(panel.getByTestId('embed-status')).toHaveText(SITE_CHECK_OUTCOME_LABELS.unchecked);
    const refused = await testLeadNotice(page);
    expect(refused.text).toContain('The test lead did not get through');
    expect(refused.colour).toBe('red');
    await panel.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(panel).toBeHidden();

    // A running one takes it: green once stored (blue while it is still on its way).
    await rowAction(page, RUNNING, 'Embed code', false);
    await expect(panel.getByTestId('embed-status')).not.toHaveText(RAW_OUTCOME);
    const sent = await testLeadNotice(page);
    expect(['green', 'blue']).toContain(sent.colour);
    await panel.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(panel).toBeHidden();

    // The lead is in the report once the ingest job has stored it (the API says when).
    const api = await apiClient(baseURL ?? '');
    // A token lives 10 s on the e2e server: the poll below signs in afresh for each look.
    const asOwner = () => api.signIn(DEMO.northwind.owner.email);
    const token = await asOwner();
    const agencyId = (await api.call('GET', '/user', undefined, token)).company_id as number;
    const campaigns = await api.call(
      'GET',
      `/leadspeek/client/all/local/${agencyId}/0/none/none/-?PerPage=100&view=all`,
      undefined,
      token,
    );
    const campaign = (
      campaigns.data as { leadspeekID: number; leadspeek_api_id: string; clientID: number }[]
    ).find((c) => c.leadspeek_api_id === RUNNING);
    expect(campaign).toBeDefined();
    const reportPath = `/leadspeek/report/lead/${agencyId}/${campaign?.clientID}/${campaign?.leadspeekID}`;
    let stored: { lead_id: number; created_at: string } | undefined;
    await expect
      .poll(
        async () => {
          const report = await api.call(
            'GET',
            `${reportPath}?searchQuery=test-lead`,
            undefined,
            await asOwner(),
          );
          stored = (report.data as { lead_id: number; created_at: string; first_name: string }[]).find(
            (lead) => lead.first_name === 'Test',
          );
          return stored !== undefined;
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    await rowAction(page, RUNNING, 'Lead report', false);
    const report = page.getByTestId('lead-report-panel');
    await expect(report).toBeVisible();
    // The zone is named once for the whole view, and it is the campaign's, not the browser's.
    await expect(page.getByTestId('lead-report-zone')).toContainText('America/Chicago');
    await expect(page.getByTestId('lead-report-zone')).toContainText("the campaign's time zone");
    const shown = await page.evaluate((iso) => {
      const format = (timeZone: string) =>
        new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
      return { chicago: format('America/Chicago'), browser: format('Pacific/Kiritimati'), today };
    }, stored?.created_at ?? '');
    const row = page.getByTestId(`lead-row-${stored?.lead_id}`);
    await expect(row).toContainText(shown.chicago);
    await expect(row).not.toContainText(shown.browser);
    // The date fields end on the campaign's today, as its rows and chart count days.
    await expect(page.getByTestId('lead-report-end')).toHaveValue(shown.today);
    await page.getByTestId('lead-tab-chart').click();
    await expect(page.getByTestId('lead-chart-range')).toContainText(`to ${shown.today}`);
    await expect(page.getByTestId('lead-chart-range')).toContainText('America/Chicago');
  });
});

test('an invited person chooses a first password on a page that says so, then signs in', async ({
  page,
  baseURL,
}) => {
  // Two API calls, the page, a password hash on saving it, a sign-in.
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  const email = `ivy.${stamp}@invited.test`;
  const api = await apiClient(baseURL ?? '');
  const token = await api.signIn(DEMO.northwind.owner.email);
  const agencyId = (await api.call('GET', '/user', undefined, token)).company_id as number;
  const { idsys } = await (await fetch(`${baseURL}/api/domainsubdomain/localhost/localhost`)).json();
  // The agency adds a client without a password: the person is invited by e-mail.
  await api.call(
    'POST',
    '/configuration/user/create',
    {
      companyID: agencyId,
      idsys,
      userType: 'client',
      ClientCompanyName: `Ivy Dental ${stamp}`,
      ClientFullName: 'Ivy Invited',
      ClientEmail: email,
      ClientPhone: '3125550124',
      ClientPhoneCountryCode: 'US',
    },
    token,
  );
  // The link is on the agency's custom domain (leads.northwind.test); over plain http only
  // *.localhost is a secure context with Web Crypto (the dt envelope), so it is opened on the
  // agency's subdomain, another of its hosts: the path and token are the e-mail's.
  const mailed = new URL(await api.lastLinkFor(email, 'set-new-password'));
  const origin = (baseURL ?? '').replace('localhost', `${DEMO.northwind.subdomain}.localhost`);
  const link = `${origin}${mailed.pathname}${mailed.search}`;

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
  await expect(page.getByText(`Welcome! Choose a password for ${email}`)).toBeVisible();
  // Nobody resets a password they never had.
  await expect(page.getByText(/reset/i)).toHaveCount(0);
  const password = `Ivy!${stamp}42`;
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByTestId('reset-done')).toHaveText(PASSWORD_SET_DONE);
  await expect(page.getByText(/reset/i)).toHaveCount(0);

  // Opened again, the link is an invitation that was used.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Invalid Invitation Link' })).toBeVisible();
  await expect(page.getByTestId('reset-invalid-reason')).toHaveText(
    'This invitation link has already been used.',
  );

  await signIn(page, email, { password, origin });
  await expect(page).not.toHaveURL(/\/login/);
});

test("an agency's white-label host shows its legal pages in the agency's name", async ({ page, baseURL }) => {
  const host = `${DEMO.northwind.subdomain}.localhost`;
  const origin = (baseURL ?? '').replace('localhost', host);
  for (const path of ['/privacy-policy', '/term-of-use', '/service-billing-agreement']) {
    await page.goto(`${origin}${path}`);
    const article = page.getByRole('article');
    await expect(article).toContainText(DEMO.northwind.name);
    // The platform behind the agency stays out of sight of its clients.
    await expect(page.locator('body')).not.toContainText(DEMO.master.root.legalName);
    await expect(page.locator('body')).not.toContainText(DEMO.master.root.shortName);
  }
});
