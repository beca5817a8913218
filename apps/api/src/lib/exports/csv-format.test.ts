import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord } from './csv-format.js';

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
    expect(csvCell('a;=1+1')).toBe('"a;=1+1"');
    expect(csvCell('a\t=1+1')).toBe('"a\t=1+1"');
    expect(csvCell('a\r=1+1')).toBe('"a\r=1+1"');
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
    expect(csvCell('\t=1')).toBe(`"'\t=1"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('defuses formula starts behind leading whitespace', () => {
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('  @SUM(A1)')).toBe("'  @SUM(A1)");
    expect(csvCell('\u00a0+1')).toBe("'\u00a0+1");
    expect(csvCell('\n-1+1')).toBe(`"'\n-1+1"`);
    expect(csvCell(' plain')).toBe(' plain');
  });
});
