import { centsFromWire } from '@app/contracts';
import { DEMO } from '@app/db/demo';
import { axeWalk } from '../support/accessibility';
import { signIn } from '../support/browser';
import { expect, test } from '../support/test';

/** '$1,234.50' / '-$10.00' as signed cents. */
function cents(text: string): number {
  const plain = text.replace(/[$,\s]/g, '');
  const negative = plain.startsWith('-');
  const value = centsFromWire(negative ? plain.slice(1) : plain);
  if (value === null) throw new Error(`not an amount: ${text}`);
  return negative ? -value : value;
}

/**
 * Decision 0043: the charts come from @mantine/charts, loaded with the first chart a screen draws —
 * never on the sign-in page — with tooltips, legends, a hidden table for screen readers, and colours
 * that pass axe in both schemes.
 */
test('Report Analytics draws its charts lazily, with tooltips, legends and tables, clean in both schemes', async ({
  page,
}) => {
  // Two axe runs of a screen with seven charts take 5-60 s each on 2 busy cores.
  test.setTimeout(300_000);
  const chartChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/js\/chart-views-[^/]+\.js$/.test(new URL(request.url()).pathname)) chartChunks.push(page.url());
  });

  await signIn(page, DEMO.master.rootUser.email);
  await expect(page).not.toHaveURL(/\/login/);
  expect(chartChunks, 'the chart library is not fetched by the sign-in page').toEqual([]);

  await page.goto('/configuration/report-analytics');
  const activity = page.getByTestId('report-chart-activity');
  await expect(activity).toHaveAttribute('data-state', 'drawn', { timeout: 30_000 });
  // The chart chunk is parsed after the screen paints; on 2 busy cores that can take a while.
  await expect(activity.locator('svg.recharts-surface')).toBeVisible({ timeout: 30_000 });
  expect(chartChunks.length).toBeGreaterThan(0);
  expect(chartChunks.every((url) => new URL(url).pathname === '/configuration/report-analytics')).toBe(true);

  // Two series: a legend names both; the hidden table has a column for each and a row per day.
  await expect(activity.getByText('Sign-ins', { exact: true }).first()).toBeVisible();
  await expect(activity.getByText('Active users', { exact: true }).first()).toBeVisible();
  const table = activity.locator('table');
  await expect(table.locator('caption')).toHaveText('Sign-ins and active users per day');
  await expect(table.locator('thead th')).toHaveText(['Date', 'Sign-ins', 'Active users']);
  expect(await table.locator('tbody tr').count()).toBeGreaterThan(1);

  // Hovering the plot shows the tooltip with the day's values.
  const surface = activity.locator('svg.recharts-surface');
  const box = await surface.boundingBox();
  if (!box) throw new Error('the activity chart has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const tooltip = activity.locator('.recharts-tooltip-wrapper');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText('Sign-ins');

  // Bars: one per category, with the table beside them.
  const categories = page.getByTestId('report-chart-categories');
  await expect(categories).toHaveAttribute('data-state', 'drawn');
  await expect(categories.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(categories.locator('table thead th')).toHaveText(['Category', 'Actions']);

  // Collected money (decision 0083): the demo's onboarding fee and this month's platform fee were
  // collected in the last 30 days, so the stacked money chart has bars, and its numbers — the hidden
  // table's cells and the sources' table — add up to the total shown.
  const money = page.getByTestId('report-money-chart');
  await expect(money).toHaveAttribute('data-state', 'drawn');
  await expect(money.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(money.locator('table thead th').first()).toHaveText('Day');
  const sources = page.getByTestId('report-money-sources');
  await expect(sources.locator('tr[data-source="onboarding"] td').last()).not.toHaveText('$0.00');
  const total = cents((await page.getByTestId('report-money-total').textContent()) ?? '');
  expect(total).toBeGreaterThan(0);
  const sourceCells = await sources.locator('tbody tr td:last-child').allTextContents();
  expect(sourceCells).toHaveLength(6);
  expect(sourceCells.reduce((sum, text) => sum + cents(text), 0)).toBe(total);
  // Every cell but each row's first (its day) is one source's amount in that period.
  const chartCells = await money.locator('table tbody td:not(:first-child)').allTextContents();
  expect(chartCells.reduce((sum, text) => sum + cents(text), 0)).toBe(total);
  // The period select buckets the money by week.
  await page.getByTestId('report-period').click();
  await page.getByRole('option', { name: 'Week', exact: true }).click();
  await expect(money.locator('table thead th').first()).toHaveText('Week from');
  await expect(page.getByTestId('report-money-total')).toHaveText(
    (await page.getByTestId('revenue-collected-sources-total').textContent()) ?? '',
  );

  // Every chart of the screen is drawn before axe looks, in both schemes.
  for (const id of [
    'report-chart-growth',
    'report-chart-accounts',
    'report-chart-campaigns',
    'report-chart-leads',
    'revenue-collected-sources-chart',
    'revenue-collected-chart',
    'revenue-chart',
  ]) {
    await expect(page.getByTestId(id)).toHaveAttribute('data-state', /drawn|empty/);
  }
  await expect(page.locator('[data-state="drawn"] .mantine-Skeleton-root')).toHaveCount(0);
  const axe = axeWalk();
  const html = page.locator('html');
  const toggle = page.getByRole('button', { name: 'Toggle color scheme' }).first();
  for (const scheme of ['light', 'dark'] as const) {
    if ((await html.getAttribute('data-mantine-color-scheme')) !== scheme) await toggle.click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', scheme);
    await axe.check(page, `report analytics [${scheme}]`);
  }
  axe.expectClean();
});
