import { fileURLToPath } from 'node:url';
import { EXCLUSION_TEXTS } from '@app/contracts';
import { DEMO } from '@app/db/demo';
import { expectAccessible } from '../support/accessibility';
import { nextAnswer, signIn } from '../support/browser';
import { expect, test } from '../support/test';

/*
 * Issue 22 (decision 0092): a client opens its Exclusion List from the profile menu, uploads the
 * demo's sample CSV, watches the progress bar reach 100 %, reads the result, finds an address on
 * the list with the search and purges the list.
 */
const SAMPLE = fileURLToPath(new URL('../../docs/samples/exclusion-list.csv', import.meta.url));
const harbor = DEMO.northwind.clients[0];

test('a client uploads an exclusion CSV from the profile menu, watches it finish and purges it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, harbor?.contact.email ?? '');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Exclusion List' }).click();
  await expect(page).toHaveURL(/\/configuration\/opt-out-list$/);
  await expect(page.getByRole('heading', { name: 'Exclusion List', level: 1 })).toBeVisible();
  await expect(page.getByTestId('exclusion-list-name')).toHaveText(`${harbor?.name} — Client exclusion list`);
  await expect(page.getByTestId('exclusion-list-entries')).toHaveText('0 records on the list');

  await page.getByTestId('exclusion-upload-open').click();
  const modal = page.getByRole('dialog', { name: 'Upload Exclusion List' });
  await expect(modal).toBeVisible();
  // Not a CSV: refused before anything is sent, with the spec's text.
  await modal.locator('input[type="file"]').setInputFiles({
    name: 'list.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('a@example.com\n'),
  });
  await expect(modal.getByText(EXCLUSION_TEXTS.invalidFile)).toBeVisible();

  await modal.locator('input[type="file"]').setInputFiles(SAMPLE);
  const uploaded = nextAnswer(page, 'POST', '/api/tools/optout-client/upload');
  await modal.getByTestId('exclusion-upload-submit').click();
  await expect(modal.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await uploaded;
  await expect(modal.getByTestId('exclusion-upload-success')).toHaveText(EXCLUSION_TEXTS.submitted);
  await expect(modal.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(modal.getByTestId('exclusion-progress-text')).toHaveText('100% · 8 of 8 rows');
  await expect(modal.getByTestId('exclusion-upload-counts')).toHaveText(
    'exclusion-list.csv: 8 rows read, 8 accepted, 0 rejected.',
  );
  await expectAccessible(page, 'exclusion upload modal');
  await modal.getByTestId('exclusion-upload-close').click();
  await expect(modal).toBeHidden();

  await expect(page.getByTestId('exclusion-list-entries')).toHaveText('8 records on the list');
  const uploads = page.getByTestId('exclusion-uploads');
  await expect(uploads.getByRole('row').nth(1)).toContainText('exclusion-list.csv');
  await expect(uploads.getByRole('row').nth(1)).toContainText('Done');

  // Mixed case in the file, lowercase here: the same MD5.
  await page.getByTestId('exclusion-search-input').fill('c.hernandez27996@example.com');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('exclusion-search-result')).toHaveText(
    `Suppressed by: ${harbor?.name} (Client exclusion list).`,
  );
  await expectAccessible(page, 'exclusion list');

  await page.getByTestId('exclusion-purge').click();
  const confirm = page.getByRole('dialog', { name: 'Purge the list' });
  await expect(confirm).toContainText(EXCLUSION_TEXTS.purgeConfirm);
  const purged = nextAnswer(page, 'DELETE', /\/api\/leadspeek\/suppressionlist\/purge\/\d+\/client$/);
  await confirm.getByTestId('confirm-yes').click();
  await purged;
  await expect(page.getByTestId('exclusion-list-entries')).toHaveText('0 records on the list');
});
