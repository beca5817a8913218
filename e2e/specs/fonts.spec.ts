import { DEMO } from '@app/db/demo';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

/** The woff2 files the page fetched, by font file name (e.g. `poppins-latin-400-normal`). */
function fontRequests(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const match = /\/([a-z0-9-]+-latin-\d00-normal)[^/]*\.woff2$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) names.push(match[1]);
  });
  return names;
}

/** Waits until the document holds a loaded face of `family` and the heading is drawn in it. */
async function expectDrawnIn(page: Page, family: string) {
  const heading = page.getByRole('heading', { name: 'Sign In' });
  await expect(heading).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate((name) => {
        let loaded = false;
        document.fonts.forEach((face) => {
          if (face.family.replace(/"/g, '') === name && face.status === 'loaded') loaded = true;
        });
        return loaded;
      }, family),
    )
    .toBe(true);
  expect(
    await heading.evaluate((el) => getComputedStyle(el).fontFamily.split(',')[0]?.replace(/"/g, '').trim()),
  ).toBe(family);
  // True only when the faces for this text are loaded (a family with no faces at all would make this
  // a system-font lookup, which the check above rules out). The bold face may arrive after the first
  // face the poll above saw, so this waits for it too.
  await expect
    .poll(() => page.evaluate((name) => document.fonts.check(`700 16px "${name}"`), family))
    .toBe(true);
}

test("the master host's sign-in page is drawn in Poppins, its chosen font, served by the app", async ({
  page,
}) => {
  const fetched = fontRequests(page);
  await page.goto('/login');
  await expectDrawnIn(page, 'Poppins');
  expect(fetched.length).toBeGreaterThan(0);
  expect(fetched.every((name) => name.startsWith('poppins-'))).toBe(true);
});

test("an agency's host loads only its own font (Montserrat), not the default one", async ({
  page,
  baseURL,
}) => {
  const port = new URL(baseURL ?? '').port;
  const fetched = fontRequests(page);
  await page.goto(`http://${DEMO.northwind.subdomain}.localhost:${port}/login`);
  await expectDrawnIn(page, DEMO.northwind.branding.font_theme);
  expect(fetched.length).toBeGreaterThan(0);
  expect(fetched.every((name) => name.startsWith('montserrat-'))).toBe(true);
});
