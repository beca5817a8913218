import { readFile } from 'node:fs/promises';
import { DEMO } from '@app/db/demo';
import type { Page } from '@playwright/test';
import { seriousAxeViolations } from '../support/accessibility';
import { nextAnswer, signIn } from '../support/browser';
import { expect, test } from '../support/test';

/**
 * Billing history on the demo money (decision 0035): the demo's first start posts six months of
 * sandbox charges for Northwind Digital and refunds part of one last month (apps/api/src/demo).
 */
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthsBack = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
};

async function expectNoAxeProblems(page: Page, screen: string) {
  await expect(page.getByText('Loading Data')).toHaveCount(0);
  expect(await seriousAxeViolations(page, screen)).toEqual([]);
}

test('the Northwind owner pages its billing history, filters a month and downloads it', async ({ page }) => {
  // One sign-in, a few pages of one screen, a download and two axe runs.
  test.setTimeout(60_000);
  await signIn(page, DEMO.northwind.owner.email);
  await expect(page).not.toHaveURL(/\/login/);
  await page.getByRole('button', { name: 'Profile menu' }).click();
  const opened = nextAnswer(page, 'GET', /^\/api\/billing\/history\/company\/\d+$/);
  await page.getByRole('menuitem', { name: 'Billing History' }).click();
  await opened;
  await expect(page.getByRole('heading', { name: 'Billing History' })).toBeVisible();

  const list = page.getByTestId('billing-list');
  await expect(page.getByTestId('billing-account')).toHaveValue('Charges and payments');
  // Every charge is collected at once: the account stands at $0.00, each line pair goes + then −.
  await expect(page.getByTestId('billing-balance')).toHaveText('$0.00');
  await expect(list.locator('tbody tr')).toHaveCount(10);
  await expect(list).toContainText('Charge — Northwind Digital');
  await expect(list).toContainText('Sandbox');
  await expect(page.getByTestId('billing-showing')).toContainText('Showing 1 to 10 of');
  await expectNoAxeProblems(page, 'billing history');

  // Page 2 holds the rest.
  const second = nextAnswer(page, 'GET', /^\/api\/billing\/history\/company\/\d+$/);
  await page.getByTestId('billing-pagination').getByRole('button', { name: '2' }).click();
  await second;
  await expect(page.getByTestId('billing-showing')).toContainText('Showing 11 to');

  // Last month: its platform fee and the refund of the fee before it.
  const lastMonth = MONTH.format(monthsBack(1));
  const filtered = nextAnswer(page, 'GET', /^\/api\/billing\/history\/company\/\d+$/);
  await page.getByTestId('billing-month').click();
  await page.getByRole('option', { name: lastMonth }).click();
  await filtered;
  await expect(list.locator('tbody tr')).toHaveCount(4);
  await expect(list).toContainText(`Monthly platform fee, ${lastMonth} (sandbox demo)`);
  await expect(list).toContainText(/Refund of charge ch_\w+ — Northwind Digital/);
  await expect(list).toContainText('-$49.00');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('billing-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(
    `billing-history-northwind-digital-receivable-${monthsBack(1).toISOString().slice(0, 7)}.csv`,
  );
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const records = csv.slice(1).split('\r\n');
  expect(records[0]).toBe('Date (UTC),Item,Details,Gateway,Gateway object,Amount,Balance');
  expect(records.filter((r) => r !== '')).toHaveLength(5);
  await expect(page.getByTestId('billing-download-status')).toHaveText('Download Successful');
});

test("the system user reads the system's revenue and picks Northwind in Billing", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, DEMO.master.rootUser.email);
  await expect(page).not.toHaveURL(/\/login/);
  await page.getByRole('button', { name: 'System Settings' }).click();
  await page.getByRole('menuitem', { name: 'Billing' }).click();
  await expect(page.getByRole('heading', { name: 'Billing', exact: true })).toBeVisible();
  await expect(page.getByTestId('billing-party')).toHaveValue(DEMO.master.root.name);
  await expect(page.getByTestId('billing-account')).toHaveValue('Revenue');
  const list = page.getByTestId('billing-list');
  await expect(list).toContainText('Charge — Northwind Digital');
  await expectNoAxeProblems(page, 'billing (system)');

  const picked = nextAnswer(page, 'GET', /^\/api\/billing\/history\/company\/\d+$/);
  await page.getByTestId('billing-party').click();
  await page.getByRole('option', { name: DEMO.northwind.name }).click();
  await picked;
  await expect(page.getByTestId('billing-account')).toHaveValue('Charges and payments');
  await expect(list.locator('tbody tr')).toHaveCount(10);

  // Report Analytics: the money collected, labelled so, then the configured fees.
  await page.goto('/configuration/report-analytics');
  await expect(page.getByRole('heading', { name: 'Collected Revenue' })).toBeVisible();
  await expect(page.getByTestId('root-revenue-basis')).toContainText('Collected: money received');
  await expect(page.getByRole('heading', { name: 'Configured Fees' })).toBeVisible();
});
