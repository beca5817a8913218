import { expect, type Page } from '@playwright/test';
import { apiClient } from './api';

export const NEW_PASSWORD = 'a-strong-password';
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

/**
 * Registers an agency through /register and the link e-mailed to it (read from the outbox, as the
 * person would read their mailbox); ends in Profile Setup, signed in. Answers the API client.
 */
export async function registerAgency(
  page: Page,
  baseURL: string,
  { email, company, name = 'Casey Card' }: { email: string; company: string; name?: string },
) {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('register', 'T'));
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Company Name').fill(company);
  await form.getByLabel('Full Name').fill(name);
  await form.getByLabel('E-mail').fill(email);
  await page.getByTestId('phone-number').fill('2015550123');
  await form.locator('input[name="password"]').fill(NEW_PASSWORD);
  await form.locator('input[name="password_confirmation"]').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByTestId('register-check-email')).toBeVisible();
  const api = await apiClient(baseURL);
  await page.goto(await api.lastLinkFor(email, 'confirm-registration'));
  await expect(page).toHaveURL(/\/user\/profile-setup$/);
  return api;
}

/** The sandbox's test-card fields: a number from its table, next year's December, any CVC. */
export async function fillSandboxCard(page: Page, number: string) {
  await page.getByTestId('card-number').fill(number);
  await page.getByTestId('card-expiry').fill(`12${nextYear}`);
  await page.getByTestId('card-cvc').fill('123');
}

/** The card holder and billing address of the card form. */
export async function fillCardHolder(page: Page, holder: string) {
  await page.getByTestId('card-holder').fill(holder);
  await page.getByTestId('card-address').fill('1 Main Street');
  await page.getByTestId('card-city').fill('Denver');
  await page.getByTestId('card-state').fill('CO');
  await page.getByTestId('card-zip').fill('80202');
}

/** Profile Setup from its first step to the payment step, each step saved before the next opens. */
export async function walkToPaymentStep(page: Page) {
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('wizard-tab-company')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('wizard-tab-payment')).toHaveAttribute('aria-selected', 'true');
}
