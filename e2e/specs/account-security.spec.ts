import {
  CURRENT_PASSWORD_INVALID,
  CURRENT_PASSWORD_REQUIRED,
  EMAIL_CHANGED,
  emailChangePending,
} from '@app/contracts';
import { DEMO, DEMO_PASSWORD } from '@app/db/demo';
import type { Page } from '@playwright/test';
import { apiClient } from '../support/api';
import { expect, test } from '../support/test';

/*
 * Sensitive changes ask for the current password (decision 0018). One person nobody else's spec
 * uses (BrightReach's system user, on its own host), so the two tests run one after the other.
 */
test.describe.configure({ mode: 'serial' });

const person = DEMO.brightreach.rootUser.email;
const host = DEMO.brightreach.domain;
const onHost = (baseURL: string | undefined, path: string) => {
  const url = new URL(baseURL ?? 'http://localhost');
  url.hostname = host;
  return new URL(path, url).toString();
};

async function signIn(page: Page, baseURL: string | undefined) {
  await page.goto(onHost(baseURL, '/login'));
  await page.getByLabel('Username or E-mail').fill(person);
  await page.getByLabel('Password').first().fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/configuration\/agency-list\/?$/, { timeout: 20_000 });
}

test('two-factor changes ask for the current password and show its refusal beside the field', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await signIn(page, baseURL);
  const dialog = page.getByRole('dialog', { name: 'Two Factor Authentication' });
  const open = async () => {
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Two Factor Authentication' }).click();
    await expect(dialog.getByTestId('two-factor-status')).toBeVisible();
  };

  await open();
  await expect(dialog.getByTestId('two-factor-password')).toHaveCount(0);
  await dialog.getByTestId('two-factor-email').click();
  const password = dialog.getByTestId('two-factor-password');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText(CURRENT_PASSWORD_REQUIRED);
  await password.fill('not-my-password');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText(CURRENT_PASSWORD_INVALID);
  await password.fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The notification, not the closing dialog's status line (which starts with the same sentence).
  await expect(page.getByText('Two-factor authentication is on.', { exact: true })).toBeVisible();

  // Turning it off again needs the password as well.
  await open();
  await expect(dialog.getByTestId('two-factor-status')).toContainText('Two-factor authentication is on.');
  await dialog.getByTestId('two-factor-email').click();
  await dialog.getByTestId('two-factor-password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Two-factor authentication is off.', { exact: true })).toBeVisible();
});

test('a new e-mail address takes effect once the link sent to it is opened', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const next = 'blake.reed@new-brightreach.test';
  await signIn(page, baseURL);
  await page.goto(onHost(baseURL, '/user/profile'));
  const form = page.getByRole('form', { name: 'Personal details' });
  const email = form.getByRole('textbox', { name: 'E-mail' });
  await expect(email).toHaveValue(person);
  await expect(form.getByTestId('current-password')).toHaveCount(0);

  await email.fill(next);
  const current = form.getByTestId('current-password');
  await form.getByTestId('profile-save').click();
  await expect(form).toContainText(CURRENT_PASSWORD_REQUIRED);
  await current.fill('not-my-password');
  await form.getByTestId('profile-save').click();
  await expect(form).toContainText(CURRENT_PASSWORD_INVALID);
  await current.fill(DEMO_PASSWORD);
  await form.getByTestId('profile-save').click();
  await expect(form.getByTestId('profile-save-done')).toHaveText(emailChangePending(next));
  // Until the link is opened the account keeps its address.
  await expect(email).toHaveValue(person);

  const api = await apiClient(baseURL ?? '');
  const token = await api.signIn(person, host);
  const { data } = await api.call('GET', `/outbox?to=${encodeURIComponent(next)}&limit=1`, undefined, token);
  const link = String(data[0]?.text ?? '').match(/https?:\/\/\S+\/confirm-email\/[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link ?? '');
  await expect(page.getByTestId('confirm-email-done')).toHaveText(EMAIL_CHANGED);
  await page.getByRole('link', { name: 'Go to Profile' }).click();
  await expect(
    page.getByRole('form', { name: 'Personal details' }).getByRole('textbox', { name: 'E-mail' }),
  ).toHaveValue(next);

  // The link works once.
  await page.goto(link ?? '');
  await expect(page.getByTestId('confirm-email-error')).toHaveText(
    'This confirmation link has already been used.',
  );
});
