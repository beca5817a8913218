import { DEMO } from '@app/db/demo';
import { expectAccessible } from '../support/accessibility';
import { signIn } from '../support/browser';
import { expect, test } from '../support/test';

/*
 * Issue 10, connected payment accounts (decision 0033): an agency owner connects through the sandbox
 * onboarding and the warning and 'Action Required' banner go; a client of an agency without a
 * connected account is told so. Runs after the other specs (its own project): it changes Summit, and
 * puts it back (reset) at the end.
 */
test.describe.configure({ mode: 'serial' });

const MISSING =
  'You need to connect your Stripe account prior to adding any clients.(go to system setting->general setting->connect your account)';
const CLIENT_WARNING = 'Your agency connected Stripe account is not yet fully set up...';

test('an agency owner connects its payment account through the sandbox onboarding; the warning and the banner disappear', async ({
  page,
}) => {
  // Two onboarding rounds through the sandbox page, each waiting for webhooks: sized for a busy machine.
  test.setTimeout(120_000);
  await signIn(page, DEMO.summit.owner.email);
  await expect(page).toHaveURL(/\/configuration\/general-setting\/?$/);
  const missing = page.locator('[data-testid="shell-warning"][data-warning-id="agency-account-missing"]');
  await expect(missing).toHaveText(MISSING);
  await missing.getByRole('link').click();
  await expect(page).toHaveURL(/\/configuration\/general-setting\?tab=payment-account$/);
  const state = page.getByTestId('payment-account-state');
  await expect(state).toHaveAttribute('data-status', '');
  await expect(page.getByTestId('payment-account-sandbox')).toHaveText('Sandbox');
  await expectAccessible(page, 'General Setting: Payment Account');

  // Connect: the account is opened and the browser goes to the sandbox's onboarding page.
  await page.getByTestId('payment-account-connect').click();
  await expect(page).toHaveURL(/\/sandbox\/onboarding\/acct_/);
  await expect(page.getByRole('banner')).toContainText('SANDBOX');
  await expect(page).toHaveTitle(/^Sandbox: /);
  await expectAccessible(page, 'Sandbox onboarding');
  await page.getByRole('button', { name: 'Submit details (pending → in verification)' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2: how verification ends' })).toBeVisible();
  // Verification ends with payouts disabled: back in the app, 'Action Required'.
  await page.getByRole('button', { name: 'Verify with payouts disabled' }).click();
  await expect(page).toHaveURL(/\/configuration\/general-setting\?tab=payment-account&connect=return$/);
  await expect(state).toHaveAttribute('data-status', 'completed');
  const banner = page.getByTestId('action-required-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Action Required');
  await expect(page.locator('[data-testid="shell-warning"]')).toHaveCount(0);

  // Update the account: the missing information is provided on the sandbox page, and the banner goes.
  await page.getByTestId('payment-account-continue').click();
  await expect(page).toHaveURL(/\/sandbox\/onboarding\/acct_/);
  await page
    .getByRole('button', { name: 'Provide the missing information (enables charges and payouts)' })
    .click();
  await expect(page).toHaveURL(/\/configuration\/general-setting\?tab=payment-account&connect=return$/);
  await expect(page.getByTestId('payment-account-state')).toContainText('Charges enabled, payouts enabled.');
  await expect(page.getByTestId('action-required-banner')).toHaveCount(0);
  await expect(page.locator('[data-testid="shell-warning"]')).toHaveCount(0);

  // Put Summit back as the other specs know it: no connected account, the warning again.
  await page.getByTestId('payment-account-reset').click();
  await page.getByTestId('payment-account-reset-confirm').click();
  await expect(page.getByTestId('payment-account-state')).toHaveAttribute('data-status', '');
  await expect(missing).toHaveText(MISSING);
});

test("a client of an agency without a connected account sees the spec's warning", async ({ page }) => {
  await signIn(page, DEMO.summit.clients[0].contact.email);
  await expect(page).not.toHaveURL(/\/login/);
  const warning = page.locator('[data-testid="shell-warning"][data-warning-id="client-agency-account"]');
  await expect(warning).toHaveText(CLIENT_WARNING);
  // Not the client's to fix: no link.
  await expect(warning.getByRole('link')).toHaveCount(0);
});
