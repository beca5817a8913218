import { DEMO } from '@app/db/demo';
import { apiClient } from '../support/api';
import { nextAnswer, signIn } from '../support/browser';
import { addAdministrator } from '../support/roles';
import { expect, test } from '../support/test';

test('a role without Settings update keeps an administrator from saving, in the browser and on the server', async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const roleName = `Read Only ${stamp}`;
  const email = `reader.${stamp}@northwind.test`;
  const password = `Reader!${stamp}9`;
  // Two people in two browser contexts, a role and an account created, three sign-ins (each a password
  // hash) and API calls: 17-26 s with two CPU hogs beside the suite, once 47 s. 90 s still shows a hang.
  test.setTimeout(90_000);

  // The agency owner makes a role that may open the settings but not change them…
  await signIn(page, DEMO.northwind.owner.email);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/configuration/role-list');
  await page.getByTestId('role-add').click();
  await page.getByTestId('role-name').fill(roleName);
  await page.getByTestId('role-perm-settings-enable').check();
  await page.getByTestId('role-save').click();
  await expect(page.getByTestId('role-list')).toContainText(roleName);
  // The owner, who holds every permission, gets Save: the disabled button below is the role's doing.
  await page.goto('/configuration/general-setting');
  await expect(page.getByTestId('branding-save')).toBeEnabled();

  // …and gives it to a new administrator.
  await addAdministrator(page, {
    roleName,
    fullName: 'Rita Reader',
    email,
    phone: '2025550177',
    password,
  });

  // The administrator sees the settings with Save switched off…
  const readerContext = await browser.newContext({ baseURL });
  const reader = await readerContext.newPage();
  await signIn(reader, email, { password });
  await expect(reader).not.toHaveURL(/\/login/);
  // Save is also disabled while the role's switches are on their way ('ready' false): wait for them,
  // or the assertion below would pass before the role had any say.
  const roleSwitches = nextAnswer(reader, 'GET', /^\/api\/configuration\/role-module\/getrolemodule\//);
  await reader.goto('/configuration/general-setting');
  await roleSwitches;
  await expect(reader.getByTestId('branding-save')).toBeDisabled();

  // …and the server refuses the save whatever the browser shows.
  const api = await apiClient(baseURL!);
  const token = await api.signIn(email, 'localhost', password);
  const me = await api.call('GET', '/user', undefined, token);
  const save = api.call(
    'PUT',
    '/configuration/setting',
    { companyID: me.company_id, comsetname: 'paymenttermDefault', comsetval: 'Monthly' },
    token,
  );
  await expect(save).rejects.toThrow(/answered 403: .*You do not have permission to do this\./);
  await readerContext.close();
});
