import { DEMO } from '@app/db/demo';
import { expect, test } from '../support/test';

const hexToRgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

test('/ redirects to /login on a clean build', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('The page you requested could not be found.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the master host shows the system's name", async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByTestId('brand-name').first()).toHaveText(DEMO.master.root.name);
  await expect(page).toHaveTitle(new RegExp(DEMO.master.root.name));
});

test("the agency subdomain shows that agency's name and colours", async ({ page, baseURL }) => {
  const port = new URL(baseURL ?? '').port;
  await page.goto(`http://${DEMO.northwind.subdomain}.localhost:${port}/privacy-policy`);
  await expect(page.getByTestId('brand-name').first()).toHaveText(DEMO.northwind.name);
  const root = page.getByTestId('app-root');
  await expect(root).toHaveAttribute('data-sidebar-color', DEMO.northwind.branding.sidebar_bgcolor);
  await expect(root).toHaveCSS('background-color', hexToRgb(DEMO.northwind.branding.template_bgcolor));
  await expect(page).toHaveTitle(new RegExp(DEMO.northwind.name));
  await expect(page.getByRole('img', { name: `${DEMO.northwind.name} logo` })).toBeVisible();
});

test("the second system's host shows its own branding", async ({ page, baseURL }) => {
  const port = new URL(baseURL ?? '').port;
  await page.goto(`http://${DEMO.brightreach.domain}:${port}/term-of-use`);
  await expect(page.getByTestId('brand-name').first()).toHaveText(DEMO.brightreach.root.name);
  await expect(page.getByTestId('app-root')).toHaveCSS(
    'background-color',
    hexToRgb(DEMO.brightreach.branding.template_bgcolor),
  );
  await expect(page.getByText(DEMO.brightreach.root.legalName).first()).toBeVisible();
});

test('the theme toggle survives a reload', async ({ page }) => {
  await page.goto('/login');
  const html = page.locator('html');
  const before = await html.getAttribute('data-mantine-color-scheme');
  await page.getByRole('button', { name: 'Toggle color scheme' }).click();
  const after = before === 'dark' ? 'light' : 'dark';
  await expect(html).toHaveAttribute('data-mantine-color-scheme', after);
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', after);
});

for (const [path, title] of [
  ['/privacy-policy', 'Privacy Policy'],
  ['/term-of-use', 'Terms of Use'],
  ['/service-billing-agreement', 'Service Billing Agreement'],
  ['/marketing-services-agreement-developer', 'Marketing Services Agreement (Developer)'],
] as const) {
  test(`${path} renders the server's document`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText(DEMO.master.root.legalName).first()).toBeVisible();
  });
}

test("a document that fails to load shows 'Document Not Available' and recovers with Try Again", async ({
  page,
}) => {
  let fail = true;
  await page.route('**/api/document/agreement*', (route) =>
    fail ? route.fulfill({ status: 503, body: '{}' }) : route.continue(),
  );
  await page.goto('/term-of-use');
  await expect(page.getByText('Document Not Available')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'Terms of Use' })).toBeVisible();
});

test('a guarded route sends a visitor to /login', async ({ page }) => {
  await page.goto('/configuration/agency-list');
  await expect(page).toHaveURL(/\/login$/);
});

test("the sign-in page's links open the full app there, and Back returns to the form", async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
});
