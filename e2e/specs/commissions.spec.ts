import { asCents, COMMISSION_RATE_TEXTS, formatUsdCents } from '@app/contracts';
import { DEMO } from '@app/db/demo';
import type { Page } from '@playwright/test';
import { seriousAxeViolations } from '../support/accessibility';
import { apiClient } from '../support/api';
import { nextAnswer, signIn } from '../support/browser';
import { expect, test } from '../support/test';

/**
 * Commissions (decision 0089): the master's root opens Commissions from its menu, is refused a rate
 * above 50 % with the rule's text, saves 7.5 % (which applies to money collected from then on, as the
 * screen says) and sees the change listed; it reads each sales person's totals and months. The sales
 * representative opens Commissions from their own menu and reads the same figures of themselves,
 * and nobody else's. An agency owner has no such page.
 */

/** What the API answers the root for the person now: the figures both screens must show. */
async function owedOf(baseURL: string, userId: number): Promise<string> {
  const api = await apiClient(baseURL);
  const token = await api.signIn(DEMO.master.rootUser.email);
  const answer = await api.call('GET', `/configuration/commissions/user/${userId}`, undefined, token);
  return formatUsdCents(asCents(answer.person.owed_cents));
}

/** The sales representative's user id, as the root's list names them. */
async function salesRepId(baseURL: string): Promise<number> {
  const api = await apiClient(baseURL);
  const token = await api.signIn(DEMO.master.rootUser.email);
  const answer = await api.call('GET', '/configuration/commissions', undefined, token);
  const person = answer.people.find((p: { email: string }) => p.email === DEMO.master.sales.email);
  if (!person) throw new Error('the sales representative is not listed');
  return person.user_id;
}

/** The page's "Owed now" equals the API's; reread if the commission job ran in between. */
async function expectOwedAsTheLedger(page: Page, baseURL: string, userId: number) {
  const panel = page.getByTestId(`commission-person-${userId}`);
  await expect(async () => {
    const shown = await panel.getByTestId('commission-owed').textContent();
    expect(shown).toBe(await owedOf(baseURL, userId));
  }).toPass({ timeout: 20_000 });
}

test('the root sets the commission rate and reads every sales person, who reads the same of themselves', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = baseURL as string;
  const salesId = await salesRepId(origin);

  await signIn(page, DEMO.master.rootUser.email);
  await page.getByRole('link', { name: 'Commissions' }).first().click();
  await expect(page).toHaveURL(/\/configuration\/commissions$/);
  await expect(page.getByRole('heading', { name: 'Commissions', level: 2 })).toBeVisible();
  const rate = page.getByTestId('commission-rate');
  await expect(rate.getByTestId('commission-rate-now')).toHaveText('5 %');
  await expect(rate).toContainText(COMMISSION_RATE_TEXTS.appliesFrom);

  // Above 50 %: the rule's text under the field, and nothing is sent.
  const input = page.getByLabel('New rate (%)');
  await input.fill('60');
  await page.getByTestId('commission-rate-save').click();
  await expect(rate).toContainText(COMMISSION_RATE_TEXTS.range);
  await expect(rate.getByTestId('commission-rate-now')).toHaveText('5 %');

  const saved = nextAnswer(page, 'PUT', '/api/configuration/commissions/rate');
  await input.fill('7.5');
  await page.getByTestId('commission-rate-save').click();
  await saved;
  await expect(page.getByText(COMMISSION_RATE_TEXTS.saved)).toBeVisible();
  await expect(rate.getByTestId('commission-rate-now')).toHaveText('7.5 %');
  const changes = rate.getByTestId('commission-rate-changes');
  await expect(changes.getByRole('row').nth(1)).toContainText('7.5 %');
  await expect(changes.getByRole('row').nth(1)).toContainText(DEMO.master.rootUser.name);

  // Every sales person of the system, with their totals; one person's months on "Months".
  const people = page.getByTestId('commissions-people');
  await expect(people).toContainText(DEMO.master.sales.name);
  await expect(people).toContainText(DEMO.master.accountExecutive.name);
  await expect(page.getByTestId(`commissions-row-${salesId}`)).toContainText('Sales Representative');
  await page.getByRole('button', { name: `Months of ${DEMO.master.sales.name}` }).click();
  const panel = page.getByTestId(`commission-person-${salesId}`);
  await expect(panel.getByRole('heading', { name: DEMO.master.sales.name })).toBeVisible();
  await expectOwedAsTheLedger(page, origin, salesId);
  expect(await seriousAxeViolations(page, 'commissions (root)')).toEqual([]);

  // The sales representative: Commissions in their menu, their own figures only, no rate to set.
  const sales = await (await browser.newContext({ baseURL })).newPage();
  await signIn(sales, DEMO.master.sales.email);
  await sales.getByRole('link', { name: 'Commissions' }).first().click();
  await expect(sales).toHaveURL(/\/configuration\/commissions$/);
  await expect(sales.getByText('You earn 7.5 % of the wholesale')).toBeVisible();
  const own = sales.getByTestId(`commission-person-${salesId}`);
  await expect(own.getByRole('heading', { name: 'Your commissions' })).toBeVisible();
  await expectOwedAsTheLedger(sales, origin, salesId);
  await expect(own.getByTestId('commission-payout-account')).toBeVisible();
  await expect(sales.getByTestId('commission-rate')).toHaveCount(0);
  await expect(sales.getByTestId('commissions-people')).toHaveCount(0);
  expect(await seriousAxeViolations(sales, 'commissions (sales)')).toEqual([]);
  await sales.context().close();
});

test('an agency owner has no Commissions page', async ({ page }) => {
  await signIn(page, DEMO.northwind.owner.email);
  await page.goto('/configuration/commissions');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
