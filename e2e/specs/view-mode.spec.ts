import { DEMO, DEMO_PASSWORD } from '@app/db/demo';
import { expect, test } from '@playwright/test';

test('a system user enters view mode from the agency list and leaves it', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username or E-mail').fill(DEMO.master.rootUser.email);
  await page.getByLabel('Password').first().fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
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
  await page.goto('/login');
  await page.getByLabel('Username or E-mail').fill(DEMO.master.rootUser.email);
  await page.getByLabel('Password').first().fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const list = page.getByTestId('agency-list');
  await expect(list).toContainText(DEMO.northwind.name);
  await page.getByTestId('agency-search').fill('summit');
  await expect(list).not.toContainText(DEMO.northwind.name);
  await expect(page.getByTestId('agency-showing')).toHaveText('Showing 1 to 1 of 1 entries');
  await expect(page).toHaveURL(/search=summit/);
});
