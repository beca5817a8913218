import { KEYWORDS_REQUIRED, TARGETING_REQUIRED } from '@app/contracts';
import { DEMO } from '@app/db/demo';
import { expectAccessible } from '../support/accessibility';
import { apiClient } from '../support/api';
import { nextAnswer, signIn } from '../support/browser';
import { rowAction } from '../support/campaigns';
import { expect, test } from '../support/test';

const client = DEMO.northwind.clients[0];

test('a Northwind client runs a Site ID campaign from the wizard to the archive; the agency owner sees it', async ({
  page,
  browser,
  baseURL,
}) => {
  // A wizard, four moves with their confirmations, an activation charge, two sign-ins, two axe runs.
  test.setTimeout(150_000);
  const name = `Spring visitors ${Date.now().toString(36)}`;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  await signIn(page, client.contact.email);
  await expect(page).toHaveURL(/\/siteid\/dashboard$/);
  // The sidebar leads there: Site ID → Campaign Management.
  await page.getByRole('link', { name: 'Campaign Management' }).first().click();
  await expect(page).toHaveURL(/\/siteid\/campaign-management$/);
  await expect(page.getByRole('heading', { name: /Campaign Management/ })).toBeVisible();
  await expect(page.getByTestId('campaign-list')).toBeVisible();
  await expect(page.getByTestId('campaign-showing')).toBeVisible();
  await expectAccessible(page, 'client campaign list');

  // The wizard: a blank name is refused beside the field, then a local campaign is created.
  await page.getByTestId('campaign-add').click();
  const wizard = page.getByTestId('campaign-wizard');
  await expect(wizard).toBeVisible();
  await page.getByTestId('campaign-wizard-next').click();
  await expect(wizard).toContainText('Campaign name is required.');
  await page.getByTestId('campaign-name').fill(name);
  await expect(page.getByTestId('campaign-timezone')).toHaveValue('America/Chicago');
  await page.getByTestId('campaign-wizard-next').click();
  await page.getByTestId('campaign-url').fill('harbor dental');
  await page.getByTestId('campaign-wizard-next').click();
  await expect(wizard).toContainText('Enter the full address of the site');
  await page.getByTestId('campaign-url').fill(client.site);
  await expectAccessible(page, 'campaign wizard (targeting)');
  await page.getByTestId('campaign-wizard-next').click();
  await page.getByTestId('campaign-require-email').check();
  const created = nextAnswer(page, 'POST', '/api/leadspeek/client/create');
  await page.getByTestId('campaign-wizard-save').click();
  const campaign = (await (await created).json()).data as { leadspeekID: number; leadspeek_api_id: string };
  await expect(page.getByText('Data has been added successfully')).toBeVisible();
  await expect(wizard).toBeHidden();
  const row = page.getByTestId(`campaign-row-${campaign.leadspeek_api_id}`);
  await expect(row).toContainText(name);
  await expect(page.getByTestId(`campaign-status-${campaign.leadspeek_api_id}`)).toHaveText('Stopped');

  // The embed code, copied with its button.
  await rowAction(page, campaign.leadspeek_api_id, 'Embed code', false);
  const code = page.getByTestId('embed-code');
  await expect(code).toContainText(`data-campaign-id="${campaign.leadspeek_api_id}"`);
  await expect(code).toContainText('/px.js');
  await page.getByTestId('embed-copy').click();
  await expect(page.getByTestId('embed-copy')).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await code.textContent());
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('embed-panel')).toBeHidden();

  // The agency prices the campaign (its staff's step of the wizard; here through the API).
  const api = await apiClient(baseURL ?? '');
  const owner = await api.signIn(DEMO.northwind.owner.email);
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
    owner,
  );

  // Activate: the client's sandbox card pays the setup fee and the first month.
  const activated = await rowAction(page, campaign.leadspeek_api_id, 'Activate');
  const charge = (await (await activated)?.json())?.data.charge;
  expect(charge).toMatchObject({ amount: '148.00', payer: 'client', sandbox: true });
  // The client hears of its own card (the agency would read "the client's card").
  await expect(page.getByTestId('campaign-charge')).toContainText('Charged $148.00 to your card (Sandbox)');
  await expect(page.getByTestId(`campaign-status-${campaign.leadspeek_api_id}`)).toHaveText('Running');

  await (await rowAction(page, campaign.leadspeek_api_id, 'Pause'))?.finished();
  await expect(page.getByTestId(`campaign-status-${campaign.leadspeek_api_id}`)).toHaveText('Paused');
  await (await rowAction(page, campaign.leadspeek_api_id, 'Resume'))?.finished();
  await expect(page.getByTestId(`campaign-status-${campaign.leadspeek_api_id}`)).toHaveText('Running');
  await (await rowAction(page, campaign.leadspeek_api_id, 'Stop'))?.finished();
  await expect(page.getByTestId(`campaign-status-${campaign.leadspeek_api_id}`)).toHaveText('Stopped');
  await (await rowAction(page, campaign.leadspeek_api_id, 'Archive'))?.finished();
  await expect(row).toBeHidden();
  await page.getByTestId('campaign-view').click();
  await page.getByRole('option', { name: 'Archived' }).click();
  await expect(page.getByTestId(`campaign-status-${campaign.leadspeek_api_id}`)).toHaveText(/Archived/);

  // The agency owner sees its client's campaigns, with the client named.
  const ownerContext = await browser.newContext({ baseURL });
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, DEMO.northwind.owner.email);
  await expect(ownerPage).not.toHaveURL(/\/login/);
  await ownerPage.goto(`/siteid/campaign-management?view=all&search=${encodeURIComponent(name)}`);
  const ownerRow = ownerPage.getByTestId(`campaign-row-${campaign.leadspeek_api_id}`);
  await expect(ownerRow).toContainText(name);
  await expect(ownerRow).toContainText(client.name);
  await expect(ownerPage.getByTestId('campaign-client-filter')).toBeVisible();
  await ownerContext.close();
});

test('the Northwind owner creates a Search ID campaign for a client with its prices, once its targeting is complete, and edits it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Roof keywords ${Date.now().toString(36)}`;
  await signIn(page, DEMO.northwind.owner.email);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/searchid/campaign-management');
  await expect(page.getByTestId('campaign-list')).toBeVisible();

  await page.getByTestId('campaign-add').click();
  const wizard = page.getByTestId('campaign-wizard');
  await page.getByTestId('campaign-wizard-next').click();
  await expect(wizard).toContainText('Choose a client.');
  await page.getByTestId('campaign-client').click();
  await page.getByRole('option', { name: client.name }).click();
  await page.getByTestId('campaign-name').fill(name);
  await page.getByTestId('campaign-wizard-next').click();
  // No keyword and nowhere to look: the targeting step keeps the campaign, with the rule's texts
  // beside the inputs (the server refuses the same, issue 20).
  await page.getByTestId('campaign-wizard-next').click();
  await expect(wizard).toContainText(KEYWORDS_REQUIRED);
  await expect(wizard).toContainText(TARGETING_REQUIRED);
  await expect(page.getByTestId('campaign-keywords')).toBeVisible();
  // The lead fields it may require read as words, not as their stored keys.
  // The pills box around the MultiSelect's (read-only) input takes the click that opens it.
  await page.locator('.mantine-MultiSelect-input', { has: page.getByTestId('campaign-require') }).click();
  await page.getByRole('option', { name: 'First name', exact: true }).click();
  await expect(page.getByRole('option', { name: 'FirstName' })).toHaveCount(0);
  await page.getByTestId('campaign-keywords').fill('roof repair');
  await page.getByTestId('campaign-keywords').press('Enter');
  await page.getByTestId('campaign-wizard-next').click();
  await expect(wizard).not.toContainText(KEYWORDS_REQUIRED);
  await expect(wizard).toContainText(TARGETING_REQUIRED);
  await page.getByTestId('campaign-national').check();
  await page.getByTestId('campaign-wizard-next').click();
  await page.getByTestId('campaign-wizard-next').click();
  // The agency's step: what it charges the client.
  await page.getByTestId('campaign-payment-term').click();
  await page.getByRole('option', { name: 'Monthly' }).click();
  await page.getByTestId('campaign-setup-fee').fill('99');
  await page.getByTestId('campaign-period-fee').fill('49');
  await page.getByTestId('campaign-CostSet').fill(DEMO.northwind.costPerLead.locator);
  await page.getByTestId('campaign-CostSet').blur();
  await expectAccessible(page, 'campaign wizard (client prices)');

  const created = nextAnswer(page, 'POST', '/api/leadspeek/client/create');
  const priced = nextAnswer(page, 'PUT', '/api/configuration/user/costmodule');
  await page.getByTestId('campaign-wizard-save').click();
  const campaign = (await (await created).json()).data as { leadspeek_api_id: string };
  expect((await (await priced).json()).data).toMatchObject({
    PaymentTerm: 'Monthly',
    PlatformFee: '99.00',
    CostMonth: '49.00',
    CostSet: '2.25',
  });
  await expect(page.getByText('Data has been added successfully')).toBeVisible();
  const row = page.getByTestId(`campaign-row-${campaign.leadspeek_api_id}`);
  await expect(row).toContainText(client.name);

  // Edit: the wizard opens with the stored values; a new name is saved.
  await page.getByTestId(`campaign-actions-${campaign.leadspeek_api_id}`).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByTestId('campaign-name')).toHaveValue(name);
  await page.getByTestId('campaign-name').fill(`${name} (edited)`);
  for (let step = 0; step < 3; step++) await page.getByTestId('campaign-wizard-next').click();
  await expect(page.getByTestId('campaign-setup-fee')).toHaveValue(/99\.00/);
  await page.getByTestId('campaign-wizard-save').click();
  await expect(page.getByText('Data has been updated successfully')).toBeVisible();
  await expect(row).toContainText(`${name} (edited)`);
});
