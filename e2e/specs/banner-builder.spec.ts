import { IAB_SIZES } from '@app/contracts';
import { DEMO } from '@app/db/demo';
import { expectAccessible } from '../support/accessibility';
import { nextAnswer, signIn } from '../support/browser';
import { expect, test } from '../support/test';

/*
 * Issue 24 (decision 0113): an agency builds a display ad from its branding, a headline, a text, a
 * picture and a call to action, sees it live in all five IAB sizes while typing, saves it, downloads
 * one size as a PNG the server rendered (a real PNG of exactly that size), and finds it in its list.
 */

/** A 64×48 PNG (an orange field with a green disc). */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAYAAAChS3wfAAACYklEQVR4nO2ZMUjkQBSGX5Jd4bjzjoMDuYOD40QRBAsLW0VLCy0VtbAQtNTCVmwtbBW0EkVLLSwVbS0sBEEURRAUQRB1xWI3ie+PRBZRWHfeTAKZr9jMpnvfvDd5M+MUloZDyjBWgBVgBVgBVgA/M4sVYFLAbvCddsMfdBXm6YE8Og6/8FuiRueJasmn306R2p07anfv+a0ZtAu4DGtoMaiLgkfQlQAZkDDuXUZjnWgVsODX0Vrwq+LA34Lg+9wbGvGu+Z8etAhAwGOl/68prgpKZC53FgmRRlwAgkbwkCAJgocEyJBEVACC7i02RU8dQMJ6/ih6SiEmAEFj5pEBOkEGLOdOeCSDmAAseAu82ptgxL0WWxhFBOBTN1RqiLLABCgBqVIQETDt/6XN4CePzNHt3tKUd8EjNUQEdBWbjc1+DGZ/K3/IIzWUBexwhzfp/6MkmPHOqYM7RhWUBSSR/jHoEie4XVZBWcBoqZ72w688Mk+r80jzuVMeVY+ygEFe/XV/+z9CoidQFtBWbOHf5NjLH/Bv9VgBqgIGuAROEiqBBi6BlaRLIPOLYOY/g5lvhEAnt8IFw63wN26Ft9PQCoMkyiBVmyFshHr4JMhUFmD2N9K0HQaZPhCJMdETSHz7yxEVoLsUJFM/RlQAwMZolA9HpSUg+Pm0H4vHIBMgQaockPYIXnLmY7QIiMHCuMpXY9VmA2a9n7s9qQXvPbQKAMiGWf9PdDlaqQgEjstRtLk6Zr0c7QLKQdv8cj1ew2Lc1xJBitdSENV3q1NQbm8/g1EBacQKsAKsACvACuBnZsm8gGdJjHFgZJ0XIAAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG's signature and its IHDR's width and height. */
function pngSize(bytes: Buffer) {
  const signature = bytes
    .subarray(0, 8)
    .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { signature, width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('an agency builds a banner, sees it in every size, saves it and downloads a PNG', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.northwind.owner.email);
  await page.goto('/banner/create');
  await expect(page.getByRole('heading', { name: 'Create banner' })).toBeVisible();

  // The live preview: every IAB size at its own pixels, showing what is typed as it is typed.
  await page.getByTestId('banner-name').fill('Spring cleaning');
  await page.getByTestId('banner-headline').fill('Spring cleaning, 30% off');
  await page.getByTestId('banner-text').fill('Book before May 31 and smile brighter this summer.');
  await page.getByTestId('banner-cta').fill('Book now');
  await page.getByTestId('banner-clickUrl').fill('https://harbor.example.com/spring');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'smile.png', mimeType: 'image/png', buffer: PICTURE });
  await expect(page.getByTestId('banner-picture-name')).toHaveText('smile.png');
  for (const size of IAB_SIZES) {
    const preview = page.getByTestId(`banner-preview-${size.key}`);
    await expect(preview).toBeVisible();
    const box = await preview.boundingBox();
    expect([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)], size.key).toEqual([
      size.width,
      size.height,
    ]);
    await expect(preview.locator('[data-role="headline"]')).toHaveText('Spring cleaning, 30% off');
    await expect(preview.locator('[data-role="cta"]')).toHaveText('Book now');
    await expect(preview.locator('img')).toHaveCount(1);
  }
  // The mobile banner has room for the headline only.
  await expect(page.getByTestId('banner-preview-320x50').locator('[data-role="text"]')).toHaveCount(0);
  await expect(page.getByTestId('banner-preview-300x600').locator('[data-role="text"]')).toHaveText(
    'Book before May 31 and smile brighter this summer.',
  );

  // Saving stores the banner and its picture; the builder now shows the saved banner.
  const saved = nextAnswer(page, 'POST', '/api/banner/startbannercreate');
  const pictured = nextAnswer(page, 'POST', '/api/banner/image');
  await page.getByTestId('banner-save').click();
  const id = (await (await saved).json()).data.id as number;
  expect((await (await pictured).json()).data.image).toEqual({
    content_type: 'image/png',
    width: 64,
    height: 48,
  });
  await expect(page).toHaveURL(new RegExp(`/banner/create\\?id=${id}$`));
  await expect(page.getByRole('heading', { name: 'Spring cleaning' })).toBeVisible();
  await expect(page.getByTestId('banner-picture-name')).toHaveText('Saved picture');

  // A size's PNG, rendered by the server from the saved banner.
  const download = page.waitForEvent('download');
  await page.getByTestId('banner-export-728x90').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Spring cleaning-728x90.png');
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  expect(pngSize(await readFile(path))).toEqual({ signature: true, width: 728, height: 90 });

  await expectAccessible(page, 'banner builder');

  // The list shows it, with its preview.
  await page.goto('/banner/list');
  const row = page.getByTestId(`banner-row-${id}`);
  await expect(row).toContainText('Spring cleaning');
  await expect(row.getByTestId('banner-preview-300x250')).toBeVisible();
});
