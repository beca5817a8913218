import { DEMO } from '@app/db/demo';
import { seriousAxeViolations } from '../support/accessibility';
import { nextAnswer, signIn } from '../support/browser';
import { expect, test } from '../support/test';

/**
 * Reconciliation (decision 0079): the job runs at the demo's start, so the root user finds its run on
 * the screen — the sandbox equal to the ledger, zero differences, every payer equal on both sides —
 * and "Run now" reconciles again with the same answer.
 */
test('the root user opens Reconciliation on the demo and sees zero differences', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, DEMO.master.rootUser.email);
  await expect(page).not.toHaveURL(/\/login/);
  await page.getByRole('link', { name: 'Reconciliation' }).first().click();
  await expect(page).toHaveURL(/\/configuration\/reconciliation$/);
  await expect(page.getByRole('heading', { name: 'Reconciliation' })).toBeVisible();

  // The start's run may still be going when the page first loads: wait for it, reloading.
  const run = page.getByTestId('reconciliation-run-sandbox');
  await expect(async () => {
    await page.reload();
    await expect(run).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(run.getByTestId('reconciliation-clean')).toHaveText(
    "0 differences: the ledger equals the gateway's records.",
  );
  await expect(run.getByTestId('reconciliation-differences')).toHaveCount(0);
  // The demo's fees: money on both sides, the same net.
  const gatewayNet = await run.getByTestId('gateway-net').textContent();
  expect(gatewayNet).toMatch(/^\$[1-9][\d,]*\.\d\d$/);
  await expect(run.getByTestId('ledger-net')).toHaveText(gatewayNet ?? '');
  const parties = run.getByTestId('reconciliation-parties');
  await expect(parties).toContainText(DEMO.northwind.name);
  await expect(parties.getByText('Differs')).toHaveCount(0);
  expect(await seriousAxeViolations(page, 'reconciliation')).toEqual([]);

  const ran = nextAnswer(page, 'POST', /^\/api\/configuration\/reconciliation\/run$/);
  await page.getByTestId('reconciliation-run-now').click();
  await ran;
  await expect(run.getByTestId('reconciliation-clean')).toBeVisible();
});
