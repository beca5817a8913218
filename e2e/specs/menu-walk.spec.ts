import { DEMO } from '@app/db/demo';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/browser';

/**
 * Issue 9: a menu never offers what its guard refuses. Every demo user of the README signs in on their
 * host and opens every entry of their sidebar and of the System Settings dropdown; none may show the
 * 404 page, and no API call may fail on the way (a 401 is the 10-second token's refresh, not a failure).
 */
const nw = `${DEMO.northwind.subdomain}.localhost`;
const br = DEMO.brightreach.domain;
const coastal = `${DEMO.brightreach.agency.subdomain}.${DEMO.brightreach.domain}`;
const PEOPLE: [who: string, email: string, host: string][] = [
  ['system user', DEMO.master.rootUser.email, 'localhost'],
  ['sales representative', DEMO.master.sales.email, 'localhost'],
  ['account executive', DEMO.master.accountExecutive.email, 'localhost'],
  ['Northwind owner', DEMO.northwind.owner.email, nw],
  ['Northwind administrator', DEMO.northwind.administrator.email, nw],
  ['client Harbor Dental', DEMO.northwind.clients[0].contact.email, nw],
  ['client Cedar Home Services', DEMO.northwind.clients[1].contact.email, nw],
  ['Summit owner', DEMO.summit.owner.email, 'localhost'],
  ['client Peak Fitness', DEMO.summit.clients[0].contact.email, 'localhost'],
  ['BrightReach system user', DEMO.brightreach.rootUser.email, br],
  ['Coastal owner', DEMO.brightreach.agency.owner.email, coastal],
  ['client Bayview Realty', DEMO.brightreach.agency.client.contact.email, coastal],
];

/** Failed API answers and console errors, collected for the whole visit. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/') && response.status() >= 400 && response.status() !== 401)
      failures.push(`${response.request().method()} ${pathname} answered ${response.status()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 401/.test(message.text()))
      failures.push(`console: ${message.text()}`);
  });
  return failures;
}

const hrefs = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));

/** Lets a screen's calls answer; a screen that keeps polling is given up on after a few seconds. */
const settle = (page: Page) => page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});

async function expectScreen(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname.replace(/\/$/, '') === path.replace(/\/$/, ''));
  await settle(page);
  await expect(
    page.getByRole('heading', { name: 'Page Not Found' }),
    `${path} shows the 404 page`,
  ).toHaveCount(0);
}

for (const [who, email, host] of PEOPLE) {
  test(`${who} opens every entry of the sidebar and System Settings without a 404`, async ({
    page,
    baseURL,
  }) => {
    // One sign-in (a password hash) and up to a dozen screens, each waited to network idle.
    test.setTimeout(120_000);
    const origin = baseURL!.replace('localhost', host);
    const failures = watchFailures(page);
    await signIn(page, email, { origin });
    await expect(page).not.toHaveURL(/\/login/);
    // Attached, not visible: a user whose account offers no page yet has an empty sidebar.
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeAttached();
    await settle(page);

    const nav = 'nav[aria-label="Main menu"] a[href]';
    const sidebar = await hrefs(page, nav);
    for (const path of sidebar) {
      const link = page.locator(`${nav}[href="${path}"]`);
      // Module entries sit in collapsed groups: a collapsed link is opened by its address instead.
      if (await link.isVisible()) await link.click();
      else await page.goto(`${origin}${path}`);
      await expectScreen(page, path);
    }

    const settings = page.getByRole('button', { name: 'System Settings' });
    if ((await settings.count()) > 0) {
      await settings.click();
      await expect(page.getByRole('menu')).toBeVisible();
      const entries = await hrefs(page, '[role="menu"] a[href]');
      await page.keyboard.press('Escape');
      expect(entries.length).toBeGreaterThan(0);
      for (const path of entries) {
        await settings.click();
        await page.locator(`[role="menu"] a[href="${path}"]`).click();
        await expectScreen(page, path);
      }
    }
    expect(failures, `failures while ${who} walked the menus`).toEqual([]);
  });
}
