import { domainLookupParamsSchema, refuseControlCharacters } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainStringsCheck } from './plain-strings.js';

const params = z.object({
  name: z.string().min(2).max(5),
  code: z
    .string()
    .length(3)
    .regex(/^[a-z]+$/g),
});

const inputs: unknown[] = [
  { name: 'ab', code: 'xyz' },
  { name: 'abcde', code: 'xyz', extra: 'dropped' },
  { name: 'a', code: 'xyz' },
  { name: 'abcdef', code: 'xyz' },
  { name: 'ab', code: 'xy' },
  { name: 'ab', code: 'XYZ' },
  { name: 'a\tb', code: 'xyz' },
  { name: 'a\u007fb', code: 'xyz' },
  { name: 'ab' },
  { name: 12, code: 'xyz' },
  null,
  'ab',
];

describe('plainStringsCheck', () => {
  it('accepts exactly what the schema (with the control-character rule) accepts, and returns the same value', () => {
    const accept = plainStringsCheck(params);
    const zod = refuseControlCharacters(params);
    expect(accept).toBeDefined();
    for (const input of inputs) {
      const parsed = zod.safeParse(input);
      const plain = accept?.(input);
      // Accepted here: Zod accepts it with the same value. Not accepted: Zod decides (and refuses).
      if (plain) expect(parsed).toEqual({ success: true, data: plain });
      else expect(parsed.success).toBe(false);
    }
    // The global pattern's state does not leak from one test into the next.
    expect(accept?.({ name: 'ab', code: 'xyz' })).toEqual({ name: 'ab', code: 'xyz' });
  });

  it("covers the domain lookup's parameters", () => {
    const accept = plainStringsCheck(domainLookupParamsSchema);
    expect(accept?.({ domainorsub: 'northwind.localhost', hostID: 'northwind' })).toEqual({
      domainorsub: 'northwind.localhost',
      hostID: 'northwind',
    });
    expect(accept?.({ domainorsub: 'north_wind', hostID: 'north_wind' })).toBeUndefined();
    expect(accept?.({ domainorsub: 'x'.repeat(254), hostID: 'x' })).toBeUndefined();
  });

  it('leaves every other schema to Zod', () => {
    for (const schema of [
      z.object({ id: z.coerce.number() }),
      z.object({ name: z.string().trim() }),
      z.object({ email: z.email() }),
      z.object({ name: z.string().optional() }),
      z.object({ name: z.string().startsWith('a') }),
      z.strictObject({ name: z.string() }),
      z.looseObject({ name: z.string() }),
      z.object({ name: z.string() }).refine(() => false),
      z.string(),
    ])
      expect(plainStringsCheck(schema)).toBeUndefined();
  });
});
