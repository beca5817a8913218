import { COUNT_OUTCOME_LABELS } from '@app/contracts';
import { DEMO } from '@app/db/demo';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { apiClient } from '../support/api';
import { nextAnswer, signIn } from '../support/browser';
import { expect, test } from '../support/test';

/** Harbor Dental's Search ID campaign of the demo ('Austin dentist searches'). */
const SEARCH_CAMPAIGN = '40010003';

/** The Historical Count cells of the table, top to bottom, as numbers. */
async function historicalCounts(page: Page): Promise<number[]> {
  const rows = page.getByTestId('keyword-count-list').locator('tbody tr');
  const texts = await rows.evaluateAll((trs) => trs.map((tr) => tr.children[5]?.textContent ?? ''));
  return texts.filter((t) => /\d/.test(t)).map((t) => Number(t.replace(/,/g, '')));
}

test('an agency runs a keyword count, sorts and filters the table and applies keywords to a campaign', async ({
  page,
  baseURL,
}) => {
  // A count answered by the worker (the sandbox vendor's people may still be generating at first), a
  // few list reloads, a modal and two axe runs.
  test.setTimeout(150_000);
  await signIn(page, DEMO.northwind.owner.email);
  await page.goto('/searchid/campaign-management');
  await expect(page.getByTestId('campaign-list')).toBeVisible();

  // The Keyword Counts tab, kept in the URL.
  await page.getByTestId('campaign-tab-keyword-counts').click();
  await expect(page).toHaveURL(/\/searchid\/campaign-management\?tab=keyword-counts$/);
  await expect(page.getByRole('heading', { name: 'Keyword Counts' })).toBeVisible();

  // Nationwide: two interests the synthetic people have, and one nobody has.
  const keywords = page.getByTestId('keyword-count-keywords');
  for (const keyword of ['dog training', 'golf', 'zither tuning e2e']) {
    await keywords.fill(keyword);
    await keywords.press('Enter');
  }
  await expectAccessible(page, 'keyword count form');
  const queued = nextAnswer(page, 'POST', '/api/data-vendor/services/queuecount');
  await page.getByTestId('keyword-count-run').click();
  const rows = (await (await queued).json()).data as { id: number; keyword: string }[];
  expect(rows.map((r) => r.keyword)).toEqual(['dog training', 'golf', 'zither tuning e2e']);
  await expect(page.getByText('Your keyword count has been queued.')).toBeVisible();
  const [dogs, golf, zither] = rows.map((r) => page.getByTestId(`keyword-count-status-${r.id}`));
  // Pending until the worker asks the vendor; the table asks again by itself while some are.
  await expect(dogs!).toHaveText(COUNT_OUTCOME_LABELS.success, { timeout: 90_000 });
  await expect(golf!).toHaveText(COUNT_OUTCOME_LABELS.success, { timeout: 30_000 });
  await expect(zither!).toHaveText(COUNT_OUTCOME_LABELS.no_result, { timeout: 30_000 });
  await expectAccessible(page, 'keyword count table');

  // Historical Count sorts ascending, then descending (kept in the URL).
  await page.getByTestId('keyword-count-sort-count_without_geo').click();
  await expect(page).toHaveURL(/sort=count_without_geo&order=asc/);
  await expect
    .poll(async () => {
      const counts = await historicalCounts(page);
      return counts.length >= 3 && counts.every((n, i) => i === 0 || (counts[i - 1] as number) <= n);
    })
    .toBe(true);
  await page.getByTestId('keyword-count-sort-count_without_geo').click();
  await expect(page).toHaveURL(/sort=count_without_geo&order=desc/);
  await expect
    .poll(async () => {
      const counts = await historicalCounts(page);
      return counts.length >= 3 && counts.every((n, i) => i === 0 || (counts[i - 1] as number) >= n);
    })
    .toBe(true);

  // The Status filter: Success only (in the URL); the keyword nobody has is gone.
  await page.getByTestId('keyword-count-status-filter').click();
  await page.getByRole('option', { name: COUNT_OUTCOME_LABELS.success, exact: true }).click();
  await expect(page).toHaveURL(/kstatus=success/);
  await expect(zither!).toBeHidden();
  await expect(dogs!).toBeVisible();

  // Pick the two counted keywords and apply them to Harbor Dental's Search ID campaign.
  await page.getByTestId(`keyword-count-pick-${rows[0]!.id}`).check();
  await page.getByTestId(`keyword-count-pick-${rows[1]!.id}`).check();
  await page.getByTestId('keyword-count-apply').click();
  const modal = page.getByTestId('apply-keywords');
  await expect(modal).toContainText('2 keywords: dog training, golf');
  await page.getByTestId('apply-keywords-campaign').click();
  await page.getByRole('option', { name: new RegExp(`#${SEARCH_CAMPAIGN}`) }).click();
  await expectAccessible(page, 'apply keywords to a campaign');
  const applied = nextAnswer(page, 'PUT', /\/api\/data-vendor\/services\/applycampaign\/\d+\/keyword$/);
  await page.getByTestId('apply-keywords-submit').click();
  const answer = (await (await applied).json()).data as { added: string[]; keywords: string[] };
  expect(answer.added).toEqual(['dog training', 'golf']);
  await expect(page.getByText(`2 keywords added to #${SEARCH_CAMPAIGN}`)).toBeVisible();
  await expect(modal).toBeHidden();

  // The campaign holds them now, beside its own.
  const campaignId = new URL((await applied).url()).pathname.split('/').at(-2);
  const api = await apiClient(baseURL ?? '');
  const owner = await api.signIn(DEMO.northwind.owner.email);
  const detail = await api.call('GET', `/leadspeek/getcampaign/${campaignId}`, undefined, owner);
  expect(detail.data.leadspeek_api_id).toBe(SEARCH_CAMPAIGN);
  expect(detail.data.locatorkeyword).toEqual(
    expect.arrayContaining(['dentist near me', 'dog training', 'golf']),
  );
});

test('an agency counts how much of an Enhance campaign’s audience the vendor can enrich, per information type', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.northwind.owner.email);
  // From the Enhance ID campaign management, beside its keyword counts.
  await page.goto('/enhanceid/campaign-management');
  await page.getByRole('link', { name: 'Data Enrichment' }).click();
  await expect(page).toHaveURL(/\/configuration\/data-enrichment$/);
  await expect(page.getByRole('heading', { name: 'Data Enrichment' })).toBeVisible();

  await page.getByTestId('enrichment-campaign').click();
  await page.getByRole('option', { name: /Texas smile-makeover list/ }).click();
  await page.getByTestId('enrichment-type').click();
  await page.getByRole('option', { name: 'Financial', exact: true }).click();
  await expect(page).toHaveURL(/campaign=\d+&type=financial/);
  const queued = nextAnswer(page, 'POST', '/api/data-vendor/services/queuecount');
  await page.getByTestId('enrichment-queue').click();
  const row = (await (await queued).json()).data as { id: number };
  await expect(page.getByText('Your data enhancement count has been queued.')).toBeVisible();
  await expect(page.getByTestId(`enrichment-status-${row.id}`)).toHaveText(COUNT_OUTCOME_LABELS.success, {
    timeout: 60_000,
  });
  const counted = page.getByTestId(`enrichment-row-${row.id}`);
  await expect(counted).toContainText('Household Income:');
  await expect(counted).toContainText('Credit Range:');
  await expectAccessible(page, 'data enrichment');
});
