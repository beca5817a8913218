import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseUpload, UNNAMED_HEADER, type UploadCounts, UploadRowLimitError } from './upload-parser.js';

/* The upload's CSV reader (decision 0092): which rows count, their line numbers, the COPY lines. */

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function read(text: string | Buffer[], limit = 100) {
  const counts: UploadCounts = { total: 0, accepted: 0, rejected: 0, badLines: [] };
  let copy = '';
  const source = Readable.from(Array.isArray(text) ? text : [Buffer.from(text)]);
  for await (const chunk of parseUpload(source, 7, limit, counts)) copy += chunk;
  return { counts, copy };
}

describe('parseUpload', () => {
  it('numbers lines as the file has them: blank lines and quoted line breaks included', async () => {
    const { counts, copy } = await read('email\n"two\nlines",x\n\n  \nbad\r\nOK@X.com\n');
    expect(counts).toMatchObject({ total: 3, accepted: 1, rejected: 2 });
    expect(counts.badLines.map((b) => b.line)).toEqual([2, 6]);
    expect(copy).toBe(`7\t1\t${md5('ok@x.com')}\n`);
  });

  it('reads a header naming the column, and the first usable cell without one', async () => {
    expect((await read('name,md5\nJane,not-a-hash\n')).counts.rejected).toBe(1);
    const { copy } = await read('Jane,jane@example.com\n');
    expect(copy).toBe(`7\t1\t${md5('jane@example.com')}\n`);
  });

  it('reports a first line that names no column among the rejected: a stray line is not dropped unseen', async () => {
    const stray = await read('see attached list\njane@example.com\nbob@example.com\n');
    expect(stray.counts).toMatchObject({ total: 3, accepted: 2, rejected: 1 });
    expect(stray.counts.badLines).toEqual([{ line: 1, reason: UNNAMED_HEADER, text: 'see attached list' }]);
    // A file of one junk line holds one line and nothing usable: not "empty".
    expect((await read('junk\n')).counts).toMatchObject({ total: 1, accepted: 0, rejected: 1 });
    // A header that names the column is a header, not a rejected line.
    expect((await read('Email\njane@example.com\n')).counts).toMatchObject({ total: 1, rejected: 0 });
  });

  it('reads a file split anywhere across chunks, BOM included', async () => {
    const text = Buffer.from('\ufeffa@example.com\r\nb@example.com\r\n');
    const { counts } = await read([text.subarray(0, 2), text.subarray(2, 17), text.subarray(17)]);
    expect(counts).toMatchObject({ total: 2, accepted: 2, rejected: 0 });
  });

  it('stops past the limit', async () => {
    await expect(read('a@x.com\nb@x.com\nc@x.com\n', 2)).rejects.toBeInstanceOf(UploadRowLimitError);
  });
});
