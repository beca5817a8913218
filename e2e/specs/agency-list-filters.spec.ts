import { DEMO } from '@app/db/demo';
import type { Page } from '@playwright/test';
import { apiClient } from '../support/api';
import { signIn } from '../support/browser';
import { expect, test } from '../support/test';

/*
 * The agency list's Card Status and Campaign Status filters (decision 0094). The demo's Northwind
 * and Summit both have a card (the demo's card holders); Northwind's clients run campaigns, Summit's
 * one campaign is paused. A fresh agency made here has neither.
 */

const row = (page: Page, name: string) =>
  page.locator('[data-testid^="agency-row-"]').filter({ hasText: name });

/** Picks one option of a segmented control in the open filter popover, then waits for the list. */
async function choose(page: Page, control: 'card' | 'campaigns', label: string) {
  const listed = page.waitForResponse(
    (r) => r.url().includes('/api/configuration/user/') && r.request().method() === 'GET' && r.ok(),
  );
  await page.getByTestId(`agency-filter-${control}`).getByText(label, { exact: true }).click();
  await listed;
}

test('a system user filters the agency list by card and campaign status', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  const fresh = `Filterline ${stamp}`;
  const api = await apiClient(baseURL as string);
  const root = await api.signIn(DEMO.master.rootUser.email);
  const me = await api.call('GET', '/user', undefined, root);
  await api.call(
    'POST',
    '/configuration/user/create',
    {
      companyID: me.company_root_id,
      idsys: me.idsys,
      userType: 'userdownline',
      ClientCompanyName: fresh,
      ClientFullName: 'Fern Filter',
      ClientEmail: `fern.${stamp}@filterline.test`,
      ClientPhone: '3125550188',
      ClientPhoneCountryCode: 'US',
      ClientPhoneCountryCallingCode: '+1',
      ClientWhiteLabeling: 'F',
      ApiMode: 'F',
      DownlineSubDomain: `filterline-${stamp}`,
      selectedterms: [{ term: 'Weekly', status: true }],
    },
    root,
  );

  await signIn(page, DEMO.master.rootUser.email);
  await expect(page).toHaveURL(/\/configuration\/agency-list\/?$/);
  await expect(row(page, DEMO.northwind.name)).toBeVisible();
  await expect(row(page, DEMO.summit.name)).toBeVisible();

  await page.getByTestId('agency-filter').click();
  // Campaign Status: Northwind's clients run campaigns, Summit's is paused.
  await choose(page, 'campaigns', 'Active');
  await expect(row(page, DEMO.northwind.name)).toBeVisible();
  await expect(row(page, DEMO.summit.name)).toHaveCount(0);
  await choose(page, 'campaigns', 'Inactive');
  await expect(row(page, DEMO.summit.name)).toBeVisible();
  await expect(row(page, DEMO.northwind.name)).toHaveCount(0);
  await choose(page, 'campaigns', 'All');

  // Card Status: both demo agencies have a card; the fresh agency has none.
  await choose(page, 'card', 'Without card');
  await expect(row(page, DEMO.northwind.name)).toHaveCount(0);
  await expect(row(page, DEMO.summit.name)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByTestId('agency-search').fill(fresh);
  await expect(row(page, fresh)).toBeVisible();
  await page.getByTestId('agency-search').fill('');
  await page.getByTestId('agency-filter').click();
  await choose(page, 'card', 'With card');
  await expect(row(page, DEMO.northwind.name)).toBeVisible();
  await expect(row(page, fresh)).toHaveCount(0);

  // Combined, and kept in the address: a reload shows the same narrowed list.
  await choose(page, 'campaigns', 'Inactive');
  await expect(row(page, DEMO.summit.name)).toBeVisible();
  await expect(row(page, DEMO.northwind.name)).toHaveCount(0);
  await expect(row(page, fresh)).toHaveCount(0);
  await expect(page).toHaveURL(/card=with/);
  await expect(page).toHaveURL(/campaigns=inactive/);
  await expect(page.getByTestId('agency-filter')).toContainText('2');
  await page.reload();
  await expect(row(page, DEMO.summit.name)).toBeVisible();
  await expect(row(page, DEMO.northwind.name)).toHaveCount(0);
});
