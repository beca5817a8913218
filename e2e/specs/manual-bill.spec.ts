import { DEMO } from '@app/db/demo';
import { apiClient } from '../support/api';
import { nextAnswer, signIn } from '../support/browser';
import { expect, test } from '../support/test';

/*
 * Spec 2 §4 (decision 0075): the system user turns an agency's manual bill on and off from the agency
 * list; each change asks first, a cancel puts the switch back, and what was confirmed is what the
 * server stores. (That OFF stops the agency's campaigns and invoices them to date on its card is the
 * API test `billing/manual-bill/manual-bill.api.test.ts`: a fresh agency here has no campaign.)
 */

const stamp = Date.now().toString(36);

test('a system user turns manual bill on and off, confirming each change', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const api = await apiClient(baseURL as string);
  const rootToken = await api.signIn(DEMO.master.rootUser.email);
  const rootMe = await api.call('GET', '/user', undefined, rootToken);
  const name = `Manual Bill Agency ${stamp}`;
  await api.call(
    'POST',
    '/configuration/user/create',
    {
      companyID: rootMe.company_id,
      idsys: rootMe.idsys,
      userType: 'userdownline',
      ClientCompanyName: name,
      ClientFullName: 'Manny Bill',
      ClientEmail: `manny.${stamp}@manual-bill.test`,
      ClientPhone: '3125550124',
      ClientPhoneCountryCode: 'US',
      ClientPhoneCountryCallingCode: '+1',
      ClientWhiteLabeling: 'F',
      ApiMode: 'F',
      DownlineSubDomain: `manual-bill-${stamp}`,
      selectedterms: [{ term: 'Monthly', status: true }],
    },
    rootToken,
  );

  await signIn(page, DEMO.master.rootUser.email);
  await expect(page).toHaveURL(/\/configuration\/agency-list\/?$/);
  await page.getByTestId('agency-search').fill(name);
  const row = page.locator('[data-testid^="agency-row-"]').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  const toggle = page.getByRole('switch', { name: `Manual bill for ${name}` });
  await expect(toggle).not.toBeChecked();

  const dialogs = page.getByRole('dialog');
  /**
   * Answers the open confirmation once it has settled, then waits for it to close and, when confirmed,
   * for the server's answer to the save: the switch shows the position asked for while it saves, and
   * a reload before the answer reads the old one (turning it off invoices the agency first, which
   * took seconds on a loaded machine).
   */
  const answer = async (text: string, button: 'confirm-yes' | 'confirm-cancel') => {
    const dialog = dialogs.filter({ hasText: text });
    await expect(dialog).toBeVisible();
    const saved = button === 'confirm-yes' && nextAnswer(page, 'PUT', '/api/payment/set-billing-method');
    await dialog.getByTestId(button).click();
    await expect(dialogs).toHaveCount(0);
    if (saved) await saved;
  };

  // Asked first; cancelled, the switch goes back.
  await toggle.click({ force: true });
  await answer('Turn manual bill on?', 'confirm-cancel');
  await expect(toggle).not.toBeChecked();

  // Confirmed: stored (a reload reads it back).
  await toggle.click({ force: true });
  await answer("Campaigns will be billed at wholesale cost to the agency's card", 'confirm-yes');
  await expect(toggle).toBeChecked();
  await page.reload();
  await page.getByTestId('agency-search').fill(name);
  await expect(toggle).toBeChecked();

  // Off again, with its own warning.
  await toggle.click({ force: true });
  await answer("All of the agency's campaigns will be stopped", 'confirm-yes');
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await page.getByTestId('agency-search').fill(name);
  await expect(toggle).not.toBeChecked();
});
