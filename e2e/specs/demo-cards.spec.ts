import { DEMO } from '@app/db/demo';
import { apiClient } from '../support/api';
import { signIn } from '../support/browser';
import { expect, test } from '../support/test';

/*
 * Issue 20 items 4 and 9 (decision 0066): a demo user's Card Setting shows the sandbox card the demo
 * saved for it, as a customer would see it, and says the same as the API; Bayview Realty, stuck at
 * card setup before, has its card and reaches its dashboard.
 */
const coastal = `${DEMO.brightreach.agency.subdomain}.${DEMO.brightreach.domain}`;
const PEOPLE: [who: string, email: string, host: string, landing: RegExp][] = [
  ['Northwind owner', DEMO.northwind.owner.email, 'localhost', /\/siteid\/dashboard$/],
  ['Bayview Realty', DEMO.brightreach.agency.client.contact.email, coastal, /\/dashboard$/],
];

for (const [who, email, host, landing] of PEOPLE) {
  test(`${who}'s Card Setting shows the demo's sandbox card, as the API does`, async ({ page, baseURL }) => {
    const origin = (baseURL as string).replace('localhost', host);
    const api = await apiClient(baseURL as string);
    const token = await api.signIn(email, host);
    const me = await api.call('GET', '/user', undefined, token);
    const { card } = await api.call('GET', `/payment/card/${me.id}`, undefined, token);
    expect(card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(me.customer_card_id).toBeTruthy();

    await signIn(page, email, { origin });
    await expect(page).toHaveURL(landing);
    await page.goto(`${origin}/user/card-setting`);
    await expect(page.getByTestId('card-status')).toHaveText('On file');
    await expect(page.getByTestId('saved-card-brand')).toHaveText('Visa •••• 4242');
    await expect(page.getByTestId('saved-card-holder')).toHaveText(card.cardholder);
    // One story: no "missing" headline, no empty form beside the saved card.
    await expect(page.getByTestId('card-headline')).toHaveCount(0);
    await expect(page.getByTestId('card-form')).toHaveCount(0);
    await expect(page.getByTestId('card-replace')).toBeVisible();
  });
}

test('the sandbox card table says what each test card does when it is saved and charged', async ({
  page,
}) => {
  await signIn(page, DEMO.northwind.owner.email);
  await page.goto('/user/card-setting');
  await page.getByTestId('card-replace').click();
  const table = page.getByTestId('sandbox-card');
  await expect(table).toContainText('4000 0000 0000 0002');
  await expect(table).toContainText('Declined: not saved');
  await expect(table).toContainText('4000 0000 0000 0341');
  await expect(table).toContainText('Saves, then every charge is declined');
});
