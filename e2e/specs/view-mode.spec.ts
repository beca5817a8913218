import { DEMO } from '@app/db/demo';
import { signIn } from '../support/browser';
import { expect, test } from '../support/test';

test('a system user enters view mode from the agency list and leaves it', async ({ page }) => {
  await signIn(page, DEMO.master.rootUser.email);
  await expect(page).toHaveURL(/\/configuration\/agency-list\/?$/);

  const list = page.getByTestId('agency-list');
  await expect(list).toContainText(DEMO.northwind.name);
  await expect(list).toContainText(DEMO.summit.name);
  await page.getByRole('button', { name: `Switch to ${DEMO.northwind.name}` }).click();

  // The agency owner is set up: view mode lands on the local dashboard, with the view-mode avatar.
  await expect(page).toHaveURL(/\/siteid\/dashboard$/);
  await expect(page.getByTestId('view-mode-avatar')).toBeVisible();

  await page.getByTestId('view-mode-avatar').click();
  await page.getByTestId('reset-view-mode').click();
  await expect(page).toHaveURL(/\/configuration\/agency-list\/?$/);
  await expect(page.getByTestId('view-mode-avatar')).toHaveCount(0);
  await expect(page.getByTestId('agency-list')).toContainText(DEMO.summit.name);
});

test('the agency list sorts and searches', async ({ page }) => {
  await signIn(page, DEMO.master.rootUser.email);
  const list = page.getByTestId('agency-list');
  await expect(list).toContainText(DEMO.northwind.name);
  await page.getByTestId('agency-search').fill('summit');
  await expect(list).not.toContainText(DEMO.northwind.name);
  await expect(page.getByTestId('agency-showing')).toHaveText('Showing 1 to 1 of 1 entries');
  await expect(page).toHaveURL(/search=summit/);
});
