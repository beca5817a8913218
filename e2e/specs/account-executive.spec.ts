import { DEMO } from '@app/db/demo';
import { expectAccessible } from '../support/accessibility';
import { signIn } from '../support/browser';
import { expect, test } from '../support/test';

/*
 * Issue 20, items 6 and 9: the account executive's own referral link is on the page it lands on, and
 * once its payment account is connected its Client Management lists its agency's clients (it answered
 * a raw "Not found": the list refused sales staff).
 */
test('an account executive shares its referral link, connects its account and manages its agency’s clients', async ({
  page,
  browser,
  baseURL,
}) => {
  // A sandbox onboarding waiting for its webhooks and a second browser for the referral link.
  test.setTimeout(120_000);
  await signIn(page, DEMO.master.accountExecutive.email);
  await expect(page).toHaveURL(/\/configuration\/sales-connect-account$/);

  // The referral link, and what an agency opening it sees.
  const link = page.getByTestId('referral-link');
  await expect(link).toHaveValue(/\/agency-register\/[0-9a-z]+-[0-9a-f]{10}$/);
  await expectAccessible(page, 'Connect Account with the referral link');
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto(await link.inputValue());
  await expect(visitor.getByText(`Referred by ${DEMO.master.accountExecutive.name}`)).toBeVisible();
  await visitor.context().close();

  // Connect the sales person's own payment account through the sandbox onboarding.
  await page.getByTestId('sales-account-connect').click();
  await expect(page).toHaveURL(/\/sandbox\/onboarding\/acct_/);
  await page.getByRole('button', { name: 'Submit details (pending → in verification)' }).click();
  await page.getByRole('button', { name: 'Verify: completed, charges and payouts enabled' }).click();
  await expect(page).toHaveURL(/\/configuration\/sales-connect-account\?connect=return$/);

  // Client Management is offered now, and shows Northwind's clients (its agency as executive).
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Client Management' }).first().click();
  await expect(page).toHaveURL(/\/configuration\/client-management$/);
  await expect(page.getByTestId('sales-agency-select')).toHaveValue(DEMO.northwind.name);
  const clients = page.getByTestId('clients-list');
  for (const client of DEMO.northwind.clients) await expect(clients).toContainText(client.name);
  await expect(page.getByText('Not found')).toHaveCount(0);
  await expectAccessible(page, 'Client Management of an account executive');
});
