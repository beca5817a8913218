import { DEMO, DEMO_PASSWORD } from '@app/db/demo';
import type { Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { apiClient } from '../support/api';
import { signIn as signInThroughForm } from '../support/browser';
import { expect, test } from '../support/test';

const landings: [string, string, RegExp][] = [
  ['system user', DEMO.master.rootUser.email, /\/configuration\/agency-list\/?$/],
  ['agency with a connected account', DEMO.northwind.owner.email, /\/siteid\/dashboard$/],
  [
    'agency whose payment account is not connected',
    DEMO.summit.owner.email,
    /\/configuration\/general-setting$/,
  ],
  ['client', DEMO.northwind.clients[0].contact.email, /\/siteid\/dashboard$/],
  ['client with an unfinished profile', DEMO.summit.clients[0].contact.email, /\/user\/profile-setup$/],
  ['sales representative', DEMO.master.sales.email, /\/configuration\/sales-connect-account$/],
];

for (const [who, email, landing] of landings) {
  test(`${who} signs in and lands where rule 7 says`, async ({ page }) => {
    await signInThroughForm(page, email);
    await expect(page).toHaveURL(landing);
  });
}

test('an incomplete profile is forced back to profile setup', async ({ page }) => {
  await signInThroughForm(page, DEMO.summit.clients[0].contact.email);
  await expect(page).toHaveURL(/\/user\/profile-setup$/);
  await page.goto('/siteid/dashboard');
  await expect(page).toHaveURL(/\/user\/profile-setup$/);
});

test('a sales user is forced to sales-connect-account', async ({ page }) => {
  await signInThroughForm(page, DEMO.master.sales.email);
  await expect(page).toHaveURL(/\/configuration\/sales-connect-account$/);
  // Spec 1 §2.3: general-setting is a 404 for sales users.
  await page.goto('/configuration/general-setting');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  // Anything else of the product sends them back to connect their account (rule 6).
  await page.goto('/configuration/client-management');
  await expect(page).toHaveURL(/\/configuration\/sales-connect-account$/);
});

test("a client's menu shows only client entries", async ({ page }) => {
  await signInThroughForm(page, DEMO.northwind.clients[0].contact.email);
  await expect(page).toHaveURL(/\/siteid\/dashboard$/);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toContainText('Site ID');
  for (const agencyOnly of [
    'Agency List',
    'Client Management',
    'Administrator List',
    'Sales Account List',
    'General Setting',
  ]) {
    await expect(menu).not.toContainText(agencyOnly);
  }
  await page.goto('/configuration/agency-list');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('signs in with an e-mailed code read from the outbox', async ({ page, baseURL }) => {
  const api = await apiClient(baseURL ?? '');
  const email = DEMO.northwind.administrator.email;
  const token = await api.signIn(email);
  const me = await api.call('GET', '/user', undefined, token);
  await api.call(
    'PUT',
    `/setting/twofactorauth/${me.id}`,
    { userId: me.id, two_factor_auth: true, two_factor_auth_type: 'email', currpassword: DEMO_PASSWORD },
    token,
  );

  await signInThroughForm(page, email);
  const codeInput = page.getByTestId('otp-code');
  await expect(codeInput).toBeVisible();
  await codeInput.fill(await api.lastCodeFor(email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/siteid\/dashboard$/);
});

test('signs in with an authenticator (TOTP) code', async ({ page, baseURL }) => {
  const api = await apiClient(baseURL ?? '');
  const email = DEMO.northwind.clients[1].contact.email;
  const token = await api.signIn(email);
  const me = await api.call('GET', '/user', undefined, token);
  const { secretKey } = await api.call(
    'GET',
    `/setting/get-google-tfa/${me.id}/${me.company_id}`,
    undefined,
    token,
  );
  const totp = new TOTP({ secret: secretKey, digits: 6, period: 30, algorithm: 'SHA1' });
  // Enrol with the current step's code and sign in with the next one's: the server takes a step
  // either side of its own and each step once, so both hold whichever 30 s boundary falls between
  // (the previous step's code failed when a boundary fell inside the enrolment's password check).
  const enrolCode = totp.generate();
  await api.call(
    'PUT',
    `/setting/twofactorauth/${me.id}`,
    {
      userId: me.id,
      two_factor_auth: true,
      two_factor_auth_type: 'google',
      secretKey,
      code: enrolCode,
      currpassword: DEMO_PASSWORD,
    },
    token,
  );

  await signInThroughForm(page, email);
  await page.getByTestId('otp-code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/siteid\/dashboard$/);
});

/**
 * Signs the system user in and waits until the server refuses the stored access token (the e2e
 * server's live 10 s), asking it rather than sleeping for a guess. Answers the refresh token held then.
 */
async function signedInWithExpiredAccessToken(page: Page, baseURL: string): Promise<string | null> {
  await signInThroughForm(page, DEMO.master.rootUser.email);
  await expect(page).toHaveURL(/agency-list/);
  const refreshToken = await page.evaluate(() => localStorage.getItem('refresh_token'));
  await expect
    .poll(
      async () => {
        const token = await page.evaluate(() => localStorage.getItem('access_token'));
        const answer = await fetch(`${baseURL}/api/user`, { headers: { authorization: `Bearer ${token}` } });
        return answer.status;
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe(401);
  return refreshToken;
}

test('an expired access token is refreshed silently mid-session', async ({ page, baseURL }) => {
  // The access token has to expire first, then a reload refreshes it.
  test.setTimeout(60_000);
  const before = await signedInWithExpiredAccessToken(page, baseURL!);
  const refreshed = page.waitForResponse((r) => r.url().includes('/api/auth/refresh-token') && r.ok());
  const userReloaded = page.waitForResponse((r) => r.url().endsWith('/api/user') && r.ok());
  await page.reload();
  await refreshed;
  await userReloaded;
  await expect(page).toHaveURL(/agency-list/);
  await expect(page.getByTestId('session-ended')).toHaveCount(0);
  const after = await page.evaluate(() => localStorage.getItem('refresh_token'));
  expect(after).not.toBe(before);
});

test('a reload while a refresh is on its way keeps the user signed in', async ({ page, baseURL }) => {
  // The server rotates the refresh token, but the page that asked is gone before the answer arrives:
  // the reloaded page still holds the token the server has just marked used.
  test.setTimeout(60_000);
  const before = await signedInWithExpiredAccessToken(page, baseURL!);
  let rotatedOnServer!: (status: number) => void;
  const rotated = new Promise<number>((resolve) => {
    rotatedOnServer = resolve;
  });
  // Once: the request reaches the server, its answer never reaches the page.
  await page.route(
    '**/api/auth/refresh-token',
    async (route) => rotatedOnServer((await route.fetch()).status()),
    { times: 1 },
  );
  await page.reload();
  expect(await rotated).toBe(200);
  expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBe(before);

  const refreshed = page.waitForResponse((r) => r.url().includes('/api/auth/refresh-token'));
  await page.reload();
  expect((await refreshed).status()).toBe(200);
  await expect(page).toHaveURL(/agency-list/);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeAttached();
  await expect(page.getByTestId('session-ended')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).not.toBe(before);
});

test("a failed refresh shows 'Session Ended' and returns to the sign-in page", async ({ page }) => {
  await signInThroughForm(page, DEMO.master.rootUser.email);
  await expect(page).toHaveURL(/agency-list/);
  await page.evaluate(() => {
    localStorage.setItem('access_token', 'expired.or.forged');
    localStorage.setItem('refresh_token', 'not-a-valid-refresh-token');
  });
  await page.reload();
  const dialog = page.getByTestId('session-ended');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your session has ended. Please log in again to continue.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
