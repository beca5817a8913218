import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type PixelPageView, pixelPageViewSchema } from '@app/contracts';
import type { Request } from '@playwright/test';
import { expect, test } from '../support/test';

/*
 * The pixel on a client's site (decision 0042): a page on another origin (a tiny server inside this
 * test, on 127.0.0.1) carries the embed code pointing at the product's /px.js, twice, as pages
 * sometimes do. Chromium must send one page view per page to /api/px/v with a body the pixel
 * endpoint's contract accepts, one more for a single-page-app navigation, log no error and set no
 * cookie. The endpoint itself belongs to the campaigns module: here the test answers it.
 */

const CAMPAIGN = '27182818';

let site: Server;
let siteOrigin = '';

test.beforeAll(async ({ baseURL }) => {
  const snippet = `<script async src="${baseURL}/px.js" data-campaign-id="${CAMPAIGN}"></script>`;
  site = createServer((req, res) => {
    if (req.url === '/favicon.ico') return void res.writeHead(204).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><title>Harbor Shop</title>${snippet}</head><body><h1>Harbor Shop</h1>${snippet}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => site?.close(() => resolve()));
});

test('the pixel reports page views from a client site, without cookies or errors', async ({
  page,
  context,
  baseURL,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  const views: PixelPageView[] = [];
  const requests: Request[] = [];
  await page.route('**/api/px/v', async (route) => {
    requests.push(route.request());
    views.push(pixelPageViewSchema.parse(JSON.parse(route.request().postData() ?? '')));
    await route.fulfill({ status: 204 });
  });

  await page.goto(`${siteOrigin}/products?utm_source=ad`);
  await expect.poll(() => views.length).toBe(1);
  expect(requests[0]?.method()).toBe('POST');
  expect(requests[0]?.url()).toBe(`${baseURL}/api/px/v`);
  const [first] = views;
  expect(first).toEqual({
    campaignId: CAMPAIGN,
    url: `${siteOrigin}/products?utm_source=ad`,
    referrer: '',
    visitorId: expect.stringMatching(/^[0-9a-f]{32}$/),
  });
  // The visitor id is the site's own, in its localStorage.
  expect(await page.evaluate(() => localStorage.getItem('lo_px_vid'))).toBe(first?.visitorId);

  // A single-page app moves on: one more view, the previous page as its referrer.
  await page.evaluate(() => history.pushState({}, '', '/checkout'));
  await expect.poll(() => views.length).toBe(2);
  expect(views[1]).toEqual({
    ...first,
    url: `${siteOrigin}/checkout`,
    referrer: `${siteOrigin}/products?utm_source=ad`,
  });

  // A new page load keeps the visitor.
  await page.goto(`${siteOrigin}/cart`);
  await expect.poll(() => views.length).toBe(3);
  expect(views[2]?.visitorId).toBe(first?.visitorId);

  expect(await context.cookies()).toEqual([]);
  expect(problems).toEqual([]);
});
