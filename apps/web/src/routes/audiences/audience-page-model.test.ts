import { AUDIENCE_MAX_FILE_BYTES, AUDIENCE_TEXTS, type Audience } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  audienceRowView,
  audienceTotals,
  ownerOptions,
  sentPercent,
  uploadErrors,
} from './audience-page-model';

/* The audiences page's rules (decision 0114): owners, the form's refusals, the rows, the totals. */

const audience = (over: Partial<Audience> = {}): Audience => ({
  id: 1,
  name: 'Past customers',
  kind: 'email',
  filename: 'customers.csv',
  company_id: 7,
  company_name: 'Harbor Dental',
  uploaded_by: 'Hannah',
  status: 'ready',
  rows_read: 1200,
  keys_accepted: 1100,
  keys_stored: 1000,
  duplicates: 100,
  bad_line_count: 100,
  bad_lines: [],
  progress: 100,
  error: null,
  platform_audience_id: null,
  campaigns: [],
  created_at: '2026-05-01T10:00:00.000Z',
  finished_at: '2026-05-01T10:00:05.000Z',
  ...over,
});

describe('ownerOptions', () => {
  it('a client uploads for itself only; agency staff for the agency or a client with the module', () => {
    expect(ownerOptions({ company_id: 7, company_name: 'Harbor Dental', isClient: true }, null)).toEqual([
      { value: '7', label: 'Harbor Dental' },
    ]);
    const agency = ownerOptions({ company_id: 3, company_name: 'Northwind', isClient: false }, [
      { value: '7', label: 'Harbor Dental' },
    ]);
    expect(agency.map((o) => o.value)).toEqual(['3', '7']);
    expect(agency[0]?.label).toContain('Northwind');
  });
});

describe('uploadErrors', () => {
  const ok = { owner: '7', name: 'List', kind: 'email' as const, file: { name: 'list.CSV', size: 10 } };
  it('accepts a named CSV for an owner', () => {
    expect(uploadErrors(ok)).toEqual({});
  });
  it.each([
    ['no owner', { owner: null }, 'owner', 'Choose whose audience this is.'],
    ['a blank name', { name: '   ' }, 'name', AUDIENCE_TEXTS.nameRequired],
    ['a long name', { name: 'x'.repeat(121) }, 'name', AUDIENCE_TEXTS.nameTooLong],
    ['no file', { file: null }, 'file', AUDIENCE_TEXTS.chooseFile],
    ['a spreadsheet', { file: { name: 'list.xlsx', size: 10 } }, 'file', AUDIENCE_TEXTS.invalidFile],
    [
      'too large a file',
      { file: { name: 'a.csv', size: AUDIENCE_MAX_FILE_BYTES + 1 } },
      'file',
      AUDIENCE_TEXTS.fileTooLarge,
    ],
  ])('refuses %s', (_what, change, field, message) => {
    expect(uploadErrors({ ...ok, ...change })).toEqual({ [field]: message });
  });
});

describe('sentPercent', () => {
  it('is the share of bytes sent, whole and at most 100', () => {
    expect(sentPercent(0, 0)).toBe(0);
    expect(sentPercent(1, 3)).toBe(33);
    expect(sentPercent(5, 4)).toBe(100);
  });
});

describe('audienceRowView', () => {
  it('a ready audience: its size, what was read, no bar, deletable when unused', () => {
    expect(audienceRowView(audience())).toEqual({
      status: 'Ready',
      color: 'green',
      progress: null,
      size: '1,000',
      detail: '1,200 rows read · 1,100 keys · 100 repeated · 100 bad lines',
      usedBy: '',
      deletable: true,
    });
  });
  it('one being stored shows its bar and no size yet', () => {
    const view = audienceRowView(
      audience({ status: 'processing', progress: 40, duplicates: 0, bad_line_count: 0 }),
    );
    expect(view).toMatchObject({
      status: 'Processing',
      progress: 40,
      size: '—',
      detail: '1,200 rows read · 1,100 keys',
    });
    expect(audienceRowView(audience({ status: 'receiving', progress: 0 }))).toMatchObject({
      progress: 0,
      detail: 'The file is still arriving.',
    });
  });
  it('one a campaign uses names it and cannot be deleted; a failed one has no bar', () => {
    const used = audienceRowView(
      audience({ campaigns: [{ id: 9, leadspeek_api_id: '12345678', name: 'Spring display' }] }),
    );
    expect(used).toMatchObject({ usedBy: 'Spring display (12345678)', deletable: false });
    expect(audienceRowView(audience({ status: 'failed', error: 'x' }))).toMatchObject({
      status: 'Failed',
      color: 'red',
      progress: null,
      size: '—',
    });
  });
});

describe('audienceTotals', () => {
  it('counts the ready ones and their keys, and those still being stored', () => {
    expect(
      audienceTotals([
        audience(),
        audience({ id: 2, keys_stored: 5 }),
        audience({ id: 3, status: 'processing', keys_stored: 50 }),
        audience({ id: 4, status: 'failed', keys_stored: 0 }),
      ]),
    ).toEqual({ ready: 2, keys: 1005, working: 1 });
  });
});
