import { AGREEMENT_DOWNLOAD_FAILED, PAYMENT_ACCOUNT_REQUIRED_FOR_CLIENTS } from '@app/contracts';
import { DEMO, DEMO_PASSWORD } from '@app/db/demo';
import { expectAccessible } from '../support/accessibility';
import { apiClient } from '../support/api';
import { dismissNotice, nextAnswer, signIn } from '../support/browser';
import { fillCardHolder, fillSandboxCard, registerAgency, walkToPaymentStep } from '../support/sign-up';
import { expect, test } from '../support/test';

/*
 * Issue 20, items 1 and 7 (decisions 0061, 0062): a self-registered agency reaches "Add Client" and a
 * paying client with no action from the platform owner; the platform owner then sees its package on
 * its row and downloads the services agreement it accepted with its first card.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const agency = { company: `Solo Agency ${stamp}`, email: `solo.${stamp}@solo-agency.test` };
const client = {
  company: `Solo Client ${stamp}`,
  name: 'Cleo Client',
  email: `cleo.${stamp}@solo-client.test`,
  password: 'client-password-1',
};

test('a self-registered agency connects its account, adds a client, and the client reaches its dashboard after its own profile and card', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two sign-ups with their wizards, two cards, a sandbox onboarding waiting for its webhooks and a
  // client added: about 40 s on a quiet machine, several times that with the suite beside it.
  test.setTimeout(240_000);
  await registerAgency(page, baseURL as string, { email: agency.email, company: agency.company });

  // Profile Setup: the card step names the agreement the first card accepts.
  await walkToPaymentStep(page);
  await expect(page.getByTestId('card-agreement-notice')).toHaveText(
    'By saving your card you accept the Agency Services Agreement.',
  );
  await fillCardHolder(page, 'Sam Solo');
  await fillSandboxCard(page, '4242424242424242');
  const accepted = nextAnswer(page, 'POST', '/api/general/user-service-agreement-confirm');
  const saved = nextAnswer(page, 'POST', '/api/payment/customer');
  await page.getByTestId('card-save').click();
  expect((await (await accepted).json()).acceptance.document_type).toBe('default_agency');
  await saved;
  await expect(page.getByTestId('card-step-done')).toBeVisible();
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('question-business_type').getByLabel('Marketing or advertising agency').check();
  await page.getByTestId('question-monthly_lead_goal').getByLabel('500 to 2,000').check();
  await page.getByTestId('question-main_industry').getByLabel('Home services').check();
  await page.getByTestId('wizard-finish').click();
  await expect(page).toHaveURL(/\/configuration\/general-setting$/);

  // Not connected yet: told so, and no Add Client.
  const missing = page.locator('[data-testid="shell-warning"][data-warning-id="agency-account-missing"]');
  await expect(missing).toContainText(PAYMENT_ACCOUNT_REQUIRED_FOR_CLIENTS);
  await page.goto('/configuration/client-management');
  await expect(page.getByRole('heading', { name: 'Client Management' })).toBeVisible();
  await expect(page.getByTestId('add-client')).toHaveCount(0);

  // The Support entry of the profile menu says whom to ask.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Support' }).click();
  const support = page.getByTestId('support-modal');
  await expect(support.getByTestId('support-email')).toHaveText(DEMO.master.rootUser.email);
  await expect(support.getByTestId('support-account')).toContainText(agency.company);
  await expectAccessible(page, 'Support');
  await page.getByRole('button', { name: 'Close' }).click();

  // Connect the sandbox payment account: nobody at the platform does anything.
  await page.goto('/configuration/general-setting?tab=payment-account');
  await page.getByTestId('payment-account-connect').click();
  await expect(page).toHaveURL(/\/sandbox\/onboarding\/acct_/);
  await page.getByRole('button', { name: 'Submit details (pending → in verification)' }).click();
  await page.getByRole('button', { name: 'Verify: completed, charges and payouts enabled' }).click();
  await expect(page).toHaveURL(/\/configuration\/general-setting\?tab=payment-account&connect=return$/);
  await expect(page.getByTestId('payment-account-state')).toContainText('Charges enabled, payouts enabled.');
  await expect(page.locator('[data-testid="shell-warning"]')).toHaveCount(0);

  // Add Client, with a password the client signs in with.
  await page.goto('/configuration/client-management');
  await page.getByTestId('add-client').click();
  const form = page.getByTestId('add-client-form');
  await form.getByLabel('Company Name').fill(client.company);
  await form.getByLabel('Full Name').fill(client.name);
  await form.getByLabel('E-mail').fill(client.email);
  await form.getByTestId('phone-number').fill('2025550188');
  await form.getByLabel('Password').fill(client.password);
  await form.getByTestId('user-form-save').click();
  await dismissNotice(page, 'Data has been added successfully');
  await expect(page.getByTestId('clients-list')).toContainText(client.company);

  // The client signs in, sets up its profile and its card (a customer of the agency's account), and
  // reaches its dashboard.
  const clientPage = await (await browser.newContext({ baseURL })).newPage();
  await signIn(clientPage, client.email, { password: client.password });
  await expect(clientPage).toHaveURL(/\/user\/profile-setup$/);
  await walkToPaymentStep(clientPage);
  await expect(clientPage.getByTestId('card-agreement-notice')).toHaveText(
    'By saving your card you accept the Client Services Agreement.',
  );
  await fillCardHolder(clientPage, client.name);
  await fillSandboxCard(clientPage, '4242424242424242');
  const clientCard = nextAnswer(clientPage, 'POST', '/api/payment/customer');
  await clientPage.getByTestId('card-save').click();
  await clientCard;
  await expect(clientPage.getByTestId('saved-card-brand')).toHaveText('Visa •••• 4242');
  await clientPage.getByTestId('wizard-next').click();
  await expect(clientPage.getByTestId('wizard-finish')).toHaveText('Go To Dashboard');
  await clientPage.getByTestId('wizard-finish').click();
  await expect(clientPage).toHaveURL(/\/siteid\/dashboard$/);
  await expect(clientPage.locator('[data-testid="shell-warning"]')).toHaveCount(0);
  await expect(
    clientPage.getByText('Complete your payment setup first to fully use the system.'),
  ).toHaveCount(0);
  await clientPage.context().close();
});

test("the platform owner sees the new agency's package, changes it, and downloads the agreement it accepted", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.master.rootUser.email);
  await expect(page).toHaveURL(/\/configuration\/agency-list\/?$/);

  // An agency that accepted nothing yet (added in the agency list, no card saved; the demo's agencies
  // accepted theirs with their first card): the spec's text, not silence.
  const api = await apiClient(baseURL as string);
  const rootToken = await api.signIn(DEMO.master.rootUser.email);
  const rootMe = await api.call('GET', '/user', undefined, rootToken);
  const unsigned = `Unsigned Agency ${stamp}`;
  await api.call(
    'POST',
    '/configuration/user/create',
    {
      companyID: rootMe.company_id,
      idsys: rootMe.idsys,
      userType: 'userdownline',
      ClientCompanyName: unsigned,
      ClientFullName: 'Una Signed',
      ClientEmail: `una.${stamp}@unsigned-agency.test`,
      ClientPhone: '3125550123',
      ClientPhoneCountryCode: 'US',
      ClientPhoneCountryCallingCode: '+1',
      ClientWhiteLabeling: 'F',
      ApiMode: 'F',
      DownlineSubDomain: `unsigned-${stamp}`,
      selectedterms: [{ term: 'Monthly', status: true }],
    },
    rootToken,
  );
  await page.getByTestId('agency-search').fill(unsigned);
  const rows = page.locator('[data-testid^="agency-row-"]');
  const unsignedRow = rows.filter({ hasText: unsigned });
  await expect(rows).toHaveCount(1);
  await expect(unsignedRow).toHaveCount(1);
  const unsignedId = (await unsignedRow.getAttribute('data-testid'))!.replace('agency-row-', '');
  await page.getByTestId(`agreement-download-${unsignedId}`).click();
  await expect(page.getByRole('alert').filter({ hasText: AGREEMENT_DOWNLOAD_FAILED })).toBeVisible();

  await page.getByTestId('agency-search').fill(agency.company);
  const row = rows.filter({ hasText: agency.company });
  await expect(row).toHaveCount(1);
  await expect(rows).toHaveCount(1);
  const id = (await row.getAttribute('data-testid'))!.replace('agency-row-', '');
  // The system's default package, given when the agency signed up.
  await expect(page.getByTestId(`package-${id}`)).toHaveText('Package: standard');
  await page.getByTestId(`set-package-${id}`).click();
  const modal = page.getByTestId('set-package-modal');
  await expect(modal.getByTestId('set-package-input')).toHaveValue('standard');
  await modal.getByTestId('set-package-input').fill('agency pro');
  await modal.getByTestId('set-package-save').click();
  await expect(modal).toContainText('Package id may contain only letters, digits, hyphens and underscores.');
  await modal.getByTestId('set-package-input').fill('agency_pro');
  await expectAccessible(page, 'Agency List: package');
  await modal.getByTestId('set-package-save').click();
  await expect(page.getByTestId(`package-${id}`)).toHaveText('Package: agency_pro');

  // The agreement the agency accepted with its first card, as a PDF, after the password check.
  await page.getByTestId(`agreement-download-${id}`).click();
  await expect(page).toHaveURL(/\/download-auth\/[^/]+$/);
  await page.getByTestId('download-auth-password').fill(DEMO_PASSWORD);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await expect(page.getByTestId('download-auth-done')).toBeVisible();
});
