import { describe, expect, it } from 'vitest';
import { gif, jpeg, png, zip } from '../../../test/ad-creatives.js';
import { escapesFolder, imageFacts, sniffCreativeType, zipFacts } from './creative-content.js';

/* The creative readers (decision 0112): what a file is and how large, from its bytes alone. */

describe('sniffCreativeType and imageFacts', () => {
  it.each([
    ['PNG', png(300, 250), 'image/png', 300, 250],
    ['GIF', gif(728, 90), 'image/gif', 728, 90],
    ['JPEG', jpeg(160, 600), 'image/jpeg', 160, 600],
  ])('reads a %s and its size', (_name, bytes, type, width, height) => {
    expect(sniffCreativeType(bytes)).toBe(type);
    expect(imageFacts(bytes)).toEqual({ type, width, height });
  });

  it('knows a zip, and nothing else', () => {
    expect(sniffCreativeType(zip({ 'index.html': '<p>hi</p>' }))).toBe('application/zip');
    expect(sniffCreativeType(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffCreativeType(Buffer.alloc(0))).toBeNull();
    expect(imageFacts(zip({ 'index.html': '' }))).toBeNull();
  });

  it('refuses a truncated image rather than guessing its size', () => {
    expect(imageFacts(png(300, 250).subarray(0, 20))).toBeNull();
    expect(imageFacts(jpeg(300, 250).subarray(0, 12))).toBeNull();
  });
});

describe('zipFacts', () => {
  it('lists the entries of the central directory', () => {
    expect(zipFacts(zip({ 'index.html': '<p>ad</p>', 'img/logo.png': 'x' }))).toEqual({
      entries: ['index.html', 'img/logo.png'],
    });
  });

  it('refuses a zip whose directory is cut off or missing', () => {
    const whole = zip({ 'index.html': '<p>ad</p>' });
    expect(zipFacts(whole.subarray(0, whole.length - 30))).toBeNull();
    expect(zipFacts(png(10, 10))).toBeNull();
  });

  it('refuses more entries than an ad has', () => {
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`f${i}.txt`, '']));
    expect(zipFacts(zip(many))).toBeNull();
  });

  it.each([
    ['../evil.html', true],
    ['a/../../evil.html', true],
    ['/etc/passwd', true],
    ['C:\\x.html', true],
    ['index.html', false],
    ['img/a..b.png', false],
  ])('%s escapes the folder: %s', (name, escapes) => {
    expect(escapesFolder(name)).toBe(escapes);
  });
});
