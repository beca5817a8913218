import { DEMO } from '@app/db/demo';
import { nextAnswer, signIn } from '../support/browser';
import { addSettingsOnlyAdministrator } from '../support/roles';
import { expect, test } from '../support/test';

test('the Northwind owner creates, renames and deletes a company group; a role without the switches sees no buttons', async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const group = `Dental ${stamp}`;
  const renamed = `Dentists ${stamp}`;
  const kept = `Home services ${stamp}`;
  const roleName = `Groups Reader ${stamp}`;
  const email = `groups.${stamp}@northwind.test`;
  const password = `Groups!${stamp}9`;
  // Two people, a role and an account created, two sign-ins: sized like roles.spec.ts.
  test.setTimeout(90_000);

  await signIn(page, DEMO.northwind.owner.email);
  await expect(page).not.toHaveURL(/\/login/);
  // The screen is reached from System Settings, not only by its address.
  await page.getByRole('button', { name: 'System Settings' }).click();
  await page.getByRole('menuitem', { name: 'Company Groups' }).click();
  const list = page.getByTestId('company-group-list');
  await expect(list).toBeVisible();

  // Create: the contracts' text shows beside the field for a blank name, then the group is added.
  await page.getByTestId('company-group-add').click();
  await page.getByTestId('company-group-name').fill('   ');
  await page.getByTestId('company-group-save').click();
  await expect(page.getByTestId('company-group-form')).toContainText('Group name is required.');
  await page.getByTestId('company-group-name').fill(group);
  await page.getByTestId('company-group-save').click();
  await expect(list).toContainText(group);

  // Rename.
  await page.getByRole('button', { name: `Rename ${group}` }).click();
  await page.getByTestId('company-group-name').fill(renamed);
  await page.getByTestId('company-group-save').click();
  await expect(list).toContainText(renamed);
  await expect(list).not.toContainText(group);

  // Delete, after the confirmation.
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page.getByTestId('company-group-delete-confirm').click();
  await expect(list).not.toContainText(renamed);

  // One group stays for the reader below.
  await page.getByTestId('company-group-add').click();
  await page.getByTestId('company-group-name').fill(kept);
  await page.getByTestId('company-group-save').click();
  await expect(list).toContainText(kept);

  // A role that opens the settings but may not create, update or delete anything…
  await addSettingsOnlyAdministrator(page, {
    roleName,
    fullName: 'Gus Groups',
    email,
    phone: '2025550178',
    password,
  });

  // …lists the groups without a single button to change them.
  const readerContext = await browser.newContext({ baseURL });
  const reader = await readerContext.newPage();
  await signIn(reader, email, { password });
  await expect(reader).not.toHaveURL(/\/login/);
  const roleSwitches = nextAnswer(reader, 'GET', /^\/api\/configuration\/role-module\/getrolemodule\//);
  await reader.goto('/configuration/company-group');
  await roleSwitches;
  const readerList = reader.getByTestId('company-group-list');
  await expect(readerList).toContainText(kept);
  await expect(reader.getByTestId('company-group-add')).toHaveCount(0);
  await expect(readerList.getByRole('button', { name: `Rename ${kept}` })).toHaveCount(0);
  await expect(readerList.getByRole('button', { name: `Delete ${kept}` })).toHaveCount(0);
  await readerContext.close();
});
