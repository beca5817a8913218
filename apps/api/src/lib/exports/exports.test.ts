import type { Readable } from 'node:stream';
import { asCents } from '@app/contracts';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import {
  attachment,
  csvStream,
  type ExportRow,
  keysetBatches,
  oneByOne,
  rowBatches,
  sendExport,
  xlsxStream,
} from './index.js';
import { sheetName, xlsxValue } from './xlsx-writer.js';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

async function* from<T>(items: readonly T[]) {
  for (const item of items) yield item;
}

/** Rows 0..count-1, counting how many were pulled and whether the source was closed. */
function counted(count: number, width = 3) {
  const state = { pulled: 0, closed: false };
  async function* rows(): AsyncGenerator<ExportRow> {
    try {
      for (let i = 0; i < count; i++) {
        state.pulled++;
        yield Array.from({ length: width }, (_, c) => `row ${i} cell ${c} with some text`);
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, rows: rows() };
}

const COLUMNS = [{ title: 'A' }, { title: 'B' }, { title: 'C' }];
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('csvStream', () => {
  it('writes a BOM, the header and formula-safe RFC 4180 records', async () => {
    const text = (
      await bytesOf(
        csvStream(
          [{ title: 'Name' }, { title: 'Note' }, { title: 'Amount' }, { title: 'When' }],
          // Two batches: a batch's rows are written one after the other, batches in order.
          rowBatches(
            from<ExportRow[]>([
              [
                [
                  'Zoë',
                  '=HYPERLINK("http://x")',
                  { cents: asCents(123456) },
                  new Date('2026-03-01T10:00:00Z'),
                ],
                ['a,b', '+1', { cents: asCents(-5) }, null],
              ],
              [
                ['two\nlines', '@SUM(A1)', 0, undefined],
                ['\tTab', '-2', true, ''],
              ],
            ]),
          ),
        ),
      )
    ).toString('utf8');
    expect(text.split('\r\n')).toEqual([
      '\uFEFFName,Note,Amount,When',
      `Zoë,"'=HYPERLINK(""http://x"")",1234.56,2026-03-01T10:00:00.000Z`,
      `"a,b",'+1,-0.05,`,
      `"two\nlines",'@SUM(A1),0,`,
      `"'\tTab",'-2,true,`,
      '',
    ]);
  });

  it("writes an item's own CSV record when the source has one, and its cells otherwise", async () => {
    const people = [
      { name: 'Zoë', note: '=1+1' },
      { name: 'a,b', note: 'plain' },
    ];
    const cells = vi.fn((p: (typeof people)[number]): ExportRow => [p.name, p.note]);
    const direct = await bytesOf(
      csvStream([{ title: 'Name' }, { title: 'Note' }], {
        batches: from([people]),
        cells,
        csvRecord: (p) => `${p.name.length};${p.note.length}\r\n`,
      }),
    );
    expect(direct.toString('utf8')).toBe('\uFEFFName,Note\r\n3;4\r\n3;5\r\n');
    expect(cells).not.toHaveBeenCalled();
    const fromCells = await bytesOf(
      csvStream([{ title: 'Name' }, { title: 'Note' }], { batches: from([people]), cells }),
    );
    expect(fromCells.toString('utf8')).toBe(`\uFEFFName,Note\r\nZoë,'=1+1\r\n"a,b",plain\r\n`);
  });

  it('fails the stream when a row has the wrong number of cells', async () => {
    const stream = csvStream(COLUMNS, rowBatches(from<ExportRow[]>([[['a', 'b', 'c']], [['short']]])));
    await expect(bytesOf(stream)).rejects.toThrow('Export row 2 has 1 cells for 3 columns');
  });

  it('pulls rows only as fast as the reader takes bytes, and closes the source when the reader leaves', async () => {
    const { state, rows } = counted(1_000_000);
    const stream = csvStream(COLUMNS, oneByOne(rows));
    stream.once('readable', () => {}); // start, but never read
    await turns(50);
    // About one 64 KB chunk buffered (≈ 100 characters a row), nowhere near the million.
    expect(state.pulled).toBeGreaterThan(0);
    expect(state.pulled).toBeLessThan(5_000);
    stream.destroy();
    // Closing is asynchronous: wait for it rather than for a number of turns a busy machine may exceed.
    await vi.waitFor(() => expect(state.closed).toBe(true), { timeout: 10_000 });
  });
});

describe('xlsxStream', () => {
  it('writes a workbook that exceljs reads back: text stays text, money and dates typed', async () => {
    const bytes = await bytesOf(
      xlsxStream(
        'Leads: March/2026',
        [{ title: 'Name', width: 20 }, { title: 'Note' }, { title: 'Amount' }, { title: 'When' }],
        rowBatches(
          from<ExportRow[]>([
            [
              ['Zoë', '=1+1', { cents: asCents(123456) }, new Date('2026-03-01T10:00:00Z')],
              ['a\u0001b', '@SUM(A1)', 7, null],
            ],
            [['x'.repeat(40_000), '', true, undefined]],
          ]),
        ),
      ),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('Leads  March 2026');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Name', 'Note', 'Amount', 'When']);
    expect(sheet?.getRow(1).font?.bold).toBe(true);
    expect(sheet?.getColumn(1).width).toBe(20);
    const formulaLike = sheet?.getCell('B2');
    expect(formulaLike?.type).toBe(ExcelJS.ValueType.String);
    expect(formulaLike?.value).toBe('=1+1');
    expect(sheet?.getCell('C2').value).toBe(1234.56);
    expect(sheet?.getCell('C2').numFmt).toBe('#,##0.00');
    expect(sheet?.getCell('D2').value).toEqual(new Date('2026-03-01T10:00:00Z'));
    expect(sheet?.getCell('A3').value).toBe('a\ufffdb');
    expect(sheet?.getCell('B3').value).toBe('@SUM(A1)');
    expect(sheet?.getCell('D3').value).toBeNull();
    expect(String(sheet?.getCell('A4').value)).toHaveLength(32_767);
    expect(sheet?.getCell('C4').value).toBe(true);
    expect(sheet?.rowCount).toBe(4);
  });

  it('fails the stream when a row has the wrong number of cells', async () => {
    const stream = xlsxStream('S', COLUMNS, rowBatches(from<ExportRow[]>([[['a', 'b']]])));
    await expect(bytesOf(stream)).rejects.toThrow('Export row 1 has 2 cells for 3 columns');
  });

  it('waits for the reader before pulling more rows, and closes the source when the reader leaves', async () => {
    const { state, rows } = counted(1_000_000);
    const stream = xlsxStream('S', COLUMNS, oneByOne(rows));
    await turns(200);
    const early = state.pulled;
    await turns(200);
    // Nobody reads: the writer stopped after a bounded number of rows and stays stopped.
    expect(early).toBeLessThan(100_000);
    expect(state.pulled).toBe(early);
    stream.destroy();
    await vi.waitFor(() => expect(state.closed).toBe(true), { timeout: 10_000 });
  });

  it.each([
    ['Report', 1, 'Report'],
    ['a/b\\c?d*e[f]g:h', 1, 'a b c d e f g h'],
    ['', 1, 'Sheet'],
    ['x'.repeat(40), 1, 'x'.repeat(31)],
    ['x'.repeat(40), 2, `${'x'.repeat(27)} (2)`],
  ])('sheetName(%s, %i) → %s', (name, part, expected) => {
    expect(sheetName(name, part)).toBe(expected);
  });

  it('turns cells into values Excel can hold', () => {
    expect(xlsxValue(Number.NaN)).toBeNull();
    expect(xlsxValue(new Date('nope'))).toBeNull();
    expect(xlsxValue({ cents: asCents(1) })).toBe(0.01);
    expect(xlsxValue('\ud800x')).toBe('\ufffdx');
    expect(xlsxValue('😀')).toBe('😀');
  });
});

describe('keysetBatches', () => {
  const table = Array.from({ length: 25 }, (_, i) => ({ id: i + 1 }));
  const fetcher = (calls: (number | undefined)[]) => async (after: number | undefined, size: number) => {
    calls.push(after);
    return table.filter((r) => r.id > (after ?? 0)).slice(0, size);
  };
  const ids = (batch: readonly { id: number }[]) => batch.map((r) => r.id);

  it('reads every row by key, a batch at a time, and stops on a short batch', async () => {
    const calls: (number | undefined)[] = [];
    const batches = [];
    for await (const batch of keysetBatches(fetcher(calls), (r) => r.id, { size: 10 }))
      batches.push(ids(batch));
    expect(batches.flat()).toEqual(table.map((r) => r.id));
    expect(batches.map((b) => b.length)).toEqual([10, 10, 5]);
    expect(calls).toEqual([undefined, 10, 20]);
  });

  it('reads one batch ahead, not more, and honours the limit', async () => {
    const calls: (number | undefined)[] = [];
    const sizes: number[] = [];
    const source = keysetBatches(
      async (after: number | undefined, size: number) => {
        sizes.push(size);
        return fetcher(calls)(after, size);
      },
      (r) => r.id,
      { size: 10, limit: 12 },
    );
    const first = await source.next();
    expect(ids(first.value ?? [])).toHaveLength(10);
    // The second batch was asked for when the first arrived, before anyone took the first.
    expect(calls).toEqual([undefined, 10]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([undefined, 10]);
    const rest = [];
    for await (const batch of source) rest.push(...ids(batch));
    expect(rest).toEqual([11, 12]);
    expect(sizes).toEqual([10, 2]);
  });

  it('stops at an exact multiple with one empty read', async () => {
    const calls: (number | undefined)[] = [];
    let n = 0;
    for await (const batch of keysetBatches(fetcher(calls), (r) => r.id, { size: 5 })) n += batch.length;
    expect(n).toBe(25);
    expect(calls).toEqual([undefined, 5, 10, 15, 20, 25]);
  });

  it('lets a read ahead that fails after the reader left go unnoticed', async () => {
    let reads = 0;
    const source = keysetBatches(
      async (after: number | undefined) => {
        reads++;
        if (after !== undefined) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          throw new Error('connection lost');
        }
        return table.slice(0, 10);
      },
      (r) => r.id,
      { size: 10 },
    );
    await source.next();
    expect(reads).toBe(2);
    // The reader leaves while the second batch is on its way; its failure must not become an
    // unhandled rejection (vitest fails the run on one).
    await source.return(undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

  it('fails with the batch that failed when someone is waiting for it', async () => {
    const source = keysetBatches(
      async (after: number | undefined) => {
        if (after !== undefined) throw new Error('connection lost');
        return table.slice(0, 10);
      },
      (r) => r.id,
      { size: 10 },
    );
    await source.next();
    await expect(source.next()).rejects.toThrow('connection lost');
  });

  it('refuses a batch size that is not positive', async () => {
    await expect(keysetBatches(fetcher([]), (r) => r.id, { size: 0 }).next()).rejects.toThrow(RangeError);
  });
});

describe('sendExport', () => {
  async function serve(format: 'csv' | 'xlsx') {
    const app = Fastify();
    app.get('/x', (_request, reply) =>
      sendExport(reply, {
        format,
        baseName: 'leads-zoë "march"',
        columns: COLUMNS,
        rows: from<ExportRow>([['1', '2', '3']]),
        headers: { 'x-total-rows': '1' },
      }),
    );
    const response = await app.inject({ method: 'GET', url: '/x' });
    await app.close();
    return response;
  }

  it('sends CSV with its type, file name and no caching', async () => {
    const response = await serve('csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="leads-zo_ _march_.csv"; filename*=UTF-8''leads-zo%C3%AB%20%22march%22.csv`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-total-rows']).toBe('1');
    expect(response.body).toBe('\uFEFFA,B,C\r\n1,2,3\r\n');
  });

  it('sends Excel with its type and a readable workbook', async () => {
    const response = await serve('xlsx');
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toContain('.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getCell('C2').value).toBe('3');
  });

  it('names files safely for old clients', () => {
    expect(attachment('a\\b\r\nc.csv')).toBe(
      `attachment; filename="a_b__c.csv"; filename*=UTF-8''a%5Cb%0D%0Ac.csv`,
    );
  });
});
