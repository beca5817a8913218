import { DEMO_PASSWORD } from '@app/db/demo';
import { expect, type Page } from '@playwright/test';

/**
 * Signs in through the form as a person does and waits for the server's answer to `POST /api/login`
 * (not for a fixed time): on a busy machine the bot check, the password hash and the answer can take
 * seconds, and the landing assertion that follows should only have to wait for the redirect.
 * A two-factor answer (`otp_required`) is a successful answer too; the caller goes on to the code step.
 * With tokens, it also waits for the app to leave the sign-in page: the answer has reached the
 * browser before the app has kept the session, and a `page.goto` in that moment reloads a page
 * that has none (the Agencies Report test met the sign-in page so under load).
 */
export async function signIn(
  page: Page,
  email: string,
  { password = DEMO_PASSWORD, origin = '' }: { password?: string; origin?: string } = {},
): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Username or E-mail').fill(email);
  await page.getByLabel('Password').first().fill(password);
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/login',
  );
  await page.getByRole('button', { name: 'Sign In' }).click();
  const answer = await answered;
  expect(answer.ok(), `POST /api/login answered ${answer.status()} for ${email}`).toBe(true);
  if (!(await answer.text()).includes('"otp_required"')) await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/**
 * The next answer to `method path` (path without the query), checked to be a success. Call it before
 * the action that sends the request and await it after. A 401 is passed over: the e2e server's access
 * tokens live 10 s, and the web app answers a 401 by refreshing the token and sending the request again.
 */
export async function nextAnswer(page: Page, method: string, path: string | RegExp) {
  const response = await page.waitForResponse((r) => {
    if (r.request().method() !== method || r.status() === 401) return false;
    const pathname = new URL(r.url()).pathname;
    return typeof path === 'string' ? pathname === path : path.test(pathname);
  });
  expect(response.ok(), `${method} ${response.url()} answered ${response.status()}`).toBe(true);
  return response;
}

/**
 * Waits for the notice saying `text` and closes it as a person would. A notice stays 5 s, so a second
 * save within that time shows the same text twice: closing the first makes the next check see the
 * second notice, not the one still on screen from before.
 */
export async function dismissNotice(page: Page, text: string): Promise<void> {
  const notice = page.getByRole('alert').filter({ hasText: text });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Close notification' }).click();
  await expect(notice).toBeHidden();
}
