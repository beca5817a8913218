import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AudienceKeyKind } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { KeyCsvCounts } from '../../lib/key-uploads/index.js';
import { parseAudienceFile } from './audience-csv.js';

/* What an audience file's rows may hold (decision 0114): one kind per file, addresses never kept. */

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function read(text: string, kind: AudienceKeyKind) {
  const counts: KeyCsvCounts = { total: 0, accepted: 0, rejected: 0, badLines: [] };
  let copy = '';
  for await (const chunk of parseAudienceFile(Readable.from([Buffer.from(text)]), {
    id: 9,
    kind,
    limit: 100,
    counts,
  }))
    copy += chunk;
  return {
    counts,
    keys: copy
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('\t')[2]),
  };
}

describe('parseAudienceFile', () => {
  it('an e-mail file: the address column by its header, trimmed and lowercased, as MD5', async () => {
    const { counts, keys } = await read(
      'first,E-mail,phone\nJane, Jane@X.com ,555\nBob,bob@y.org,\n',
      'email',
    );
    expect(counts).toMatchObject({ total: 2, accepted: 2, rejected: 0 });
    expect(keys).toEqual([md5('jane@x.com'), md5('bob@y.org')]);
  });

  it('an e-mail file refuses hashes; an MD5 file refuses addresses and SHA-256, keeping no address', async () => {
    const hash = md5('a@b.com');
    const emails = await read(`${hash}\nc@d.com\n`, 'email');
    expect(emails.counts.badLines).toEqual([
      { line: 1, reason: 'Not an e-mail address; read as a header row naming no e-mail column', text: hash },
    ]);
    const hashes = await read(`${hash.toUpperCase()}\n"Jane <jane@x.com>",x\n${'a'.repeat(64)}\n`, 'md5');
    expect(hashes.keys).toEqual([hash]);
    expect(hashes.counts.badLines.map((b) => b.text)).toEqual(['Jane <[e-mail address]>,x', 'a'.repeat(64)]);
    expect(JSON.stringify(hashes.counts)).not.toContain('jane@x.com');
  });
});
