import { PREPAID_REFUND_TEXTS } from '@app/contracts';
import { DEMO } from '@app/db/demo';
import { apiClient } from '../support/api';
import { nextAnswer, signIn } from '../support/browser';
import { rowAction } from '../support/campaigns';
import { expect, test } from '../support/test';

/**
 * Prepaid blocks on the campaign list (decision 0078): Northwind's owner opens a prepaid campaign's
 * "Prepaid leads" panel, stops its continual top-up, and — once the campaign is stopped — reads the
 * refund's estimate, confirms it and sees the unused leads refunded (the leads left fall to 0). The
 * confirmation names where the money goes (decision 0087), and the client's card payments show what
 * its card got back.
 */
const nw = DEMO.northwind;
const harbor = nw.clients[0];

test('the Northwind owner stops continual top-up and refunds a stopped prepaid campaign’s unused leads', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await apiClient(baseURL ?? '');
  // Harbor Dental's prepaid campaign of 20 leads at $1.50, activated (its card pays the block), then stopped.
  const client = await api.signIn(harbor.contact.email);
  const harborId = (await api.call('GET', '/user', undefined, client)).company_id as number;
  const name = `Prepaid ${Date.now().toString(36)}`;
  const made = await api.call(
    'POST',
    '/leadspeek/client/create',
    {
      leadspeekType: 'local',
      clientID: harborId,
      campaignName: name,
      urlCode: 'https://harbordental.example/',
    },
    client,
  );
  const { leadspeekID, leadspeek_api_id: publicId } = made.data as {
    leadspeekID: number;
    leadspeek_api_id: string;
  };
  const owner = await api.signIn(nw.owner.email);
  await api.call(
    'PUT',
    '/configuration/user/costmodule',
    {
      leadspeekID,
      PaymentTerm: 'Prepaid',
      PlatformFee: '0',
      CostMonth: '0',
      CostSet: '1.50',
      LimitLead: 0,
      LimitLeadFreq: 'day',
      leadsbuy: 20,
      topupoptions: 'continual',
    },
    owner,
  );
  await api.call('PUT', '/leadspeek/client/activepause', { leadspeekID, status: 'running' }, owner);

  await signIn(page, nw.owner.email);
  await page.goto(`/siteid/campaign-management?view=all&search=${encodeURIComponent(name)}`);
  await expect(page.getByTestId(`campaign-row-${publicId}`)).toContainText(name);

  // Running: 20 leads left, continual top-up on; a refund must wait for the stop.
  await rowAction(page, publicId, 'Prepaid leads', false);
  const panel = page.getByTestId('prepaid-panel');
  await expect(panel.getByTestId('prepaid-remaining')).toHaveText('Leads left: 20');
  await expect(panel.getByTestId('prepaid-current')).toContainText('20 leads at $1.50 ($30.00)');
  await expect(panel.getByTestId('prepaid-refund-refusal')).toHaveText(PREPAID_REFUND_TEXTS.notStopped);
  await panel.getByRole('button', { name: 'Stop Continual Topup' }).click();
  const stopped = nextAnswer(page, 'PUT', '/api/leadspeek/client/local/stopcontinualtopup');
  await page.getByTestId('confirm-yes').click();
  await stopped;
  await expect(panel.getByTestId('prepaid-continual')).toHaveText('Continual Topup is off.');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // Stopped: the estimate, the confirmation, the refund.
  await (await rowAction(page, publicId, 'Stop'))?.finished();
  await expect(page.getByTestId(`campaign-status-${publicId}`)).toHaveText('Stopped');
  await rowAction(page, publicId, 'Prepaid leads', false);
  const estimate = panel.getByTestId('prepaid-refund-estimate');
  await expect(estimate).toContainText('Unused leads20');
  await expect(estimate).toContainText("Back to the client's card$30.00");
  // The client's $30 was all the platform's fee, and its $15 of the leads' wholesale comes back out of
  // it: nothing goes back to Northwind's card or into its Data Wallet (decision 0087), whichever paid
  // the platform's part, so neither the wallet's row nor its note is shown.
  await expect(estimate).toContainText("Back to the agency's card$0.00");
  await expect(estimate).not.toContainText('Data Wallet');
  await expect(panel.getByTestId('prepaid-refund-wallet')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Refund unused leads' }).click();
  await expect(
    page.getByText(`${PREPAID_REFUND_TEXTS.confirm} 20 leads: $30.00 back to the client's card.`),
  ).toBeVisible();
  const refunded = nextAnswer(page, 'POST', '/api/leadspeek/client/refund-topup');
  await page.getByTestId('confirm-yes').click();
  await refunded;
  await expect(panel.getByTestId('prepaid-refunded')).toHaveText(PREPAID_REFUND_TEXTS.refunded);
  await expect(panel.getByTestId('prepaid-remaining')).toHaveText('Leads left: 0');
  await expect(panel.getByTestId('prepaid-refund-refusal')).toHaveText(PREPAID_REFUND_TEXTS.alreadyRefunded);

  // Harbor Dental's card payments: the block's charge, whole, with the $30.00 its card got back.
  const harborPage = await (await browser.newContext({ baseURL })).newPage();
  await signIn(harborPage, harbor.contact.email);
  await harborPage.goto('/user/billing-history');
  const payments = harborPage.getByTestId('card-payments-panel');
  const row = payments.locator('tbody > tr').filter({ hasText: `campaign #${publicId}` });
  await expect(row.getByText('Refunded $30.00')).toBeVisible();
  await expect(row).toContainText('$30.00');
  await harborPage.context().close();
});
