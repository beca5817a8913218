import { expect, type Page } from '@playwright/test';

/**
 * As a signed-in agency owner: a role that may open the settings and nothing else, and a new
 * administrator who holds it (Role List, then Administrator List). The specs then sign in as that
 * administrator to see what the role leaves them.
 */
export async function addSettingsOnlyAdministrator(
  page: Page,
  person: { roleName: string; fullName: string; email: string; phone: string; password: string },
): Promise<void> {
  await page.goto('/configuration/role-list');
  await page.getByTestId('role-add').click();
  await page.getByTestId('role-name').fill(person.roleName);
  await page.getByTestId('role-perm-settings-enable').check();
  await page.getByTestId('role-save').click();
  await expect(page.getByTestId('role-list')).toContainText(person.roleName);
  await addAdministrator(page, person);
}

/** As a signed-in agency owner: a new administrator with an existing role. */
export async function addAdministrator(
  page: Page,
  person: { roleName: string; fullName: string; email: string; phone: string; password: string },
): Promise<void> {
  await page.goto('/configuration/administrator-list');
  await page.getByRole('button', { name: 'Add Administrator' }).click();
  const form = page.getByTestId('add-admin-form');
  await form.getByLabel('Full Name').fill(person.fullName);
  await form.getByRole('textbox', { name: 'E-mail' }).fill(person.email);
  await form.getByTestId('phone-number').fill(person.phone);
  await form.getByLabel('Password').first().fill(person.password);
  await form.getByTestId('role-select').click();
  await page.getByRole('option', { name: person.roleName }).click();
  await form.getByTestId('user-form-save').click();
  await expect(page.getByText('Data has been added successfully')).toBeVisible();
}
