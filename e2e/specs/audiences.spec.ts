import { AUDIENCE_TEXTS, MODULE_CATALOGUE } from '@app/contracts';
import { DEMO } from '@app/db/demo';
import { expectAccessible } from '../support/accessibility';
import { apiClient } from '../support/api';
import { nextAnswer, signIn } from '../support/browser';
import { expect, test } from '../support/test';

/*
 * Issue 24 (decision 0114): an agency running display ads opens /audience, uploads a CSV of its
 * customers' e-mail addresses with a bar for the bytes sent, watches the audience's keys being stored
 * until it is ready with its size, and deletes it after confirming. Simplifi is a beta module of the
 * master system: the system's staff make Northwind a tester first, as they would on Beta Features.
 */

const PEOPLE = 3000;
const emails = Array.from({ length: PEOPLE }, (_, i) => `Customer.${i}@Audience.Example`);

test.beforeAll(async ({ baseURL }) => {
  const api = await apiClient(baseURL ?? '');
  const root = await api.signIn(DEMO.master.rootUser.email);
  const simplifi = MODULE_CATALOGUE.simplifi.beta.featureId;
  const { features, agencies } = await api.call('GET', '/configuration/beta-features', undefined, root);
  const feature = features.find((f: { id: number }) => f.id === simplifi);
  const northwind = agencies.find((a: { company_name: string }) => a.company_name === DEMO.northwind.name);
  const testers = new Set<number>(feature.testers.map((t: { company_id: number }) => t.company_id));
  testers.add(northwind.company_id);
  await api.call(
    'PUT',
    `/configuration/beta-features/${simplifi}`,
    { is_beta: feature.is_beta, apply_to_all_agency: feature.apply_to_all_agency, testers: [...testers] },
    root,
  );
});

test('an agency uploads an audience CSV, sees it stored with its progress, and deletes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.northwind.owner.email);
  const listed = nextAnswer(page, 'GET', /^\/api\/leadspeek\/simplifi\/audience\/\d+$/);
  await page.goto('/audience');
  await listed;
  await expect(page.getByRole('heading', { name: 'Audiences' })).toBeVisible();

  await page.getByTestId('audience-upload-open').click();
  const modal = page.getByRole('dialog', { name: 'Upload an audience' });
  await expect(modal).toBeVisible();
  await modal.getByRole('textbox', { name: 'Whose audience' }).click();
  await page.getByRole('option', { name: new RegExp(`^${DEMO.northwind.name} \\(agency`) }).click();
  await modal.getByTestId('audience-name').fill('Spring customers');
  // Not a CSV: refused before anything is sent.
  await modal.locator('input[type="file"]').setInputFiles({
    name: 'customers.xlsx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('x'),
  });
  await modal.getByTestId('audience-upload-submit').click();
  await expect(modal.getByText(AUDIENCE_TEXTS.invalidFile)).toBeVisible();

  const csv = `Name,Email\n${emails.map((e, i) => `Customer ${i},${e}`).join('\n')}\nNobody,not an address\n`;
  await modal.locator('input[type="file"]').setInputFiles({
    name: 'Spring customers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  const uploaded = nextAnswer(page, 'POST', '/api/leadspeek/simplifi/audience/upload');
  await modal.getByTestId('audience-upload-submit').click();
  const answer = await (await uploaded).json();
  expect(answer.data).toMatchObject({ rows_read: PEOPLE + 1, keys_accepted: PEOPLE, bad_line_count: 1 });
  // The bytes-sent bar reached its end, and the answer says what was read.
  await expect(modal.getByTestId('audience-upload-progress')).toHaveAttribute('data-percentage', '100');
  await expect(modal.getByTestId('audience-upload-received')).toContainText(
    `spring_customers.csv: ${(PEOPLE + 1).toLocaleString('en-US')} rows read`,
  );
  await expect(modal.getByTestId('exclusion-bad-lines')).toContainText('Line');
  await modal.getByTestId('audience-upload-close').click();

  // The row shows where the storing stands until the audience is ready with its size.
  const id = answer.data.id as number;
  const row = page.getByTestId(`audience-row-${id}`);
  await expect(row).toContainText('Spring customers');
  await expect(page.getByTestId(`audience-status-${id}`)).toHaveText('Ready', { timeout: 60_000 });
  await expect(page.getByTestId(`audience-progress-${id}`)).toHaveCount(0);
  await expect(page.getByTestId(`audience-size-${id}`)).toHaveText(PEOPLE.toLocaleString('en-US'));
  // The addresses themselves are nowhere on the page.
  await expect(page.getByText('audience.example', { exact: false })).toHaveCount(0);
  await expectAccessible(page, 'audiences page');

  await page.getByTestId(`audience-delete-${id}`).click();
  await expect(page.getByText(AUDIENCE_TEXTS.deleteConfirm('Spring customers'))).toBeVisible();
  const deleted = nextAnswer(page, 'DELETE', `/api/leadspeek/simplifi/audience/${id}`);
  await page.getByTestId('confirm-yes').click();
  await deleted;
  await expect(page.getByText(AUDIENCE_TEXTS.deleted)).toBeVisible();
  await expect(row).toHaveCount(0);
});
