import { readFile } from 'node:fs/promises';
import { type InvoiceListResponse, type InvoiceSummary, invoiceFileName } from '@app/contracts';
import { DEMO } from '@app/db/demo';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { apiClient } from '../support/api';
import { nextAnswer, signIn } from '../support/browser';
import { expect, test } from '../support/test';

/**
 * Invoices on Billing History (decision 0074): the demo client Harbor Dental finds its Weekly and
 * Monthly invoices from the dashboard's Invoice Report tab, opens one to its lines and downloads its
 * PDF; its agency's owner finds the same invoice, billed to Harbor, on Northwind's Billing History.
 *
 * The invoices are the product's own: the demo's first start opens the billing schedules of its
 * campaigns activated months back (apps/api/src/demo/demo-billing.ts) and the invoice job writes and
 * charges every period since. Nothing here makes one: no API route writes an invoice, and the e2e
 * server runs on the real clock.
 */
const nw = DEMO.northwind;
const harbor = nw.clients[0];
const INVOICE_LIST = /^\/api\/billing\/invoices\/company\/\d+$/;

/** A company's invoices as its reader sees them, every page. */
async function invoicesOf(api: Awaited<ReturnType<typeof apiClient>>, token: string, companyId: number) {
  const all: InvoiceSummary[] = [];
  for (let page = 1; ; page++) {
    const answer = (await api.call(
      'GET',
      `/billing/invoices/company/${companyId}?page=${page}`,
      undefined,
      token,
    )) as InvoiceListResponse;
    all.push(...answer.invoices);
    if (answer.invoices.length === 0 || page * answer.per_page >= answer.total) return all;
  }
}

/** Pages the Invoices panel on until the invoice's row shows (the list is newest first, 10 a page). */
async function pageToInvoice(page: Page, number: string, onPage: number) {
  const panel = page.getByTestId('invoices-panel');
  for (let at = 1; at < onPage; at++) {
    const next = nextAnswer(page, 'GET', INVOICE_LIST);
    await panel.getByRole('button', { name: 'Next page' }).click();
    await next;
  }
  await expect(page.getByTestId(`invoices-row-${number}`)).toBeVisible();
}

test('the demo client downloads an invoice as PDF from Billing History; its agency owner sees the same invoice', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two people signing in, two screens each, a download and an axe run.
  test.setTimeout(120_000);
  const api = await apiClient(baseURL ?? '');
  // Access tokens live 10 s here: each read signs in afresh.
  const asClient = () => api.signIn(harbor.contact.email);
  const harborId = (await api.call('GET', '/user', undefined, await asClient())).company_id as number;
  // The invoice job runs once the server is up: on a start this spec is the first of, wait until it
  // has written Harbor's invoices (two reads a few seconds apart agree), so the newest stays newest.
  let own: InvoiceSummary[] = [];
  await expect
    .poll(
      async () => {
        const before = own.length;
        own = await invoicesOf(api, await asClient(), harborId);
        return own.length > 0 && own.length === before;
      },
      { timeout: 60_000, intervals: [3_000], message: "Harbor Dental's invoices from the demo billing" },
    )
    .toBe(true);
  const invoice = own[0] as InvoiceSummary;

  // The client lands on its dashboard; the Invoice Report tab says where invoices are.
  await signIn(page, harbor.contact.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('dashboard-tab-invoice').click();
  const listed = nextAnswer(page, 'GET', INVOICE_LIST);
  await page.getByTestId('dashboard-invoices-link').getByRole('link', { name: 'Billing History' }).click();
  await listed;
  await expect(page.getByRole('heading', { name: 'Billing History' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();

  // Newest first: the first row is its newest invoice, with its status in words.
  const row = page.getByTestId(`invoices-row-${invoice.number}`);
  await expect(page.getByTestId('invoices-list').locator('tbody > tr').first()).toContainText(invoice.number);
  await expect(row).toContainText(invoice.campaign);
  await expect(page.getByTestId(`invoices-status-${invoice.number}`)).toHaveText(invoice.status_label);
  await expect(page.getByTestId('invoices-showing')).toContainText(`of ${own.length} entries`);

  // Its lines open under it.
  await page.getByRole('button', { name: `Show the lines of invoice ${invoice.number}` }).click();
  const lines = page.getByRole('table', { name: `Lines of invoice ${invoice.number}` });
  await expect(lines.locator('tbody tr')).toHaveCount(Math.max(1, invoice.lines.length));
  for (const line of invoice.lines) await expect(lines).toContainText(line.description);
  await expect(page.getByTestId(`invoices-lines-${invoice.number}`)).toContainText(
    `Billed to ${harbor.name}`,
  );
  // Its card payments, whole (the platform's ledger keeps only the platform's part of a client's
  // charge, which the client must not see): the invoices' charges, newest first, paid.
  const payments = page.getByTestId('card-payments-panel');
  await expect(payments.getByRole('heading', { name: 'Card payments' })).toBeVisible();
  await expect(payments.locator('tbody > tr').filter({ hasText: 'Paid' }).first()).toBeVisible();
  await expect(payments.locator('tbody > tr').first()).toContainText(/campaign #\d+/i);
  await expect(page.getByText('Loading Data')).toHaveCount(0);
  await expectAccessible(page, 'billing history with invoices and card payments (client)');

  // The PDF, through the download helper: the file as the server sent it.
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download invoice ${invoice.number} as PDF` }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe(invoiceFileName(invoice.number));
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByTestId('invoices-download-status')).toHaveText('Download Successful');

  // The agency's owner: the same invoice among Northwind's, billed to Harbor.
  const ownerToken = await api.signIn(nw.owner.email);
  const northwindId = (await api.call('GET', '/user', undefined, ownerToken)).company_id as number;
  const agencyInvoices = await invoicesOf(api, ownerToken, northwindId);
  const at = agencyInvoices.findIndex((i) => i.id === invoice.id);
  expect(at, `${invoice.number} is among Northwind's invoices`).toBeGreaterThanOrEqual(0);

  const agency = await browser.newContext({ baseURL });
  const owner = await agency.newPage();
  await signIn(owner, nw.owner.email);
  await owner.getByRole('button', { name: 'Profile menu' }).click();
  const ownerListed = nextAnswer(owner, 'GET', INVOICE_LIST);
  await owner.getByRole('menuitem', { name: 'Billing History' }).click();
  await ownerListed;
  await pageToInvoice(owner, invoice.number, Math.floor(at / 10) + 1);
  const ownerRow = owner.getByTestId(`invoices-row-${invoice.number}`);
  await expect(ownerRow).toContainText(invoice.campaign);
  await expect(owner.getByTestId(`invoices-status-${invoice.number}`)).toHaveText(invoice.status_label);
  await owner.getByRole('button', { name: `Show the lines of invoice ${invoice.number}` }).click();
  await expect(owner.getByTestId(`invoices-lines-${invoice.number}`)).toContainText(
    `Billed to ${harbor.name}`,
  );
  await agency.close();
});
