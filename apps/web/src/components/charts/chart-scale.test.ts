import { describe, expect, it } from 'vitest';
import {
  axisTicks,
  labelIndexes,
  layoutBars,
  linearScale,
  linePath,
  niceStep,
  plotSeries,
} from './chart-scale';

describe('niceStep', () => {
  it.each([
    [10, 5, 2],
    [100, 4, 25],
    [7, 4, 2],
    [1, 4, 0.25],
    [1000, 4, 250],
    [3, 3, 1],
    [45, 4, 20],
  ])('span %d in about %d parts steps by %d', (span, count, step) => {
    expect(niceStep(span, count)).toBe(step);
  });

  it('falls back to 1 for an empty span', () => {
    expect(niceStep(0, 4)).toBe(1);
  });
});

describe('axisTicks', () => {
  it('starts at 0 and reaches at least the maximum', () => {
    expect(axisTicks(10)).toEqual([0, 5, 10]);
    expect(axisTicks(45)).toEqual([0, 20, 40, 60]);
    expect(axisTicks(100)).toEqual([0, 25, 50, 75, 100]);
  });

  it('keeps whole steps for counts', () => {
    expect(axisTicks(2)).toEqual([0, 1, 2]);
    expect(axisTicks(0)).toEqual([0, 1]);
  });

  it('allows fractions for amounts', () => {
    expect(axisTicks(1, 4, false)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
});

describe('linearScale', () => {
  it('maps the domain onto the range, inverted axes included', () => {
    const y = linearScale([0, 10], [100, 0]);
    expect(y(0)).toBe(100);
    expect(y(10)).toBe(0);
    expect(y(5)).toBe(50);
  });

  it('puts everything in the middle for a zero-width domain', () => {
    expect(linearScale([3, 3], [0, 10])(3)).toBe(5);
  });
});

describe('plotSeries and linePath', () => {
  const plot = { width: 120, height: 60, margin: { top: 10, right: 10, bottom: 10, left: 10 } };

  it('spreads points evenly with 0 at the bottom and the top value at the top', () => {
    const points = plotSeries(
      [
        { label: 'a', value: 0 },
        { label: 'b', value: 5 },
        { label: 'c', value: 10 },
      ],
      plot,
      10,
    );
    expect(points.map((p) => [p.x, p.y])).toEqual([
      [10, 50],
      [60, 30],
      [110, 10],
    ]);
    expect(linePath(points)).toBe('M10,50 L60,30 L110,10');
  });

  it('centres a single point and copes with an all-zero series', () => {
    const [point] = plotSeries([{ label: 'a', value: 0 }], plot, 0);
    expect(point).toMatchObject({ x: 60, y: 50 });
    expect(linePath([])).toBe('');
  });
});

describe('layoutBars', () => {
  it('gives equal bands and proportional lengths', () => {
    const bars = layoutBars(
      [
        { label: 'a', value: 10 },
        { label: 'b', value: 5 },
      ],
      100,
      200,
      10,
      0.5,
    );
    expect(bars).toEqual([
      { label: 'a', value: 10, offset: 12.5, thickness: 25, length: 200 },
      { label: 'b', value: 5, offset: 62.5, thickness: 25, length: 100 },
    ]);
  });

  it('never draws negative lengths and handles no data', () => {
    expect(layoutBars([{ label: 'a', value: -3 }], 10, 10, 5)[0]?.length).toBe(0);
    expect(layoutBars([], 10, 10, 5)).toEqual([]);
  });
});

describe('labelIndexes', () => {
  it('shows every label when they fit', () => {
    expect(labelIndexes(5, 6)).toEqual([0, 1, 2, 3, 4]);
  });

  it('thins long series but keeps the first and last', () => {
    const picked = labelIndexes(30, 6);
    expect(picked[0]).toBe(0);
    expect(picked.at(-1)).toBe(29);
    expect(picked.length).toBeLessThanOrEqual(6);
  });

  it('handles nothing', () => {
    expect(labelIndexes(0, 6)).toEqual([]);
  });
});
