import { CARD_TEXTS, COUPON_TEXTS } from '@app/contracts';
import { DEMO } from '@app/db/demo';
import { expectAccessible } from '../support/accessibility';
import { apiClient } from '../support/api';
import { nextAnswer, signIn } from '../support/browser';
import { fillSandboxCard, NEW_PASSWORD, registerAgency } from '../support/sign-up';
import { expect, test } from '../support/test';

const PASSWORD = NEW_PASSWORD;
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

test('a new agency adds a sandbox card in Profile Setup: declined first, then a good card pays the onboarding fee with a coupon', async ({
  page,
  baseURL,
}) => {
  // Sign-up, the e-mailed link, three saved wizard steps and two card attempts on a busy machine.
  test.setTimeout(90_000);
  const email = 'casey@cardagency.test';
  const api = await registerAgency(page, baseURL as string, { email, company: 'Card Agency' });

  // The system sets this agency's onboarding fee to $99.00 with coupons allowed (General Setting does
  // the same through this call).
  const agencyToken = await api.signIn(email, 'localhost', PASSWORD);
  const me = await api.call('GET', '/user', undefined, agencyToken);
  const root = await api.signIn(DEMO.master.rootUser.email);
  await api.call(
    'PUT',
    '/configuration/onboarding/set',
    { CompanyID: me.company_id, amount: '99', enable_coupon: true },
    root,
  );

  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('wizard-tab-company')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('wizard-tab-payment')).toHaveAttribute('aria-selected', 'true');

  // The sandbox form, labelled, with its test numbers; the fee shown before paying.
  await expect(page.getByTestId('sandbox-card')).toContainText('Sandbox');
  await expect(page.getByTestId('sandbox-card')).toContainText('4000 0000 0000 0002');
  await expect(page.getByTestId('onboarding-fee-amount')).toHaveText('$99.00');
  await expect(page.getByTestId('card-save')).toHaveText('Save card and pay $99.00');

  // Holder and billing address are required (the server's texts).
  await page.getByTestId('card-holder').fill('');
  await page.getByTestId('card-save').click();
  await expect(page.getByTestId('card-form')).toContainText(CARD_TEXTS.holderRequired);
  await expect(page.getByTestId('card-form')).toContainText(CARD_TEXTS.addressRequired);

  await page.getByTestId('card-holder').fill('Casey Card');
  await page.getByTestId('card-address').fill('1 Main Street');
  await page.getByTestId('card-city').fill('Denver');
  await page.getByTestId('card-state').fill('CO');
  await page.getByTestId('card-zip').fill('80202');

  // A coupon checked with get-coupon shows the discounted price.
  await page.getByTestId('coupon-code').fill('welcome50');
  await page.getByTestId('coupon-apply').click();
  await expect(page.getByTestId('onboarding-fee-due')).toHaveText('$49.50');
  await expect(page.getByTestId('card-save')).toHaveText('Save card and pay $49.50');
  await expectAccessible(page, 'profile setup: payment step');

  // Declined: the gateway's text, the form kept as typed, nothing saved.
  await fillSandboxCard(page, '4000000000000002');
  await page.getByTestId('card-save').click();
  await expect(page.getByTestId('card-error')).toHaveText('Your card was declined.');
  await expect(page.getByTestId('card-holder')).toHaveValue('Casey Card');
  await expect(page.getByTestId('coupon-code')).toHaveValue('welcome50');
  // (the e2e server's access tokens live 10 s: a fresh one for this read)
  const reader = await api.signIn(email, 'localhost', PASSWORD);
  expect((await api.call('GET', `/payment/card/${me.id}`, undefined, reader)).card).toBeNull();

  // The good card: saved, the fee charged once with the coupon.
  await page.getByTestId('card-number').fill('4242424242424242');
  const paid = nextAnswer(page, 'POST', '/api/payment/customer');
  await page.getByTestId('card-save').click();
  const answer = await (await paid).json();
  expect(answer.onboarding).toMatchObject({ status: 'charged', amount: '49.50', coupon_code: 'WELCOME50' });
  await expect(page.getByTestId('card-step-done')).toBeVisible();
  await expect(page.getByTestId('saved-card-brand')).toHaveText('Visa •••• 4242');
  await expect(page.getByTestId('saved-card-expiry')).toHaveText(`Expires 12/20${nextYear}`);

  // Finish: no more rule-3 bounce; a new agency without a payment account lands on General Setting.
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('question-business_type').getByLabel('Marketing or advertising agency').check();
  await page.getByTestId('question-monthly_lead_goal').getByLabel('500 to 2,000').check();
  await page.getByTestId('question-main_industry').getByLabel('Home services').check();
  await page.getByTestId('wizard-finish').click();
  await expect(page).toHaveURL(/\/configuration\/general-setting$/);
  await expect(page.getByText('Complete your payment setup first to fully use the system.')).toHaveCount(0);

  // Card Setting shows the saved card, and replacing it charges nothing again.
  await page.goto('/user/card-setting');
  await expect(page.getByTestId('saved-card-holder')).toHaveText('Casey Card');
  await expectAccessible(page, 'card setting');
  await page.getByTestId('card-replace').click();
  await expect(page.getByTestId('onboarding-fee')).toHaveCount(0);
  await fillSandboxCard(page, '5555 5555 5555 4444');
  const replaced = nextAnswer(page, 'PUT', '/api/payment/card');
  await page.getByTestId('card-save').click();
  expect((await (await replaced).json()).onboarding.status).toBe('already_charged');
  await expect(page.getByTestId('saved-card-brand')).toHaveText('Mastercard •••• 4444');
});

test('a client of an agency with a connected account adds its card in Profile Setup and finishes setup', async ({
  page,
  baseURL,
}) => {
  // A new client of Coastal Leads (Bayview has the demo's card): its agency has a connected sandbox
  // account, so the card is a customer of Coastal's account (a client's card pays its agency directly).
  const host = `${DEMO.brightreach.agency.subdomain}.${DEMO.brightreach.domain}`;
  const origin = (baseURL as string).replace('localhost', host);
  const api = await apiClient(baseURL as string);
  const coastal = await api.signIn(DEMO.brightreach.agency.owner.email, DEMO.brightreach.domain);
  const coastalMe = await api.call('GET', '/user', undefined, coastal);
  const email = `bea.${Date.now().toString(36)}@shorelinehomes.test`;
  await api.call(
    'POST',
    '/configuration/user/create',
    {
      companyID: coastalMe.company_id,
      idsys: coastalMe.idsys,
      userType: 'client',
      ClientCompanyName: 'Shoreline Homes',
      ClientFullName: 'Bea Vance',
      ClientEmail: email,
      ClientPhone: '8135550142',
      ClientPhoneCountryCode: 'US',
      ClientPassword: PASSWORD,
    },
    coastal,
  );
  await signIn(page, email, { origin, password: PASSWORD });
  await expect(page).toHaveURL(/\/user\/profile-setup$/);
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('wizard-tab-company')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('wizard-tab-payment')).toHaveAttribute('aria-selected', 'true');
  // A client pays no onboarding fee.
  await expect(page.getByTestId('onboarding-fee')).toHaveCount(0);
  await page.getByTestId('card-holder').fill('Bea Vance');
  await page.getByTestId('card-address').fill('9 Shore Road');
  await page.getByTestId('card-city').fill('Tampa');
  await page.getByTestId('card-state').fill('FL');
  await page.getByTestId('card-zip').fill('33602');
  await fillSandboxCard(page, '4242424242424242');
  await expectAccessible(page, 'profile setup: client payment step');
  const saved = nextAnswer(page, 'POST', '/api/payment/customer');
  await page.getByTestId('card-save').click();
  expect((await (await saved).json()).onboarding.status).toBe('not_due');
  await expect(page.getByTestId('card-step-done')).toBeVisible();
  await expect(page.getByTestId('saved-card-brand')).toHaveText('Visa •••• 4242');
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('wizard-finish').click();
  await expect(page).not.toHaveURL(/\/user\/(profile-setup|card-setting)$/);
  await expect(page.getByText('Complete your payment setup first to fully use the system.')).toHaveCount(0);
});

test('a system user creates and disables a coupon on the Coupons screen', async ({ page }) => {
  // A sign-in, an axe run and four saves: 20 s in a CI run on a slow day, two thirds of the default.
  test.setTimeout(60_000);
  await signIn(page, DEMO.master.rootUser.email);
  await expect(page).toHaveURL(/\/configuration\/agency-list$/);
  await page.goto('/configuration/coupons');
  await expect(page.getByTestId('coupon-row-WELCOME50')).toContainText('50% off');
  await expectAccessible(page, 'coupons');
  await page.getByTestId('coupon-add').click();
  await page.getByTestId('coupon-form-code').fill('x');
  await page.getByTestId('coupon-form-save').click();
  await expect(page.getByTestId('coupon-form')).toContainText(COUPON_TEXTS.codeFormat);
  await page.getByTestId('coupon-form-code').fill('spring-25');
  await page.getByTestId('coupon-form-value').fill('25');
  await page.getByTestId('coupon-form-limit').fill('10');
  await expectAccessible(page, 'coupons: new coupon');
  await page.getByTestId('coupon-form-save').click();
  const row = page.getByTestId('coupon-row-SPRING-25');
  await expect(row).toContainText('25% off');
  await expect(row).toContainText('0 of 10');
  await expect(row).toContainText('Active');
  await page.getByTestId('coupon-disable-SPRING-25').click();
  await page.getByTestId('confirm-yes').click();
  await expect(row).toContainText('Disabled');
  await expect(page.getByTestId('coupon-disable-SPRING-25')).toHaveCount(0);
});
