import { DEMO } from '@app/db/demo';
import type { Page } from '@playwright/test';
import { png } from '../../apps/api/test/ad-creatives.js';
import { E2E_CLOCK_TOKEN } from '../playwright.clock.config';
import { expectAccessible } from '../support/accessibility';
import { apiClient } from '../support/api';
import { nextAnswer, signIn } from '../support/browser';
import { expect, test } from '../support/test';

/*
 * Issue 24 (decision 0115), the browser's part: a master-system agency accepts the Simplifi beta
 * agreement before its first campaign (Summit: the demo's Northwind accepted it three weeks before
 * the first start), and Northwind creates a display campaign for its client with a budget and an
 * ad, activates it (the monthly budget is charged), sees the sandbox's figures and chart once the
 * clock moves a day, raises the daily budget after reading what that charges, and finds exactly one
 * raise among the campaign's charges. Runs on `playwright.clock.config.ts`: moving the clock is an
 * e2e-only path of `support/clock-server.ts`, which also runs the ad platform's sync, renewal and
 * stats pull.
 */
const harbor = DEMO.northwind.clients[0];
const SIMPLIFI_FEATURE = 3;

type Api = Awaited<ReturnType<typeof apiClient>>;

/** The system's root makes an agency a Simplifi beta tester and switches the module on for it. */
async function openSimplifiTo(api: Api, ownerEmail: string) {
  const root = await api.signIn(DEMO.master.rootUser.email);
  const rootUser = await api.call('GET', '/user', undefined, root);
  const owner = await api.signIn(ownerEmail);
  const agency = await api.call('GET', '/user', undefined, owner);
  const features = await api.call('GET', '/configuration/beta-features', undefined, root);
  const simplifi = features.features.find((f: { id: number }) => f.id === SIMPLIFI_FEATURE);
  const testers: number[] = simplifi.testers.map((t: { company_id: number }) => t.company_id);
  if (!testers.includes(agency.company_id))
    await api.call(
      'PUT',
      `/configuration/beta-features/${SIMPLIFI_FEATURE}`,
      { is_beta: true, apply_to_all_agency: false, testers: [...testers, agency.company_id] },
      root,
    );
  await api.call(
    'PUT',
    '/configuration/user/update',
    {
      ClientID: agency.id,
      companyID: rootUser.company_id,
      selectedmodules: [{ type: 'simplifi', status: true }],
      action: 'downline',
    },
    root,
  );
  return { owner, agency };
}

/**
 * Northwind runs Simplifi with Harbor Dental (the demo's first start does it; done again here so the
 * spec stands on its own): a tester with the module on, its agreement accepted, Harbor's module on.
 */
async function prepareNorthwind(api: Api) {
  const { owner, agency } = await openSimplifiTo(api, DEMO.northwind.owner.email);
  const gate = await api.call('GET', `/beta-feature/gate/${SIMPLIFI_FEATURE}`, undefined, owner);
  if (gate.gate === 'agreement')
    await api.call(
      'PUT',
      `/marketing-services-agreement-feature/${agency.id}/${SIMPLIFI_FEATURE}`,
      {
        feature_id: SIMPLIFI_FEATURE,
        user_id: agency.id,
        is_marketing_services_agreement_feature: 'T',
        location_menu: 'simplifi-campaign-management',
      },
      owner,
    );
  const client = await api.call('GET', '/user', undefined, await api.signIn(harbor.contact.email));
  await api.call(
    'PUT',
    '/configuration/user/update',
    {
      ClientID: client.id,
      companyID: agency.company_id,
      selectedmodules: [{ type: 'simplifi', status: true }],
      action: 'client',
    },
    owner,
  );
  return { owner, clientCompanyId: client.company_id as number };
}

/** Moves the server's clock; answers the server's now (the browser is set to it: one "today" for both). */
async function advanceClock(baseURL: string, days: number): Promise<Date> {
  const moved = await fetch(`${baseURL}/__e2e/clock/advance?days=${days}`, {
    method: 'POST',
    headers: { 'x-e2e-token': E2E_CLOCK_TOKEN },
  });
  expect(moved.status, await moved.clone().text()).toBe(200);
  return new Date((await moved.json()).now);
}

/** A row's action from its menu, confirmed; answers the move's response. */
async function move(page: Page, apiId: string, action: string) {
  await page.getByTestId(`campaign-actions-${apiId}`).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
  const answered = nextAnswer(page, 'PUT', '/api/leadspeek/client/activepause');
  await page.getByTestId('confirm-yes').click();
  return answered;
}

test('a master-system agency accepts the Simplifi beta agreement once before its first campaign', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const api = await apiClient(baseURL ?? '');
  await openSimplifiTo(api, DEMO.summit.owner.email);
  await signIn(page, DEMO.summit.owner.email);
  await page.goto('/simplifiid/campaign-management');
  await expect(page.getByRole('heading', { name: 'Simplifi ID Campaign Management' })).toBeVisible();
  await expect(page.getByTestId('beta-agreement-pending')).toContainText('accept its beta agreement once');

  // New Campaign asks for the agreement first: its text, 'I agree', Accept; then the wizard opens.
  await page.getByTestId('simplifi-add').click();
  const dialog = page.getByRole('dialog', { name: 'Simplifi ID Beta Agreement' });
  await expect(dialog).toContainText('Simplifi ID is a beta module.');
  await expect(page.getByTestId('simplifi-wizard')).toHaveCount(0);
  await expectAccessible(page, 'simplifi beta agreement dialog');
  await dialog.getByTestId('billing-agreement-agree').check();
  const accepted = nextAnswer(page, 'PUT', /^\/api\/marketing-services-agreement-feature\/\d+\/3$/);
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await accepted;
  await expect(page.getByTestId('simplifi-wizard')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('beta-agreement-pending')).toHaveCount(0);

  // Once: after a reload New Campaign opens the wizard straight away.
  await page.reload();
  await page.getByTestId('simplifi-add').click();
  await expect(page.getByTestId('simplifi-wizard')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Simplifi ID Beta Agreement' })).toHaveCount(0);
});

test('an agency runs a Simplifi campaign: budget, ad, activation, sandbox stats a day later, one daily-budget raise', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const base = baseURL ?? '';
  const api = await apiClient(base);
  const { clientCompanyId } = await prepareNorthwind(api);
  const name = `Spring display ${Date.now().toString(36)}`;

  await signIn(page, DEMO.northwind.owner.email);
  await page.goto('/simplifiid/campaign-management');
  await expect(page.getByRole('heading', { name: 'Simplifi ID Campaign Management' })).toBeVisible();
  await expect(page.getByTestId('beta-agreement-pending')).toHaveCount(0);
  await page.getByTestId('simplifi-add').click();
  const wizard = page.getByTestId('simplifi-wizard');
  await expect(wizard).toBeVisible();

  // Step 1: the client, the name and where the ads lead; a bare host is refused beside the field.
  await page.getByTestId('simplifi-client').click();
  await page.getByRole('option', { name: harbor.name }).click();
  await page.getByTestId('simplifi-name').fill(name);
  await page.getByTestId('simplifi-click-url').fill('harbor.example');
  await page.getByTestId('simplifi-wizard-next').click();
  await expect(wizard).toContainText('Enter the full address, starting with https://.');
  await page.getByTestId('simplifi-click-url').fill('https://harbor.example/spring');
  await page.getByTestId('simplifi-wizard-next').click();

  // Step 2: the budget. A monthly budget below the daily one is refused before anything is sent.
  await page.getByTestId('simplifi-max-bid').fill('6.50');
  const monthly = page.getByTestId('simplifi-monthly-budget');
  await monthly.fill('20');
  await page.getByTestId('simplifi-daily-budget').fill('30');
  await page.getByTestId('simplifi-markup').fill('20');
  await page.getByTestId('simplifi-wizard-save').click();
  await expect(wizard).toContainText('The monthly budget must be at least the daily budget.');
  // Focused, an amount shows its plain number; then it is replaced as a person would retype it.
  await monthly.click();
  await expect(monthly).toHaveValue('20');
  await monthly.fill('900');
  await expectAccessible(page, 'simplifi wizard (budget)');
  const created = nextAnswer(page, 'POST', '/api/leadspeek/simplifi');
  await page.getByTestId('simplifi-wizard-save').click();
  const campaign = (await (await created).json()).data as { leadspeekID: number; leadspeek_api_id: string };

  // Step 3: an ad uploaded straight onto the campaign (a 300×250 image, checked by its bytes).
  await expect(page.getByTestId('simplifi-ads')).toBeVisible();
  await wizard
    .locator('input[type="file"]')
    .setInputFiles({ name: 'spring-300x250.png', mimeType: 'image/png', buffer: png(300, 250) });
  const uploaded = nextAnswer(page, 'POST', '/api/media/upload');
  await page.getByTestId('simplifi-upload').click();
  const media = (await (await uploaded).json()).data as { id: number };
  await expect(page.getByTestId(`simplifi-ads-attached-${media.id}`)).toContainText('300×250');
  await page.getByTestId('simplifi-wizard-next').click();
  await expect(page.getByTestId('simplifi-audiences')).toBeVisible();
  await page.getByTestId('simplifi-wizard-done').click();
  await expect(wizard).toBeHidden();

  // The campaign is in the list, stopped; activating it charges the monthly budget.
  const row = page.getByTestId(`campaign-row-${campaign.leadspeek_api_id}`);
  await expect(row).toContainText(name);
  await expect(row).toContainText(harbor.name);
  await expect(page.getByTestId(`campaign-status-${campaign.leadspeek_api_id}`)).toHaveText('Stopped');
  const activated = await move(page, campaign.leadspeek_api_id, 'Activate');
  expect((await activated.json()).data).toMatchObject({
    status: 'running',
    charge: { amount: '900.00', payer: 'client' },
  });
  await expect(page.getByTestId('campaign-charge')).toContainText("Charged $900.00 to the client's card");
  await expect(page.getByTestId(`campaign-status-${campaign.leadspeek_api_id}`)).toHaveText('Running');

  // A day later the sandbox has delivered: impressions and spend in the row, labelled as sandbox.
  // The report's ranges end on the viewer's today: the browser's clock follows the server's.
  await page.clock.install({ time: await advanceClock(base, 1) });
  await page.reload();
  await expect(page.getByTestId('simplifi-list-sandbox')).toBeVisible();
  await expect(page.getByTestId(`simplifi-impressions-${campaign.leadspeek_api_id}`)).toHaveText(
    /^[1-9][\d,]*$/,
  );
  await expectAccessible(page, 'simplifi campaign list');

  // Its report: the sandbox note, the day's figures and the chart.
  await page.getByTestId(`simplifi-open-${campaign.leadspeek_api_id}`).click();
  await expect(page.getByTestId('simplifi-sandbox-note')).toBeVisible();
  await expect(page.getByTestId('simplifi-report-impressions')).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.getByTestId('simplifi-chart-impressions')).toBeVisible();

  // The budget: raising the daily budget says what it charges, in the server's figures, and asks.
  await page.getByTestId('simplifi-tab-budget').click();
  const daily = page.getByTestId('simplifi-raise-daily');
  await daily.click();
  await expect(daily).toHaveValue('30');
  await daily.fill('40');
  const checked = nextAnswer(page, 'GET', '/api/leadspeek/simplifi/check-budget-increase');
  await page.getByTestId('simplifi-raise').click();
  const quote = (await (await checked).json()).data as {
    charge_amount: string;
    remaining_days: number;
    remaining_budget: string;
  };
  const text = page.getByTestId('simplifi-increase-text');
  await expect(text).toContainText(
    /^This charges \$[\d,]+\.\d{2} now \(\$40\.00 daily × \d+ remaining days? − \$[\d,]+\.\d{2} remaining budget\)\.$/,
  );
  await expect(text).toContainText(`${quote.remaining_days} remaining`);
  const charged = nextAnswer(page, 'POST', '/api/leadspeek/simplifi/charge-campaign-by-remaining-days');
  await page.getByTestId('confirm-yes').click();
  expect((await (await charged).json()).data.charge_amount).toBe(quote.charge_amount);
  await expect(page.getByTestId('simplifi-daily')).toHaveText('$40.00');

  // Exactly one raise among the charges, on the screen and in the campaign's details.
  await page.getByTestId('simplifi-tab-charges').click();
  await expect(page.getByTestId('simplifi-charge-activation')).toHaveCount(1);
  await expect(page.getByTestId('simplifi-charge-raise')).toHaveCount(1);
  const details = await api.call(
    'GET',
    `/leadspeek/simplifi/details?leadspeekID=${campaign.leadspeekID}`,
    undefined,
    // Access tokens live 10 s here, and the clock has moved a day: a fresh sign-in.
    await api.signIn(DEMO.northwind.owner.email),
  );
  expect(details.data.clientID).toBe(clientCompanyId);
  expect(details.data.charges.filter((c: { reason: string }) => c.reason === 'raise')).toHaveLength(1);
  expect(details.data.dailyBudget).toBe('40.00');
});
