import { execFileSync } from 'node:child_process';
import { DEVELOPER_TEXTS } from '@app/contracts';
import { DEMO } from '@app/db/demo';
import { expectAccessible } from '../support/accessibility';
import { apiClient } from '../support/api';
import { signIn } from '../support/browser';
import { expect, test } from '../support/test';

/*
 * The Developer API (decision 0100) as an agency meets it: the platform turns developer mode on for
 * Northwind and sets a developer fee; Northwind's owner opens Developer from the profile menu (a real
 * screen, never the pending one), accepts the developer agreement (the box is required), creates a
 * key (the fee in the confirmation), sees the secret once, and the docs' example, copied as it is,
 * runs in a shell and answers Northwind's campaigns. The platform then turns developer mode off
 * again, which revokes the key and asks for the agreement anew.
 */
test('an agency accepts the developer agreement, creates a key and calls the API with the docs example', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await apiClient(baseURL as string);
  const ownerToken = await api.signIn(DEMO.northwind.owner.email);
  const owner = await api.call('GET', '/user', undefined, ownerToken);
  // The e2e server's access tokens live 10 s: each set-up call signs in afresh.
  const developerMode = async (on: boolean) =>
    api.call(
      'PUT',
      '/configuration/user/update',
      { ClientID: owner.id, companyID: owner.company_root_id, ApiMode: on ? 'T' : 'F' },
      await api.signIn(DEMO.master.rootUser.email),
    );
  await developerMode(true);
  await api.call(
    'PUT',
    '/v1/developer/settings',
    { first_time_charge: '25.00' },
    await api.signIn(DEMO.master.rootUser.email),
  );

  try {
    await signIn(page, DEMO.northwind.owner.email);
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Developer' }).click();
    await expect(page).toHaveURL(/\/user\/developer$/);
    await expect(page.getByRole('heading', { name: 'Developer', level: 2 })).toBeVisible();
    await expect(page.getByTestId('developer-agreement-needed')).toContainText('$25.00');

    // The agreement first: without the box ticked nothing is sent.
    await page.getByTestId('developer-agreement-submit').click();
    await expect(page.getByText(DEVELOPER_TEXTS.agreeRequired)).toBeVisible();
    await page.getByTestId('developer-agreement-agree').check();
    await page.getByTestId('developer-agreement-submit').click();

    // Keys only after it; the fee is said before the key is made.
    await page.getByTestId('api-key-create').click();
    await expect(
      page.getByRole('dialog').getByText('The one-time developer fee of $25.00 is charged to your card now.'),
    ).toBeVisible();
    await page.getByTestId('confirm-yes').click();
    const secret = (await page.getByTestId('api-secret').textContent()) ?? '';
    expect(secret).toMatch(/^los_/);
    await expectAccessible(page, 'developer');

    // The docs' example, copied as it is, runs in a shell.
    const example = (await page.getByTestId('api-example-list-campaigns').textContent()) ?? '';
    expect(example).toContain(secret);
    const output = execFileSync('bash', ['-c', example], { encoding: 'utf8', timeout: 30_000 });
    const answer = JSON.parse(output) as { data: { name: string }[] };
    expect(answer.data.length).toBeGreaterThan(0);

    // The secret is shown once: after a reload the example asks for it instead.
    await page.reload();
    await expect(page.getByTestId('api-client-id')).toBeVisible();
    await expect(page.getByTestId('api-secret-once')).toHaveCount(0);
    await expect(page.getByTestId('api-example-list-campaigns')).toContainText('YOUR_CLIENT_SECRET');
    await expect(page.getByTestId('api-recent-calls')).toContainText('/api/v1/campaigns');
  } finally {
    // As it was: developer mode off (which revokes the key and asks for the agreement again), no fee.
    await developerMode(false);
    await api.call(
      'PUT',
      '/v1/developer/settings',
      { first_time_charge: '0' },
      await api.signIn(DEMO.master.rootUser.email),
    );
  }
});
