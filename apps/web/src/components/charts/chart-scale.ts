/**
 * Scaling math for the small SVG charts (no chart library ships with the app): nice axis ticks, a
 * linear scale, line paths and bar geometry. Pure, so it can be tested without a browser.
 */

/** A "nice" step (1, 2, 2.5 or 5 × 10^n) that splits `span` into about `count` parts. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !(count > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * Axis ticks from 0 (counts and amounts are never negative here) up to at least `max`, about `count`
 * of them. With only whole values (counts), the step is at least 1 so no tick reads 0.5 people.
 */
export function axisTicks(max: number, count = 4, integers = true): number[] {
  const top = max > 0 ? max : 1;
  let step = niceStep(top, count);
  // 2.5 is a nice step for amounts; for counts it becomes 5, and anything below 1 becomes 1.
  if (integers && !Number.isInteger(step)) step = step < 1 ? 1 : step * 2;
  const ticks: number[] = [];
  for (let value = 0; value < top + step; value += step) {
    ticks.push(Number(value.toFixed(10)));
    if (value >= top) break;
  }
  return ticks;
}

/** Maps [d0, d1] onto [r0, r1]; a zero-width domain maps everything to the middle of the range. */
export function linearScale(domain: [number, number], range: [number, number]): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (value) => r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
}

export interface Plot {
  width: number;
  height: number;
  /** Space for the axes. */
  margin: { top: number; right: number; bottom: number; left: number };
}

export interface PlottedPoint {
  x: number;
  y: number;
  value: number;
  label: string;
}

/** The points of a series across the plot: evenly spaced left to right, value 0 at the bottom. */
export function plotSeries(
  values: readonly { label: string; value: number }[],
  plot: Plot,
  top: number,
): PlottedPoint[] {
  const x = linearScale(
    [0, Math.max(values.length - 1, 0)],
    [plot.margin.left, plot.width - plot.margin.right],
  );
  const y = linearScale([0, top > 0 ? top : 1], [plot.height - plot.margin.bottom, plot.margin.top]);
  return values.map((point, index) => ({
    x: round(values.length === 1 ? (plot.margin.left + plot.width - plot.margin.right) / 2 : x(index)),
    y: round(y(point.value)),
    value: point.value,
    label: point.label,
  }));
}

/** An SVG path through the points ('' for none). */
export function linePath(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
}

export interface Bar {
  label: string;
  value: number;
  /** Offset along the category axis and the bar's thickness. */
  offset: number;
  thickness: number;
  /** Length along the value axis, from 0. */
  length: number;
}

/**
 * Horizontal bars: each category gets an equal band of `span` with `gap` (0–1) of it left empty;
 * lengths are proportional to the value against `top` over `extent`.
 */
export function layoutBars(
  items: readonly { label: string; value: number }[],
  span: number,
  extent: number,
  top: number,
  gap = 0.25,
): Bar[] {
  if (items.length === 0) return [];
  const band = span / items.length;
  const thickness = band * (1 - gap);
  const scale = linearScale([0, top > 0 ? top : 1], [0, extent]);
  return items.map((item, index) => ({
    label: item.label,
    value: item.value,
    offset: round(index * band + (band - thickness) / 2),
    thickness: round(thickness),
    length: round(Math.max(0, scale(Math.max(0, item.value)))),
  }));
}

/** Which of `count` labels to print so that at most `max` show, always the first and the last. */
export function labelIndexes(count: number, max: number): number[] {
  if (count <= 0) return [];
  if (count <= max) return Array.from({ length: count }, (_, i) => i);
  const step = Math.ceil((count - 1) / (max - 1));
  const picked: number[] = [];
  for (let i = 0; i < count - 1; i += step) picked.push(i);
  if (count - 1 - (picked.at(-1) ?? 0) < step / 2 && picked.length > 1) picked.pop();
  picked.push(count - 1);
  return picked;
}

const round = (value: number) => Math.round(value * 100) / 100;
