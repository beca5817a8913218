import { readFile } from 'node:fs/promises';
import { DEMO, DEMO_PASSWORD } from '@app/db/demo';
import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { expectAccessible } from '../support/accessibility';
import { nextAnswer, signIn } from '../support/browser';
import { expect, test } from '../support/test';

/** Opens a `/download-auth/{pkdoc}` page's link with the password and answers the saved PDF. */
async function downloadWithPassword(page: Page) {
  await expect(page).toHaveURL(/\/download-auth\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('heading', { name: 'Document Download' })).toBeVisible();
  await expectAccessible(page, 'download-auth');
  await page.getByTestId('download-auth-password').fill(DEMO_PASSWORD);
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await saved;
  const path = await download.path();
  const bytes = await readFile(path);
  await expect(page.getByTestId('download-auth-done')).toBeVisible();
  return PDFDocument.load(bytes);
}

test('a system user makes the Data Wallet beta for all agencies; the agency owner accepts the billing agreement and downloads it', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two sign-ins, two PDFs made on the server, a CSV, axe on four screens.
  test.setTimeout(150_000);

  // The system user: System Settings → Beta Features → the Data Wallet's beta applies to all agencies.
  await signIn(page, DEMO.master.rootUser.email);
  await expect(page).not.toHaveURL(/\/login/);
  await page.getByRole('button', { name: 'System Settings' }).click();
  await page.getByRole('menuitem', { name: 'Beta Features' }).click();
  const wallet = page.getByTestId('beta-feature-data_wallet');
  await expect(wallet).toBeVisible();
  await expectAccessible(page, 'beta-features');
  await expect(wallet.getByRole('switch', { name: 'Beta' })).toBeChecked();
  await wallet.getByRole('switch', { name: 'Apply to all agencies' }).check();
  const saved = nextAnswer(page, 'PUT', '/api/configuration/beta-features/1');
  await wallet.getByRole('button', { name: 'Save' }).click();
  await saved;
  // The notice's close button has a name (axe button-name), and the notice still closes by itself.
  const notice = page.getByRole('alert').filter({ hasText: 'Setting has been saved.' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Close notification' })).toBeVisible();
  await expect(notice).toBeHidden({ timeout: 15_000 });

  // The agency owner: Data Wallet → the billing agreement first.
  const ownerContext = await browser.newContext({ baseURL, acceptDownloads: true });
  const owner = await ownerContext.newPage();
  await signIn(owner, DEMO.northwind.owner.email);
  await expect(owner).not.toHaveURL(/\/login/);
  await owner.getByRole('button', { name: 'Profile menu' }).click();
  const gate = nextAnswer(owner, 'GET', '/api/beta-feature/gate/1');
  await owner.getByRole('menuitem', { name: 'Data Wallet' }).click();
  expect((await (await gate).json()).gate).toBe('agreement');
  const agreement = owner.getByRole('dialog', { name: 'Billing Agreement' });
  await expect(agreement.getByRole('heading', { name: 'Service Billing Agreement' })).toBeVisible();
  await expectAccessible(owner, 'billing-agreement-modal');
  // Accepting without ticking the box is refused with the spec's text and sends nothing.
  await agreement.getByRole('button', { name: 'Accept' }).click();
  await expect(agreement.getByText('Please click agree before you continue')).toBeVisible();
  await agreement.getByLabel('I have read and agree to the Service Billing Agreement').check();
  const accepted = nextAnswer(owner, 'PUT', /^\/api\/marketing-services-agreement-feature\/\d+\/1$/);
  await agreement.getByRole('button', { name: 'Accept' }).click();
  await accepted;

  // Then the wallet: the ledger's balance (nothing topped up yet) and this month's history.
  const walletModal = owner.getByRole('dialog', { name: 'Data Wallet' });
  await expect(walletModal.getByTestId('data-wallet-balance')).toHaveText('$0.00');
  await expect(walletModal.getByTestId('data-wallet-empty')).toBeVisible();
  await expectAccessible(owner, 'data-wallet-modal');

  // The accepted agreement as a PDF: a single-use link opened with the owner's password.
  await walletModal.getByRole('button', { name: 'Download billing agreement' }).click();
  const pdf = await downloadWithPassword(owner);
  expect(pdf.getTitle()).toBe('Service Billing Agreement');
  expect(pdf.getKeywords()).toMatch(/^sha256:[0-9a-f]{64}$/);
  expect(pdf.getPageCount()).toBeGreaterThan(0);

  // Opening Data Wallet again goes straight to the wallet.
  await owner.getByRole('button', { name: 'Profile menu' }).click();
  await owner.getByRole('menuitem', { name: 'Data Wallet' }).click();
  await expect(owner.getByRole('dialog', { name: 'Data Wallet' })).toBeVisible();
  await expect(owner.getByRole('dialog', { name: 'Billing Agreement' })).toHaveCount(0);
  // The month's history downloads as a CSV from the ledger (nothing topped up yet: the header only).
  const reopened = owner.getByRole('dialog', { name: 'Data Wallet' });
  await expect(reopened.getByTestId('data-wallet-balance')).toHaveText('$0.00');
  const csvSaved = owner.waitForEvent('download');
  await reopened.getByTestId('data-wallet-download').click();
  const csv = await csvSaved;
  expect(csv.suggestedFilename()).toMatch(/^data-wallet-\d{4}-\d{2}\.csv$/);
  // Saved byte for byte: the byte-order mark that makes spreadsheets read the file as UTF-8 stays.
  expect(await readFile(await csv.path(), 'utf8')).toBe(
    '\uFEFFDate (UTC),Transaction,Type,Amount,Balance,Expires (UTC)\r\n',
  );
  await expect(reopened.getByTestId('data-wallet-download-status')).toHaveText('Download Successful');
  await ownerContext.close();

  // The system user downloads the same agreement from the agency list's row icon.
  await page.goto('/configuration/agency-list');
  await page.getByRole('button', { name: `Download the agreement of ${DEMO.northwind.name}` }).click();
  const fromList = await downloadWithPassword(page);
  expect(fromList.getTitle()).toBe('Service Billing Agreement');
  expect(fromList.getKeywords()).toBe(pdf.getKeywords());
});

test('an agency owner accepts the developer marketing services agreement on its public page', async ({
  page,
}) => {
  // A sign-in (bot check, password hash) and axe on a busy machine.
  test.setTimeout(90_000);
  // Signed out, the page is the document and an invitation to sign in.
  const title = page.getByRole('heading', { name: 'Marketing Services Agreement (Developer)' });
  await page.goto('/marketing-services-agreement-developer');
  await expect(title).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('developer-agreement-signed-out')).toBeVisible();

  await signIn(page, DEMO.summit.owner.email);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/marketing-services-agreement-developer');
  await expect(title).toBeVisible({ timeout: 30_000 });
  const agree = page.getByTestId('developer-agreement-agree');
  await expect(agree).toBeVisible();
  await expectAccessible(page, 'developer-agreement');
  // Spec 2 §5: without the box ticked nothing is sent and the spec's text shows.
  await page.getByTestId('developer-agreement-submit').click();
  await expect(page.getByText('Please click agree before you continue')).toBeVisible();
  await agree.check();
  const accepted = nextAnswer(page, 'PUT', /^\/api\/marketing-services-agreement\/\d+$/);
  await page.getByTestId('developer-agreement-submit').click();
  const answer = await (await accepted).json();
  expect(answer.acceptance.document_type).toBe('marketing-services-agreement-developer');
  await expect(page.getByTestId('developer-agreement-accepted')).toContainText(DEMO.summit.name);
  // Read back after a reload: the server's record, not the page's memory.
  await page.reload();
  await expect(page.getByTestId('developer-agreement-accepted')).toBeVisible();
});
