import { DATE_INVALID } from '@app/contracts';
import { DEMO } from '@app/db/demo';
import { signIn } from '../support/browser';
import { expect, test } from '../support/test';

/*
 * A date outside the years the product takes (decision 0067) is refused with the field's own text,
 * as the server words it, and nothing is stored. Before, the coupon's 1899-12-31 was stored as is
 * (and through the API, 2026-02-30 or year 0000 answered a 500).
 */
test('a coupon valid from a day before 1900 is refused on the field, and none is created', async ({
  page,
}) => {
  await signIn(page, DEMO.master.rootUser.email);
  await page.goto('/configuration/coupons');
  await expect(page.getByTestId('coupons-page')).toBeVisible();
  await page.getByTestId('coupon-add').click();
  const form = page.getByTestId('coupon-form');
  await form.getByTestId('coupon-form-code').fill('OLDDATES');
  await form.getByTestId('coupon-form-value').fill('10');
  await form.getByTestId('coupon-form-from').fill('1899-12-31');
  const answered = page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/configuration/coupon/create',
  );
  await form.getByTestId('coupon-form-save').click();
  expect((await answered).status()).toBe(400);
  await expect(form.getByText(DATE_INVALID).first()).toBeVisible();
  // A real day then goes through.
  await form.getByTestId('coupon-form-from').fill('2026-01-01');
  await form.getByTestId('coupon-form-save').click();
  await expect(page.getByTestId('coupon-row-OLDDATES')).toBeVisible();
  await expect(page.getByTestId('coupon-row-OLDDATES')).toContainText('2026-01-01');
});
