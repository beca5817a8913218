import { asMicros } from '@app/contracts';
import { sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { insertCampaign, insertLead } from '../../../test/kits/campaigns.js';
import { csvRecordOf } from '../../lib/exports/index.js';
import { leadExportColumns, leadExportItems } from './lead-export.js';
import { createLeadExportRepository } from './lead-export-repository.js';
import type { LeadFilter } from './lead-filter-sql.js';
import type { Viewer } from './lead-scope.js';

let rt: TestRuntime;
let campaignId: number;

/**
 * Leads sharing a millisecond (told apart by their microseconds) and leads sharing an instant (told
 * apart by their ids) are where a batch key can skip or repeat a lead; the first name says which
 * lead a row is: `L<order>`, newest first.
 */
const INSTANTS = [
  '2026-03-01 10:00:00.123999+00',
  '2026-03-01 10:00:00.123402+00',
  '2026-03-01 10:00:00.123402+00',
  '2026-03-01 10:00:00.123402+00',
  '2026-03-01 10:00:00.123401+00',
  '2026-03-01 10:00:00.122+00',
  '2026-02-28 23:59:59.999999+00',
  '2026-02-28 23:59:59.999999+00',
  '2026-01-15 08:30:00+00',
  '2025-12-31 00:00:00.000001+00',
  '2025-12-30 12:00:00+00',
];

/** Text a CSV writer must quote or defuse, in every kind of cell a lead has. */
const AWKWARD = [
  '=HYPERLINK("http://evil.example","x")',
  'Smith, Jr.',
  'say "hi"',
  'two\nlines',
  '\t-1',
  ' @SUM(A1)',
  'a;b',
  'a;=1+1',
  'Zoë Ångström (東京) 😀',
  '',
  '+1 555 0100',
];
const awkward = (i: number) => AWKWARD[i % AWKWARD.length] ?? '';

beforeAll(async () => {
  rt = await startTestRuntime();
  const db = rt.database.db;
  const campaign = await insertCampaign(db, {
    name: `Export "${Math.random().toString(36).slice(2, 7)}", =1+1`,
    hidePhone: true,
  });
  campaignId = campaign.id;
  // Inserted oldest first, so among leads of one instant the newer id is the later name.
  for (let i = INSTANTS.length - 1; i >= 0; i--) {
    const lead = await insertLead(db, campaign, {
      firstName: `L${String(i).padStart(2, '0')}`,
      lastName: awkward(i),
      emails: [awkward(i + 1)],
      phones: [awkward(i + 9)],
      street: awkward(i + 2),
      city: awkward(i + 3),
      state: awkward(i + 4),
      zip: awkward(i + 5),
      company: { name: awkward(i + 6), title: awkward(i + 7) },
      // Every other lead carries advanced information (decision 0093); the rest read none.
      advanced: i % 2 === 0 ? { homeowner: awkward(i), age_range: '35-44', not_a_field: 'x' } : {},
      pageUrl: awkward(i + 8),
      keyword: awkward(i + 3),
      clientPriceMicros: asMicros(1_250_000 + i),
    });
    await db.execute(sql`update leads set created_at = ${INSTANTS[i]}::timestamptz where id = ${lead.id}`);
  }
});
afterAll(() => rt?.close());

const filter = (): LeadFilter => ({
  scope: { kind: 'campaign', id: campaignId },
  search: '',
  timeZone: 'UTC',
  viewerIsClient: false,
});

/** Every lead of the campaign as the download reads it: its cells and its CSV record. */
async function download(size: number, viewer: Viewer = 'root') {
  const items = leadExportItems(createLeadExportRepository(rt.database.db), filter(), viewer, size);
  const rows = [];
  for await (const batch of items.batches)
    for (const lead of batch) rows.push({ cells: items.cells(lead), csv: items.csvRecord?.(lead) });
  return rows;
}

describe('lead download reading', () => {
  it('reads every lead once, newest first, across batch edges inside one millisecond and one instant', async () => {
    const whole = await download(100);
    expect(whole.map((r) => r.cells[4])).toEqual(INSTANTS.map((_, i) => `L${String(i).padStart(2, '0')}`));
    for (const size of [1, 2, 3, 4]) expect(await download(size), `batches of ${size}`).toEqual(whole);
  });

  it('writes the stored time to the millisecond (cut, not rounded) and the prices as dollar strings', async () => {
    const [first] = await download(1);
    expect(first?.cells[0]).toEqual(new Date('2026-03-01T10:00:00.123Z'));
    // Client price, wholesale, root fee: the root's columns.
    expect(first?.cells.slice(18)).toEqual(['1.25', '0.30', '0.05']);
  });

  it('writes the advanced information in one cell, labelled, in catalogue order; none for a lead without', async () => {
    const rows = await download(3);
    expect(leadExportColumns('agency')[14]?.title).toBe('Advanced Information');
    expect(rows[0]?.cells[14]).toBe(`Age Range: 35-44; Homeowner: ${awkward(0)}`);
    expect(rows[1]?.cells[14]).toBe('');
    expect(rows[2]?.cells[14]).toBe(`Age Range: 35-44; Homeowner: ${awkward(2)}`);
  });

  it.each(['client', 'agency', 'root'] as const)(
    'writes each CSV record as the CSV writer writes the cells, for the %s',
    async (viewer) => {
      const rows = await download(4, viewer);
      for (const row of rows) {
        expect(row.cells).toHaveLength(leadExportColumns(viewer).length);
        expect(row.csv).toBe(csvRecordOf(row.cells));
      }
      const phones = rows.map((r) => r.cells[7]);
      // The campaign hides phones from its client only.
      if (viewer === 'client') expect(phones.every((p) => p === '')).toBe(true);
      else expect(phones).toContain('+1 555 0100');
      const csv = rows.map((r) => r.csv).join('');
      expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
      // Whatever separator a spreadsheet splits on, or if it ignores the quotes: no formula starts.
      expect(csv).toContain(`"a;'=1+1"`);
      expect(csv).not.toMatch(/[,;|\t\r\n]\s*[=+\-@]/);
    },
  );
});
