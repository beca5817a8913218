import { readFile } from 'node:fs/promises';
import {
  centsFromWire,
  DATA_WALLET_CHARGE_CONFIRM,
  DATA_WALLET_CONTINUAL_RESUMED,
  DATA_WALLET_CONTINUAL_STOPPED,
  DATA_WALLET_SAVE_CONFIRM,
} from '@app/contracts';
import { DEMO } from '@app/db/demo';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { apiClient } from '../support/api';
import { dismissNotice, nextAnswer, signIn } from '../support/browser';
import { expect, test } from '../support/test';

const WALLET = '/api/configuration/agencies/prepaid';

/**
 * Makes the Data Wallet open for Northwind's owner, whatever ran before: offered to every agency of
 * the master system (the agreements spec does it from the screen) and its agreement accepted.
 */
async function openNorthwindWallet(baseURL: string) {
  const api = await apiClient(baseURL);
  const owner = await api.signIn(DEMO.northwind.owner.email);
  const me = await api.call('GET', '/user', undefined, owner);
  let gate = await api.call('GET', '/beta-feature/gate/1', undefined, owner);
  if (gate.gate === 'unavailable') {
    const root = await api.signIn(DEMO.master.rootUser.email);
    await api.call(
      'PUT',
      '/configuration/beta-features/1',
      { is_beta: true, apply_to_all_agency: true, testers: [] },
      root,
    );
    gate = await api.call('GET', '/beta-feature/gate/1', undefined, owner);
  }
  if (gate.gate === 'agreement')
    await api.call(
      'PUT',
      `/marketing-services-agreement-feature/${me.id}/1`,
      {
        feature_id: 1,
        user_id: me.id,
        is_marketing_services_agreement_feature: 'T',
        location_menu: 'data-wallet',
      },
      owner,
    );
}

async function openWallet(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Data Wallet' }).click();
  const modal = page.getByRole('dialog', { name: 'Data Wallet' });
  await expect(modal.getByTestId('data-wallet-balance')).toHaveText(/^\$\d/);
  return modal;
}

/** The balance the modal shows, in cents. */
async function balanceOf(modal: ReturnType<Page['getByRole']>) {
  const text = (await modal.getByTestId('data-wallet-balance').textContent()) ?? '';
  const cents = centsFromWire(text.replace('$', ''));
  if (cents === null) throw new Error(`not a balance: ${text}`);
  return cents;
}

test('an agency owner tops up the Data Wallet with a preset, is refused a custom amount below $2,500, stops and resumes continual top-up, filters and downloads the history', async ({
  page,
  baseURL,
}) => {
  // Two sign-ins, a card charge, a CSV and axe on the modal, on a busy machine.
  test.setTimeout(120_000);
  await openNorthwindWallet(baseURL as string);
  await signIn(page, DEMO.northwind.owner.email);
  let modal = await openWallet(page);
  await expectAccessible(page, 'data-wallet-modal');
  const before = await balanceOf(modal);

  // A preset: $250, confirmed, charged to Northwind's sandbox card; the notice says so and the modal closes.
  await modal.getByRole('radio', { name: '$250' }).check();
  await modal.getByRole('button', { name: 'Top up $250.00' }).click();
  const confirmation = page.getByRole('dialog', { name: DATA_WALLET_CHARGE_CONFIRM });
  await expect(confirmation).toContainText('Your credit card will be charged $250.00');
  await expect(confirmation).toContainText('non-refundable');
  const charged = nextAnswer(page, 'POST', `${WALLET}/charge-prepaid-direct-payment`);
  await confirmation.getByRole('button', { name: 'Top up' }).click();
  expect((await (await charged).json()).result).toBe('success');
  await dismissNotice(page, 'Your Data Wallet has been topped up with $250.00.');
  await expect(modal).toBeHidden();

  // Opened again: the new balance, the $250 preset chosen, and the top-up in this month's history.
  modal = await openWallet(page);
  expect(await balanceOf(modal)).toBe(before + 25_000);
  await expect(modal.getByRole('radio', { name: '$250' })).toBeChecked();
  const month = await modal.getByTestId('data-wallet-month').inputValue();
  expect(month).toMatch(/^\d{4}-\d{2}$/);
  await expect(modal.getByTestId('data-wallet-line').filter({ hasText: 'Top-up' }).last()).toContainText(
    '+$250.00',
  );

  // A custom amount: empty, it is refused with the spec's text and nothing is sent; typed below $2,500
  // the hint shows, and leaving the field raises it to the minimum.
  await modal.getByRole('radio', { name: 'Custom amount' }).check();
  const custom = modal.getByTestId('data-wallet-custom-amount');
  await expect(modal.getByTestId('data-wallet-custom-amount-hint')).toHaveText('*Minimum amount is 2500');
  let sent = false;
  page.on('request', (request) => {
    if (request.url().includes('-prepaid-direct-payment')) sent = true;
  });
  await modal.getByRole('button', { name: 'Save' }).click();
  await dismissNotice(page, 'The minimum amount is $2500');
  await expect(page.getByRole('dialog', { name: DATA_WALLET_SAVE_CONFIRM })).toHaveCount(0);
  await custom.fill('2000');
  await expect(modal.getByTestId('data-wallet-custom-amount-hint')).toHaveText('*Minimum amount is 2500');
  await custom.press('Tab');
  await expect(custom).toHaveValue('$2,500.00');
  expect(sent).toBe(false);

  // Back to the preset: continual top-up is stopped, then resumed.
  await modal.getByRole('radio', { name: '$250' }).check();
  const stopped = nextAnswer(page, 'PUT', `${WALLET}/stop-continual-topup`);
  await modal.getByRole('button', { name: 'Stop Continual Topup' }).click();
  expect((await (await stopped).json()).stop_continual).toBe('T');
  await dismissNotice(page, DATA_WALLET_CONTINUAL_STOPPED);
  const resumed = nextAnswer(page, 'PUT', `${WALLET}/stop-continual-topup`);
  await modal.getByRole('button', { name: 'Continual Topup', exact: true }).click();
  expect((await (await resumed).json()).stop_continual).toBe('F');
  await dismissNotice(page, DATA_WALLET_CONTINUAL_RESUMED);
  await expect(modal.getByRole('button', { name: 'Stop Continual Topup' })).toBeVisible();

  // The history by month: an old month is empty, this month has the top-up again.
  const older = nextAnswer(page, 'GET', `${WALLET}/get-transaction-history-direct-payment`);
  await modal.getByTestId('data-wallet-month').fill('2020-01');
  await older;
  await expect(modal.getByTestId('data-wallet-empty')).toHaveText('No transactions in 2020-01.');
  await modal.getByTestId('data-wallet-month').fill(month);
  await expect(modal.getByTestId('data-wallet-line').filter({ hasText: 'Top-up' }).last()).toContainText(
    '+$250.00',
  );

  // The month's download: the CSV as the server sent it, the top-up in it with its expiry.
  const saved = page.waitForEvent('download');
  await modal.getByTestId('data-wallet-download').click();
  const csv = await saved;
  expect(csv.suggestedFilename()).toBe(`data-wallet-${month}.csv`);
  const text = await readFile(await csv.path(), 'utf8');
  expect(text.startsWith('\uFEFFDate (UTC),Transaction,Type,Amount,Balance,Expires (UTC)\r\n')).toBe(true);
  expect(text).toContain(`Data Wallet top-up of ${DEMO.northwind.name},topup,250.00,`);
  await expect(modal.getByTestId('data-wallet-download-status')).toHaveText('Download Successful');
});
