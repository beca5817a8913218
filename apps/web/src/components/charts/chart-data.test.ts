import { asCents, formatUsdCents } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  axisLabel,
  CHART_COLORS,
  colorAt,
  cssColor,
  flatRows,
  seriesEmpty,
  slicesEmpty,
  sliceTable,
  tableOf,
} from './chart-data';

const usd = (cents: number) => formatUsdCents(asCents(cents));

describe('flatRows', () => {
  it('puts each series in its own column, one row per category in first-seen order', () => {
    const rows = flatRows([
      {
        label: 'Agencies',
        points: [
          { x: 'Connected', value: 3 },
          { x: 'Pending', value: 1 },
        ],
      },
      {
        label: 'Clients',
        points: [
          { x: 'Pending', value: 5 },
          { x: 'None', value: 2 },
        ],
      },
    ]);
    expect(rows).toEqual([
      { x: 'Connected', s0: 3, s1: null },
      { x: 'Pending', s0: 1, s1: 5 },
      { x: 'None', s0: null, s1: 2 },
    ]);
  });

  it('sorts days so series covering different days line up', () => {
    const rows = flatRows([
      { label: 'A', points: [{ x: '2026-03-02', value: 1 }] },
      {
        label: 'B',
        points: [
          { x: '2026-03-01', value: 2 },
          { x: '2026-03-02', value: 4 },
        ],
      },
    ]);
    expect(rows.map((r) => r.x)).toEqual(['2026-03-01', '2026-03-02']);
    expect(rows[0]).toEqual({ x: '2026-03-01', s0: null, s1: 2 });
  });

  it('uses fixed column names, so labels with dots or the category key cannot collide', () => {
    const rows = flatRows([{ label: 'x', points: [{ x: 'a.b', value: 1 }] }]);
    expect(rows).toEqual([{ x: 'a.b', s0: 1 }]);
  });

  it('gives no rows for no series or empty series', () => {
    expect(flatRows([])).toEqual([]);
    expect(flatRows([{ label: 'A', points: [] }])).toEqual([]);
  });
});

describe('empty states', () => {
  it.each([
    [[], true],
    [[{ label: 'A', points: [] }], true],
    [[{ label: 'A', points: [{ x: 'd', value: 0 }] }], false],
  ])('series %j empty → %s', (series, empty) => {
    expect(seriesEmpty(series)).toBe(empty);
  });

  it('a donut with nothing above zero is empty', () => {
    expect(slicesEmpty([])).toBe(true);
    expect(slicesEmpty([{ label: 'A', value: 0 }])).toBe(true);
    expect(
      slicesEmpty([
        { label: 'A', value: 0 },
        { label: 'B', value: 1 },
      ]),
    ).toBe(false);
  });
});

describe('tableOf (the accessible fallback)', () => {
  it('has a heading per series and formatted values, a dash where a series has none', () => {
    const table = tableOf(
      [
        {
          label: 'Collected',
          points: [
            { x: '2026-03-01', value: 1050 },
            { x: '2026-03-02', value: -200 },
          ],
        },
        { label: 'Refunded', points: [{ x: '2026-03-02', value: 200 }] },
      ],
      usd,
      'Date',
    );
    expect(table).toEqual({
      head: ['Date', 'Collected', 'Refunded'],
      rows: [
        ['2026-03-01', '$10.50', '–'],
        ['2026-03-02', '-$2.00', '$2.00'],
      ],
    });
  });
});

describe('sliceTable', () => {
  it('gives each part its value and rounded share; negative parts count as nothing', () => {
    expect(
      sliceTable(
        [
          { label: 'Stored', value: 2 },
          { label: 'Rejected', value: 1 },
          { label: 'Odd', value: -4 },
        ],
        String,
      ),
    ).toEqual({
      head: ['Part', 'Value', 'Share'],
      rows: [
        ['Stored', '2', '67%'],
        ['Rejected', '1', '33%'],
        ['Odd', '-4', '0%'],
      ],
    });
    expect(sliceTable([{ label: 'A', value: 0 }], String).rows).toEqual([['A', '0', '0%']]);
  });
});

describe('labels and colours', () => {
  it.each([
    ['2026-03-07', '03-07'],
    ['Connected', 'Connected'],
    ['An agency with a rather long name indeed', 'An agency with a rather…'],
  ])('axisLabel(%s) → %s', (x, label) => {
    expect(axisLabel(x)).toBe(label);
  });

  it('takes a chosen colour, else the palette in order, wrapping around', () => {
    expect(colorAt(0)).toBe(CHART_COLORS[0]);
    expect(colorAt(1)).toBe('teal.7');
    expect(colorAt(CHART_COLORS.length)).toBe(CHART_COLORS[0]);
    expect(colorAt(0, 'red.8')).toBe('red.8');
  });

  it('writes theme colours as CSS variables and leaves CSS colours alone', () => {
    expect(cssColor('teal.7')).toBe('var(--mantine-color-teal-7)');
    expect(cssColor('var(--mantine-primary-color-filled)')).toBe('var(--mantine-primary-color-filled)');
    expect(cssColor('#123456')).toBe('#123456');
  });
});
