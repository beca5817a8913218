import { AD_MEDIA_TEXTS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { gif, png } from '../../../test/ad-creatives.js';
import { adPage, html5AdOf, zipOf } from '../../../test/kits/ad-media-files.js';
import type { HttpError } from '../../http-errors.js';
import { checkHtml5Zip, declaredAdSize } from './html5-zip-check.js';
import { checkAdImage } from './image-check.js';

/** The refusal a check throws: status and message. */
async function refusal(check: Promise<unknown>) {
  const err = (await check.then(
    () => null,
    (e: unknown) => e,
  )) as HttpError | null;
  return err ? { status: err.statusCode, message: err.message } : null;
}

describe('image ads are checked by their bytes', () => {
  it('accepts a PNG and a GIF in an IAB size, with the type read from the content', async () => {
    expect(await checkAdImage(png(300, 250))).toEqual({ contentType: 'image/png', width: 300, height: 250 });
    expect(await checkAdImage(gif(728, 90))).toEqual({ contentType: 'image/gif', width: 728, height: 90 });
  });

  it('refuses other sizes, HTML, SVG and a ZIP, whatever they are called', async () => {
    expect(await refusal(checkAdImage(png(301, 250)))).toEqual({
      status: 400,
      message: AD_MEDIA_TEXTS.imageNotIab(301, 250),
    });
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    expect(await refusal(checkAdImage(html))).toEqual({ status: 400, message: AD_MEDIA_TEXTS.notImage });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="250"></svg>');
    expect(await refusal(checkAdImage(svg))).toEqual({ status: 400, message: AD_MEDIA_TEXTS.notImage });
    expect(await refusal(checkAdImage(html5AdOf()))).toEqual({
      status: 400,
      message: AD_MEDIA_TEXTS.notImage,
    });
  });

  it('refuses an image over 150 KB before reading it', async () => {
    const big = Buffer.concat([png(300, 250), Buffer.alloc(150 * 1024)]);
    expect(await refusal(checkAdImage(big))).toEqual({ status: 413, message: AD_MEDIA_TEXTS.imageTooLarge });
  });
});

describe('HTML5 ads are checked as ZIP archives', () => {
  it('accepts an archive with a top-level index.html declaring an IAB size', async () => {
    expect(await checkHtml5Zip(html5AdOf(160, 600))).toEqual({
      contentType: 'application/zip',
      width: 160,
      height: 600,
    });
  });

  it('refuses a PNG sent as an HTML5 ad', async () => {
    expect(await refusal(checkHtml5Zip(png(300, 250)))).toEqual({
      status: 400,
      message: AD_MEDIA_TEXTS.notZip,
    });
  });

  it('refuses names that leave the folder: ../, absolute, backslashes, links', async () => {
    const cases: [Record<string, string>, string[], string][] = [
      [{ 'index.html': adPage(300, 250), '../evil.html': 'x' }, [], '../evil.html'],
      [{ 'index.html': adPage(300, 250), 'a/../../evil.html': 'x' }, [], 'a/../../evil.html'],
      [{ 'index.html': adPage(300, 250), '/etc/evil': 'x' }, [], '/etc/evil'],
      [{ 'index.html': adPage(300, 250), 'dir\\evil.html': 'x' }, [], 'dir\\evil.html'],
      [{ 'index.html': adPage(300, 250), link: '/etc/passwd' }, ['link'], 'link'],
    ];
    for (const [entries, links, name] of cases) {
      const found = await refusal(checkHtml5Zip(zipOf(entries, links)));
      expect(found?.status, name).toBe(400);
      expect(found?.message, name).toMatch(/^The ZIP archive holds a file with a path that is not allowed/);
    }
  });

  it('refuses an archive without a top-level index.html, or whose page declares no or another size', async () => {
    expect(await refusal(checkHtml5Zip(zipOf({ 'ad/index.html': adPage(300, 250) })))).toEqual({
      status: 400,
      message: AD_MEDIA_TEXTS.zipNoIndex,
    });
    expect(await refusal(checkHtml5Zip(zipOf({ 'index.html': '<html></html>' })))).toEqual({
      status: 400,
      message: AD_MEDIA_TEXTS.zipNoSize,
    });
    expect(await refusal(checkHtml5Zip(zipOf({ 'index.html': adPage(250, 250) })))).toEqual({
      status: 400,
      message: AD_MEDIA_TEXTS.zipSizeNotIab(250, 250),
    });
  });

  it('refuses too many entries and archives that unpack too large (a bomb is refused unread)', async () => {
    const many: Record<string, string> = { 'index.html': adPage(300, 250) };
    for (let i = 0; i < 100; i++) many[`f${i}.txt`] = 'x';
    expect(await refusal(checkHtml5Zip(zipOf(many)))).toEqual({
      status: 400,
      message: AD_MEDIA_TEXTS.zipTooManyEntries,
    });
    const bomb = zipOf({ 'index.html': adPage(300, 250), 'zeros.bin': new Uint8Array(6 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(await refusal(checkHtml5Zip(bomb))).toEqual({
      status: 400,
      message: AD_MEDIA_TEXTS.zipUnpackedTooLarge,
    });
  });

  it('refuses a broken archive and one over 1 MB', async () => {
    const broken = html5AdOf().subarray(0, 60);
    expect((await refusal(checkHtml5Zip(broken)))?.status).toBe(400);
    const big = Buffer.concat([html5AdOf(), Buffer.alloc(1024 * 1024)]);
    expect(await refusal(checkHtml5Zip(big))).toEqual({ status: 413, message: AD_MEDIA_TEXTS.zipTooLarge });
  });
});

describe('declaredAdSize', () => {
  it('reads the ad.size meta tag in any attribute order and quoting', () => {
    expect(declaredAdSize('<meta name="ad.size" content="width=728,height=90">')).toEqual({
      width: 728,
      height: 90,
    });
    expect(declaredAdSize("<META content='height=600, width=160' NAME='AD.SIZE'/>")).toEqual({
      width: 160,
      height: 600,
    });
    expect(declaredAdSize('<meta name="viewport" content="width=300,height=250">')).toBeNull();
  });
});
