import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord, csvText } from './csv-format.js';

describe('csv', () => {
  it('quotes per RFC 4180', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvRecord(['a', 1, 'b,c'])).toBe('a,1,"b,c"\r\n');
  });

  it('quotes a cell holding a semicolon (the separator of many locales) or any control character', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('a\rb')).toBe('"a\rb"');
    expect(csvCell('a\u0000b')).toBe('"a\u0000b"');
    expect(csvCell('a\u000bb')).toBe('"a\u000bb"');
    expect(csvCell('a\u007fb')).toBe('"a\u007fb"');
    expect(csvRecord(['x;y', 'p\tq'])).toBe('"x;y","p\tq"\r\n');
    expect(csvCell('Zoë Ångström (東京)')).toBe('Zoë Ångström (東京)');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe(`"'\t'=1"`);
    expect(csvCell('\r=1')).toBe(`"'\r'=1"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('defuses formula starts behind leading whitespace', () => {
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('  @SUM(A1)')).toBe("'  @SUM(A1)");
    expect(csvCell('\u00a0+1')).toBe("'\u00a0+1");
    expect(csvCell('\n-1+1')).toBe(`"'\n'-1+1"`);
    expect(csvCell(' plain')).toBe(' plain');
  });

  it('defuses a formula start after any separator a reader may split on, or a line break', () => {
    // Split on the semicolon (or the comma, ignoring the quotes), `a;=1+1` would be a cell `=1+1`.
    expect(csvCell('a;=1+1')).toBe(`"a;'=1+1"`);
    expect(csvCell('a,=1+1')).toBe(`"a,'=1+1"`);
    expect(csvCell('a\t+1')).toBe(`"a\t'+1"`);
    expect(csvCell('a|@SUM(A1)')).toBe("a|'@SUM(A1)");
    expect(csvCell('first line\n-2+3')).toBe(`"first line\n'-2+3"`);
    expect(csvCell('a\r\n=1')).toBe(`"a\r\n'=1"`);
    // Behind spaces, as at the cell's start; every separator of the cell, not only the first.
    expect(csvCell('a;  =1;b; @x')).toBe(`"a;'  =1;b;' @x"`);
    // A tab behind the separator is a separator itself: the quote goes after it.
    expect(csvCell('a;\t=1')).toBe(`"a;\t'=1"`);
    // At the start and after a separator alike.
    expect(csvCell('=1;=2')).toBe(`"'=1;'=2"`);
    // No formula start after the separator: as before.
    expect(csvCell('Smith, Jr.')).toBe('"Smith, Jr."');
    expect(csvCell('a|b')).toBe('a|b');
    // Whatever separator a reader splits on, no piece starts a formula.
    for (const cell of ['a;=1+1', 'x, -1', 'p|+q', 'l1\n@l2', 'a\t\t=b', ' ;=c', 'a;\u00a0=1'])
      for (const piece of csvCell(cell).split(/[,;|\t\r\n]/))
        expect(piece.replace(/^"/, ''), `${JSON.stringify(cell)}: ${JSON.stringify(piece)}`).not.toMatch(
          /^\s*[=+\-@]/,
        );
  });

  it('lets a cell through untouched only when neither rule applies (the one-test fast path)', () => {
    // The two rules written out separately, as they read in the module's comment.
    const formula = (t: string) => /^[\t\r]/.test(t) || /^\s*[=+\-@]/.test(t);
    const afterSeparator = (t: string) => t.replace(/([,;|\t\r\n])([^\S\t\r\n]*[=+\-@])/g, "$1'$2");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
    const quoted = (t: string) => /[",;\u0000-\u001f\u007f]/.test(t);
    const expected = (t: string) => {
      const safe = formula(t) ? `'${afterSeparator(t)}` : afterSeparator(t);
      return quoted(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
    };
    // Every character of the ASCII and Latin-1 ranges, the Unicode spaces \s knows, and a few more,
    // alone, first, behind spaces and inside plain text.
    const spaces = [
      '\u00a0',
      '\u1680',
      '\u2000',
      '\u200a',
      '\u2028',
      '\u2029',
      '\u202f',
      '\u205f',
      '\u3000',
      '\ufeff',
    ];
    const characters = [
      ...Array.from({ length: 256 }, (_, i) => String.fromCharCode(i)),
      ...spaces,
      '\u200b',
      '東',
      '😀',
    ];
    let checked = 0;
    for (const c of characters)
      for (const text of [
        c,
        `${c}1`,
        `${c}=1`,
        ` ${c}`,
        `  ${c}x`,
        `a${c}b`,
        `${spaces[0]}${c}`,
        `abc${c}`,
      ]) {
        expect(csvText(text), JSON.stringify(text)).toBe(expected(text));
        checked++;
      }
    expect(checked).toBeGreaterThan(2000);
    expect(csvText('')).toBe('');
    expect(csvText('2026-03-01T10:00:00.000Z')).toBe('2026-03-01T10:00:00.000Z');
    expect(csvText('0.50')).toBe('0.50');
  });
});
