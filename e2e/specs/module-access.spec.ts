import { BETA_AGREEMENT_REQUIRED } from '@app/contracts';
import { DEMO } from '@app/db/demo';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { nextAnswer, signIn } from '../support/browser';
import { rowAction } from '../support/campaigns';
import { addSettingsOnlyAdministrator } from '../support/roles';
import { expect, test } from '../support/test';

/*
 * Issue 20, items 2 and 5 and M2. One rule decides "may this person open module M" for the menus,
 * the module pages and billing (decision 0063): Harbor Dental pays for its Enhance ID and B2B ID
 * leads, so it sees them; Northwind runs Harbor's B2B campaign, so it sees and stops it. A beta
 * module's agreement is asked for once, in a dialog, before its campaigns are created or started
 * (decision 0064). A role without the LeadsPeek switch has no module pages (M2).
 *
 * The first two tests share the seeded B2B campaign (40010005) and Northwind's one-time agreement,
 * so they run in order.
 */
test.describe.configure({ mode: 'serial' });

const harbor = DEMO.northwind.clients[0];
const B2B_CAMPAIGN = '40010005';
const ENHANCE_CAMPAIGN = '40010004';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

async function openCampaigns(page: Page, slug: string, title: string) {
  const listed = nextAnswer(page, 'GET', /^\/api\/leadspeek\/client\//);
  await page.goto(`/${slug}/campaign-management`);
  await listed;
  await expect(page.getByRole('heading', { name: `${title} Campaign Management` })).toBeVisible();
}

test('a client sees the Enhance ID and B2B ID campaigns it pays for; its agency sees and stops them', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two people, each signing in and opening two or three campaign lists, and one move.
  test.setTimeout(120_000);
  await signIn(page, harbor.contact.email);
  await expect(sidebar(page)).toContainText('Enhance ID');
  await expect(sidebar(page)).toContainText('B2B ID');

  await openCampaigns(page, 'enhanceid', 'Enhance ID');
  await expect(page.getByTestId(`campaign-row-${ENHANCE_CAMPAIGN}`)).toBeVisible();
  await openCampaigns(page, 'b2bid', 'B2B ID');
  await expect(page.getByTestId(`campaign-row-${B2B_CAMPAIGN}`)).toBeVisible();
  // The client waits for its agency's beta agreement: it is told so, and offered no new campaign.
  await expect(page.getByTestId('beta-agreement-pending')).toContainText(
    'your agency has to accept its beta agreement',
  );
  await expect(page.getByTestId('campaign-add')).toHaveCount(0);
  await expectAccessible(page, 'client B2B campaign list');

  const agency = await browser.newContext({ baseURL });
  const owner = await agency.newPage();
  await signIn(owner, DEMO.northwind.owner.email);
  await expect(sidebar(owner)).toContainText('B2B ID');
  await openCampaigns(owner, 'b2bid', 'B2B ID');
  await expect(owner.getByTestId(`campaign-row-${B2B_CAMPAIGN}`)).toContainText(harbor.name);
  const paused = await rowAction(owner, B2B_CAMPAIGN, 'Pause');
  expect((await paused?.json())?.data.status).toBe('paused');
  await expect(owner.getByTestId(`campaign-status-${B2B_CAMPAIGN}`)).toHaveText('Paused');
  await agency.close();
});

test('an agency accepts a beta module’s agreement once before it starts the module’s campaigns', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.northwind.owner.email);
  await openCampaigns(page, 'b2bid', 'B2B ID');
  await expect(page.getByTestId('beta-agreement-pending')).toContainText('accept its beta agreement once');

  // The server refuses to start the campaign before the agreement, and says why.
  await page.getByTestId(`campaign-actions-${B2B_CAMPAIGN}`).click();
  await page.getByRole('menuitem', { name: 'Resume', exact: true }).click();
  const refused = page.waitForResponse(
    (r) =>
      r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/leadspeek/client/activepause',
  );
  await page.getByTestId('confirm-yes').click();
  expect((await refused).status()).toBe(403);
  await expect(page.getByRole('alert').filter({ hasText: BETA_AGREEMENT_REQUIRED })).toBeVisible();
  await expect(page.getByTestId(`campaign-status-${B2B_CAMPAIGN}`)).toHaveText('Paused');

  // New Campaign asks for the agreement first: its text, 'I agree', Accept.
  await page.getByTestId('campaign-add').click();
  const dialog = page.getByRole('dialog', { name: 'B2B ID Beta Agreement' });
  await expect(dialog.getByRole('heading', { name: 'Service Billing Agreement' })).toBeVisible();
  await expect(dialog).toContainText('B2B ID is a beta module.');
  await expect(page.getByTestId('campaign-wizard')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog.getByText('Please click agree before you continue')).toBeVisible();
  await expectAccessible(page, 'beta agreement dialog');
  await dialog.getByTestId('billing-agreement-agree').check();
  const accepted = nextAnswer(page, 'PUT', /^\/api\/marketing-services-agreement-feature\/\d+\/2$/);
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await accepted;
  // Accepted: the wizard the owner asked for opens, and the notice is gone.
  await expect(page.getByTestId('campaign-wizard')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('campaign-wizard')).toBeHidden();
  await expect(page.getByTestId('beta-agreement-pending')).toHaveCount(0);

  const resumed = await rowAction(page, B2B_CAMPAIGN, 'Resume');
  expect((await resumed?.json())?.data.status).toBe('running');
  await expect(page.getByTestId(`campaign-status-${B2B_CAMPAIGN}`)).toHaveText('Running');

  // Once: after a reload New Campaign opens the wizard straight away.
  await openCampaigns(page, 'b2bid', 'B2B ID');
  await page.getByTestId('campaign-add').click();
  await expect(page.getByTestId('campaign-wizard')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'B2B ID Beta Agreement' })).toHaveCount(0);
});

test('a role without the LeadsPeek switch has no module in the menu and no module page', async ({
  page,
  browser,
  baseURL,
}) => {
  // A role and an account made through the screens, two sign-ins: as the roles spec, 90 s.
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const roleName = `No Leads ${stamp}`;
  const email = `noleads.${stamp}@northwind.test`;
  const password = `NoLeads!${stamp}9`;

  await signIn(page, DEMO.northwind.owner.email);
  await addSettingsOnlyAdministrator(page, {
    roleName,
    fullName: 'Nolan Leads',
    email,
    phone: '2025550178',
    password,
  });

  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signIn(admin, email, { password });
  await expect(sidebar(admin)).toContainText('Administrator List');
  await expect(sidebar(admin)).not.toContainText('Site ID');
  await expect(sidebar(admin)).not.toContainText('Campaign Management');
  await admin.goto('/siteid/campaign-management');
  await expect(admin.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await context.close();
});
