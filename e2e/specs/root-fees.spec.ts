import { asMicros, formatUsdCents, parseDollarsToMicros } from '@app/contracts';
import { DEMO } from '@app/db/demo';
import { rootFeeStatement } from '@app/pricing';
import { seriousAxeViolations } from '../support/accessibility';
import { signIn } from '../support/browser';
import { expect, test } from '../support/test';

/**
 * Root fees (decisions 0081, 0088): the demo's first start gives Brightreach, the non-master system, 24 leads
 * delivered last month, and the root-fee job at start states that month. The master's root opens Root
 * Fees and sees what Brightreach owes: 24 leads at the master's cost per local lead, due, since no
 * receiving account is connected.
 */
test("the master's root opens Root Fees and sees Brightreach's statement of last month, due", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
  const perLead = DEMO.master.wholesaleCostPerLead.local;
  const amount = formatUsdCents(
    rootFeeStatement([{ count: 24, rootFeeMicros: asMicros(parseDollarsToMicros(perLead) ?? 0) }]).total,
  );

  await signIn(page, DEMO.master.rootUser.email);
  await page.getByRole('link', { name: 'Root Fees' }).first().click();
  await expect(page).toHaveURL(/\/configuration\/root-fees$/);
  await expect(page.getByRole('heading', { name: 'Root Fees' })).toBeVisible();

  // The start's job may still be running when the page first loads: wait for the month, reloading.
  const row = page.getByTestId(`root-fees-month-${lastMonth}`);
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const system = page
    .locator('[data-testid^="root-fees-system-"]')
    .filter({ hasText: DEMO.brightreach.systemName });
  await expect(system.getByRole('heading', { name: DEMO.brightreach.systemName })).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('24');
  await expect(row).toContainText(`24 × $${perLead}`);
  // No setup or period fee owes the master anything in the demo (its root prices of fees are 0).
  await expect(row.getByRole('cell').nth(3)).toHaveText('—');
  await expect(row.getByRole('cell').nth(4)).toHaveText(amount);
  await expect(row).toContainText('Due');
  await expect(system.getByTestId('root-fees-owed')).toHaveText(`Owed now: ${amount}`);
  await expect(system.getByTestId('root-fees-receiving-account')).toHaveText(
    "No receiving account is connected: statements stay due until the master system's owner connects one.",
  );
  // The master's owner, who names the bank account, opens the receiving account's onboarding here.
  await expect(system.getByTestId('root-fees-connect')).toHaveText('Connect the receiving account');
  expect(await seriousAxeViolations(page, 'root-fees')).toEqual([]);
});
