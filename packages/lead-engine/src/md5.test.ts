import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5Hex } from './md5.js';

const nodeMd5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

describe('md5Hex', () => {
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      '57edf4a22be3c955ac49da2e2107b67a',
    ],
  ])('RFC 1321 test suite: %j', (text, expected) => {
    expect(md5Hex(text)).toBe(expected);
  });

  it('agrees with node:crypto at every length around the padding boundaries and on non-ASCII text', () => {
    for (let length = 0; length <= 130; length++) {
      const text = 'x'.repeat(length);
      expect(md5Hex(text)).toBe(nodeMd5(text));
    }
    for (const text of ['josé@example.com', 'ünïcödé', '名前@例え.jp', '😀@emoji.example'])
      expect(md5Hex(text)).toBe(nodeMd5(text));
  });
});
