import { pixelPageViewSchema, refuseControlCharacters } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { plainPageView } from './pixel-view-check.js';

/*
 * The plain check against the route's schema as the route validates it (wrapped in the
 * control-character refinement): for every input, the check accepts it exactly when Zod does, and
 * returns what Zod returns. Inputs: the endpoint test's bad bodies, the edges of every rule, control
 * characters in every field, and every combination of a few values per field.
 */

const zod = refuseControlCharacters(pixelPageViewSchema);

const good = {
  campaignId: '12345678',
  url: 'https://client-site.example/pricing',
  referrer: '',
  visitorId: 'v_abc-123-visitor-0001',
};
const view = (overrides: Record<string, unknown> = {}) => ({ ...good, ...overrides });
const without = (key: keyof typeof good) => {
  const { [key]: _dropped, ...rest } = good;
  return rest;
};
const longUrl = (length: number) => `https://a.example/${'x'.repeat(length - 'https://a.example/'.length)}`;

const campaignIds: unknown[] = [
  '12345678',
  '00000000',
  '1234567',
  '123456789',
  '1234567a',
  12345678,
  '',
  null,
];
const urls: unknown[] = [
  'https://client-site.example/pricing',
  'http://a.example',
  'HTTPS://A.EXAMPLE/Path?q=1#top',
  'https://a.example/a b',
  'https://exa mple.example/',
  'https://xn--bcher-kva.example/',
  'https://bücher.example/',
  'https://[::1]:8080/',
  'https://999.0.0.1/',
  'http://',
  'https://',
  'https://a.example/\tpage',
  'https://a.example/\npage',
  'https://a.example/\u007f',
  'ftp://client-site.example/',
  'javascript:alert(1)',
  'client-site',
  '',
  longUrl(2048),
  longUrl(2049),
  42,
  null,
];
const referrers: unknown[] = [
  '',
  'https://search.example/?q=a',
  'android-app://x',
  'r'.repeat(2049),
  'https://search.example/\r',
  ' ',
  42,
  null,
  undefined,
];
const visitorIds: unknown[] = [
  'v_abc-123-visitor-0001',
  'a'.repeat(16),
  'a'.repeat(15),
  'v'.repeat(64),
  'v'.repeat(65),
  '',
  'a b-visitor-00001',
  '<script>visitor-0',
  'visitor-00000001\n',
  'visitör-000000001',
  7,
];

const edgeCases: unknown[] = [
  'hello',
  null,
  [1, 2],
  ['a', 'b', 'c', 'd'],
  '"cid"',
  12,
  {},
  view(),
  view({ extra: 1 }),
  view({ extra: undefined }),
  without('campaignId'),
  without('url'),
  without('referrer'),
  without('visitorId'),
  { ...without('visitorId'), visitor: 'v_abc-123-visitor-0001' },
  JSON.parse(
    `{"campaignId":"12345678","url":"https://a.example/","referrer":"","visitorId":"v_abc-123-visitor-0001","__proto__":{}}`,
  ),
  JSON.parse(
    `{"campaignId":"12345678","url":"https://a.example/","referrer":"","__proto__":"v_abc-123-visitor-0001"}`,
  ),
  { url: 'https://a.example/', visitorId: 'v1-visitor-000001' },
  view({ campaignId: '1234567\n' }),
  view({ campaignId: '١٢٣٤٥٦٧٨' }),
  view({ referrer: longUrl(2048) }),
  view({ referrer: longUrl(2049) }),
];

function sameAsZod(input: unknown) {
  const parsed = zod.safeParse(input);
  const plain = plainPageView(input);
  if (parsed.success) expect(plain, JSON.stringify(input)).toEqual(parsed.data);
  else expect(plain, JSON.stringify(input)).toBeUndefined();
  return parsed.success;
}

describe('plainPageView', () => {
  it('accepts exactly what the schema accepts, and returns the same value (edge cases)', () => {
    let accepted = 0;
    for (const input of edgeCases) if (sameAsZod(input)) accepted += 1;
    // Two are valid (the plain view, a referrer of exactly 2,048 characters): both sides are tried.
    expect(accepted).toBe(2);
  });

  it('agrees with the schema on every combination of field values', () => {
    let accepted = 0;
    let refused = 0;
    for (const campaignId of campaignIds)
      for (const url of urls)
        for (const referrer of referrers)
          for (const visitorId of visitorIds) {
            if (sameAsZod({ campaignId, url, referrer, visitorId })) accepted += 1;
            else refused += 1;
          }
    expect(accepted).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(1000);
  });

  it('returns a new object with the four fields only', () => {
    const input = view({ referrer: 'https://search.example/' });
    const value = plainPageView(input);
    expect(value).toEqual(input);
    expect(value).not.toBe(input);
  });
});
