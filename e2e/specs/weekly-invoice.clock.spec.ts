import { readFile } from 'node:fs/promises';
import { type InvoiceListResponse, type InvoiceSummary, invoiceFileName } from '@app/contracts';
import { DEMO } from '@app/db/demo';
import { E2E_CLOCK_TOKEN } from '../playwright.clock.config';
import { apiClient } from '../support/api';
import { signIn } from '../support/browser';
import { expect, test } from '../support/test';

/**
 * A week passes (decision 0084): the demo's Weekly campaign (Cedar Home's main site) gets its next
 * invoice once the money clock moves seven days, Cedar's contact finds it at the top of Billing
 * History and downloads its PDF, and the invoice's e-mail with the PDF attached is in the outbox.
 * Runs on `playwright.clock.config.ts`: the server's clock control is an e2e-only path.
 */
const cedar = DEMO.northwind.clients[1];
const WEEKLY = '40020001';

test('a weekly campaign is invoiced when the clock moves a week; the client downloads the PDF', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const api = await apiClient(baseURL ?? '');
  const asCedar = () => api.signIn(cedar.contact.email);
  const cedarId = (await api.call('GET', '/user', undefined, await asCedar())).company_id as number;
  const weeklyInvoices = async () => {
    const token = await asCedar();
    const all: InvoiceSummary[] = [];
    for (let p = 1; ; p++) {
      const answer = (await api.call(
        'GET',
        `/billing/invoices/company/${cedarId}?page=${p}`,
        undefined,
        token,
      )) as InvoiceListResponse;
      all.push(...answer.invoices);
      if (answer.invoices.length === 0 || p * answer.per_page >= answer.total) break;
    }
    return all.filter((i) => i.campaign.includes(WEEKLY));
  };

  // The demo's first start invoices its months of history: wait until two reads agree.
  let before: InvoiceSummary[] = [];
  await expect
    .poll(
      async () => {
        const count = before.length;
        before = await weeklyInvoices();
        return before.length > 0 && before.length === count;
      },
      {
        timeout: 90_000,
        intervals: [3_000],
        message: 'the weekly campaign’s invoices from the demo billing',
      },
    )
    .toBe(true);

  // Seven days on the money clock, and the invoice job's run.
  const moved = await fetch(`${baseURL}/__e2e/clock/advance?days=7`, {
    method: 'POST',
    headers: { 'x-e2e-token': E2E_CLOCK_TOKEN },
  });
  expect(moved.status, await moved.clone().text()).toBe(200);
  const after = await weeklyInvoices();
  const known = new Set(before.map((i) => i.number));
  const fresh = after.filter((i) => !known.has(i.number));
  expect(fresh).toHaveLength(1);
  const invoice = fresh[0] as InvoiceSummary;
  expect(invoice.kind).toBe('period');
  expect(invoice.status).toBe('paid');

  // The client's Billing History: the newest invoice first, its PDF downloadable.
  await signIn(page, cedar.contact.email);
  await page.goto('/user/billing-history');
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  await expect(page.getByTestId('invoices-list').locator('tbody > tr').first()).toContainText(invoice.number);
  await expect(page.getByTestId(`invoices-status-${invoice.number}`)).toHaveText(invoice.status_label);
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download invoice ${invoice.number} as PDF` }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe(invoiceFileName(invoice.number));
  expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Its e-mail to Cedar's contact, with the PDF, kept in the outbox.
  const root = await api.signIn(DEMO.master.rootUser.email);
  const { data } = (await api.call(
    'GET',
    `/outbox?to=${encodeURIComponent(cedar.contact.email)}&limit=50`,
    undefined,
    root,
  )) as { data: { subject: string; text: string; attachments: { file_name: string }[] }[] };
  const mail = data.find((m) => m.subject.includes(invoice.number));
  expect(mail?.text).toContain(`Total: $${invoice.total}`);
  expect(mail?.attachments.map((a) => a.file_name)).toEqual([invoiceFileName(invoice.number)]);
});
