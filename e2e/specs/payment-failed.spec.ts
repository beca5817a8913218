import { DEMO } from '@app/db/demo';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { apiClient } from '../support/api';
import { nextAnswer, signIn } from '../support/browser';
import { rowAction } from '../support/campaigns';
import { expect, test } from '../support/test';

/*
 * Issue 20 item 3 (decision 0065): a declined activation holds the client on Card Setting, saying what
 * failed; the agency sees the failed payment on the client's row, while the agency's own row stays
 * clear of the red card (it owes nothing itself, decision 0082); a new card alone changes nothing, and the agency's re-activation, once
 * charged, lets the client in and clears both lists.
 */

const PASSWORD = 'Lighthouse!2026';
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

async function fillSandboxCard(page: Page, number: string) {
  await page.getByTestId('card-number').fill(number);
  await page.getByTestId('card-expiry').fill(`12${nextYear}`);
  await page.getByTestId('card-cvc').fill('123');
}

test('a client held for a declined activation is let in once the re-activation is charged', async ({
  page,
  browser,
  baseURL,
}) => {
  // Three people's sign-ins, a card form, two list screens and two moves on a busy machine.
  test.setTimeout(180_000);
  const api = await apiClient(baseURL ?? '');
  const tag = Date.now().toString(36);
  const email = `lena.${tag}@lighthousedental.test`;

  // Northwind takes a new client, which finishes its profile and saves a card that saves and then
  // declines every charge (the sandbox's 4000 0000 0000 0341, as on Stripe).
  const owner = await api.signIn(DEMO.northwind.owner.email);
  const ownerMe = await api.call('GET', '/user', undefined, owner);
  const created = await api.call(
    'POST',
    '/configuration/user/create',
    {
      companyID: ownerMe.company_id,
      idsys: ownerMe.idsys,
      userType: 'client',
      ClientCompanyName: `Lighthouse Dental ${tag}`,
      ClientFullName: 'Lena Light',
      ClientEmail: email,
      ClientPhone: '3125550177',
      ClientPhoneCountryCode: 'US',
      ClientPassword: PASSWORD,
    },
    owner,
  );
  const clientCompany = created.data[0].company_id as number;
  const client = await api.signIn(email, 'localhost', PASSWORD);
  const clientMe = await api.call('GET', '/user', undefined, client);
  await api.call('PUT', '/leadspeek/user/setupcomplete', { usrID: clientMe.id, statuscomplete: 'T' }, client);
  const { tokenid } = await api.call(
    'POST',
    '/payment/sandbox/token',
    { number: '4000000000000341', exp_month: 12, exp_year: 2040, cvc: '123', cardholder: 'Lena Light' },
    client,
  );
  await api.call(
    'POST',
    '/payment/customer',
    {
      tokenid,
      cardholder: 'Lena Light',
      address: '1 Harbor Road',
      city: 'Portland',
      state: 'ME',
      country: 'US',
      zip: '04101',
      usrID: clientMe.id,
    },
    client,
  );

  // The agency prices a campaign of the client at $31 setup and $49 a month, and starts it: declined.
  // (The e2e server's access tokens live 10 s: a fresh one for each group of calls.)
  const agency = await api.signIn(DEMO.northwind.owner.email);
  const campaign = (
    await api.call(
      'POST',
      '/leadspeek/client/create',
      {
        leadspeekType: 'local',
        clientID: clientCompany,
        campaignName: `Lighthouse visitors ${tag}`,
        urlCode: 'https://lighthousedental.example/',
      },
      agency,
    )
  ).data as { leadspeekID: number; leadspeek_api_id: string };
  await api.call(
    'PUT',
    '/configuration/user/costmodule',
    {
      leadspeekID: campaign.leadspeekID,
      PaymentTerm: 'Monthly',
      PlatformFee: '31',
      CostMonth: '49',
      CostSet: '1.50',
      LimitLead: 0,
      LimitLeadFreq: 'day',
    },
    agency,
  );
  await expect(
    api.call(
      'PUT',
      '/leadspeek/client/activepause',
      { leadspeekID: campaign.leadspeekID, status: 'running' },
      agency,
    ),
  ).rejects.toThrow(/answered 402/);

  // The client is held on Card Setting, told what failed, wherever it goes.
  await signIn(page, email, { password: PASSWORD });
  await expect(page).toHaveURL(/\/user\/card-setting$/);
  const failed = page.getByTestId('card-payment-failed');
  await expect(failed).toContainText(
    `A payment of $80.00 for campaign ${campaign.leadspeek_api_id} was declined.`,
  );
  await expect(page.getByTestId('manual-bill-status')).toHaveCount(0);
  await expectAccessible(page, 'card setting: payment failed');
  await page.goto('/siteid/dashboard');
  await expect(page).toHaveURL(/\/user\/card-setting$/);

  // A new card alone pays nothing: still held.
  await page.getByTestId('card-replace').click();
  await fillSandboxCard(page, '4242424242424242');
  const replaced = nextAnswer(page, 'PUT', '/api/payment/card');
  await page.getByTestId('card-save').click();
  await replaced;
  await expect(page.getByTestId('saved-card-brand')).toHaveText('Visa •••• 4242');
  await expect(failed).toBeVisible();

  // The agency sees the failed payment on the client's row; the agency's own row has no red card.
  const ownerContext = await browser.newContext({ baseURL });
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, DEMO.northwind.owner.email);
  await ownerPage.goto(
    `/configuration/client-management?search=${encodeURIComponent(`Lighthouse Dental ${tag}`)}`,
  );
  await expect(ownerPage.getByTestId(`payment-failed-${clientCompany}`)).toBeVisible();
  // The red card icon opens the payment-failed modal: what failed and how much, from the open failure.
  await ownerPage.getByTestId(`payment-failed-${clientCompany}`).click();
  const failedModal = ownerPage.getByTestId('payment-failed-modal');
  await expect(failedModal).toContainText('$80.00');
  await expect(failedModal).toContainText(`Campaign #${campaign.leadspeek_api_id}`);
  await failedModal.getByRole('button', { name: 'Close' }).click();
  await expect(failedModal).toHaveCount(0);
  const rootContext = await browser.newContext({ baseURL });
  const rootPage = await rootContext.newPage();
  await signIn(rootPage, DEMO.master.rootUser.email);
  // The agency owes nothing itself: no red card on its row, whose modal would show its own $0.00
  // (decision 0082); the failure is the client's, on the client's row.
  await rootPage.goto('/configuration/agency-list?filters=paymentfailed');
  await expect(rootPage.getByText('No Data', { exact: true })).toBeVisible();
  await expect(rootPage.getByTestId(`payment-failed-${ownerMe.company_id}`)).toHaveCount(0);

  // The agency starts the campaign again: $80 charged to the client's new card.
  await ownerPage.goto(
    `/siteid/campaign-management?search=${encodeURIComponent(`Lighthouse visitors ${tag}`)}`,
  );
  const activated = await rowAction(ownerPage, campaign.leadspeek_api_id, 'Activate');
  expect((await (await activated)?.json())?.data.charge).toMatchObject({ amount: '80.00', payer: 'client' });
  await expect(ownerPage.getByTestId('campaign-charge')).toContainText(
    "Charged $80.00 to the client's card (Sandbox)",
  );

  // The client is let in; the agency's row and the system's filter no longer show a failure.
  await page.goto('/siteid/dashboard');
  await expect(page).toHaveURL(/\/siteid\/dashboard$/);
  await page.goto('/user/card-setting');
  await expect(page.getByTestId('saved-card-brand')).toHaveText('Visa •••• 4242');
  await expect(page.getByTestId('card-payment-failed')).toHaveCount(0);
  await ownerPage.goto(
    `/configuration/client-management?search=${encodeURIComponent(`Lighthouse Dental ${tag}`)}`,
  );
  await expect(ownerPage.getByText(`Lighthouse Dental ${tag}`).first()).toBeVisible();
  await expect(ownerPage.getByTestId(`payment-failed-${clientCompany}`)).toHaveCount(0);
  await rootPage.goto('/configuration/agency-list?filters=paymentfailed');
  await expect(rootPage.getByText('No Data', { exact: true })).toBeVisible();
  await expect(rootPage.getByTestId(`payment-failed-${ownerMe.company_id}`)).toHaveCount(0);

  await api.call(
    'PUT',
    '/leadspeek/client/activepause',
    { leadspeekID: campaign.leadspeekID, status: 'stopped' },
    await api.signIn(DEMO.northwind.owner.email),
  );
  await ownerContext.close();
  await rootContext.close();
});
