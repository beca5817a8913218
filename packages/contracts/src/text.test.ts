import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ID_NOT_FOUND, INT32_MAX, idOrZeroSchema, idParamSchema, idSchema } from './ids.js';
import {
  CONTROL_CHARACTER_TEXT,
  controlCharacterIssues,
  MULTILINE_CONTROL_CHARACTER_TEXT,
  multilineText,
  refuseControlCharacters,
} from './text.js';

describe('control characters in request text', () => {
  const schema = z.strictObject({
    name: z.string().trim(),
    body: multilineText(z.string().max(100)).default(''),
    tags: z.array(z.string()).optional(),
    answers: z.record(z.string(), z.string()).optional(),
    nested: z.object({ note: multilineText(z.string()).optional(), title: z.string() }).optional(),
  });
  const issues = (value: unknown) => controlCharacterIssues(schema, value);

  it('refuses every C0 control and DEL in single-line text, and nothing else', () => {
    for (let code = 0; code < 0x20; code++)
      expect(issues({ name: `a${String.fromCharCode(code)}b` }), `U+${code.toString(16)}`).toEqual([
        { path: ['name'], message: CONTROL_CHARACTER_TEXT },
      ]);
    expect(issues({ name: 'a\u007fb' })).toHaveLength(1);
    expect(issues({ name: 'Zoë — 東京 ✓ \u00a0 \u0080' })).toEqual([]);
  });

  it('lets multi-line text keep tabs and line breaks, not other controls', () => {
    expect(issues({ name: 'x', body: 'one\r\n\ttwo\n' })).toEqual([]);
    expect(issues({ name: 'x', nested: { title: 't', note: 'a\nb' } })).toEqual([]);
    expect(issues({ name: 'x', body: 'one\u0000' })).toEqual([
      { path: ['body'], message: MULTILINE_CONTROL_CHARACTER_TEXT },
    ]);
    expect(issues({ name: 'x', nested: { title: 'a\nb' } })).toEqual([
      { path: ['nested', 'title'], message: CONTROL_CHARACTER_TEXT },
    ]);
  });

  it('looks into arrays and records, keys included', () => {
    expect(issues({ name: 'x', tags: ['ok', 'b\u0007ad'] }).map((i) => i.path)).toEqual([['tags', 1]]);
    expect(issues({ name: 'x', answers: { 'q\u0000': 'a', q2: 'b\tc' } }).map((i) => i.path)).toEqual([
      ['answers', 'q\u0000'],
      ['answers', 'q2'],
    ]);
  });

  it('refuses through the schema, with the field named', () => {
    const checked = refuseControlCharacters(schema);
    expect(checked.safeParse({ name: '  fine  ', body: 'a\nb' }).data).toEqual({
      name: 'fine',
      body: 'a\nb',
    });
    const failed = checked.safeParse({ name: 'bad\u0000' });
    expect(failed.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['name'], CONTROL_CHARACTER_TEXT],
    ]);
  });
});

describe('ids', () => {
  it('are positive int32; a number beyond names no row (ID_NOT_FOUND)', () => {
    expect(idSchema.parse(1)).toBe(1);
    expect(idSchema.parse(INT32_MAX)).toBe(INT32_MAX);
    expect(idParamSchema.parse(String(INT32_MAX))).toBe(INT32_MAX);
    expect(idOrZeroSchema.parse(0)).toBe(0);
    for (const n of [0, -1, 2 ** 31, 2 ** 53 - 1])
      expect(idSchema.safeParse(n).error?.issues.map((i) => i.message)).toContain(ID_NOT_FOUND);
    expect(idParamSchema.safeParse('2147483648').error?.issues.map((i) => i.message)).toEqual([ID_NOT_FOUND]);
    expect(idSchema.safeParse('1').success).toBe(false);
    expect(idSchema.safeParse(1.5).error?.issues.map((i) => i.message)).not.toContain(ID_NOT_FOUND);
  });
});
