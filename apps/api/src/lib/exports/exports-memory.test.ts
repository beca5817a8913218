import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LEAD_LIKE_COLUMNS, leadLikeBatches, leadLikeRows } from '../../../test/export-rows.js';
import { csvStream, oneByOne, rowBatches, xlsxStream } from './index.js';

const ROWS = 200_000;
/**
 * How much the memory the process holds (heap and Buffers, after collecting garbage) may grow while
 * 200,000 rows stream out. The files are about 37 MB (CSV) and 12 MB (xlsx, ~60 MB of sheet XML
 * before compression); a writer that held its output, its rows or its uncompressed XML would pass
 * this bound, a streaming one stays well below it whatever the row count.
 */
const MAX_GROWTH_MB = 32;

const memory = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * V8's collector, so the figures are what the writer holds, not garbage waiting to be collected
 * (which depends on when V8 decides to collect, not on the writer).
 */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** How often (in chunks the reader took) the memory the process holds is measured. */
const SAMPLE_EVERY = 32;

/**
 * Streams the file into a reader that yields to the event loop after every chunk and, every few
 * chunks, collects garbage and notes what the process holds: the peak of that over the start is
 * the growth.
 */
async function measure(stream: NodeJS.ReadableStream) {
  collect();
  const before = memory();
  let peak = before;
  let bytes = 0;
  let chunks = 0;
  const reader = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (++chunks % SAMPLE_EVERY === 0) {
        collect();
        peak = Math.max(peak, memory());
      }
      setImmediate(done);
    },
  });
  await pipeline(stream, reader);
  return { bytes, growth: peak - before };
}

describe('exports at flat memory', () => {
  it.each([
    ['CSV', () => csvStream(LEAD_LIKE_COLUMNS, oneByOne(leadLikeRows(ROWS)))],
    ['CSV in batches of 5,000', () => csvStream(LEAD_LIKE_COLUMNS, rowBatches(leadLikeBatches(ROWS, 5_000)))],
    ['Excel', () => xlsxStream('Leads', LEAD_LIKE_COLUMNS, oneByOne(leadLikeRows(ROWS)))],
  ])(
    '%s: 200,000 rows stream out with small heap growth',
    async (format, open) => {
      const started = performance.now();
      const { bytes, growth } = await measure(open());
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `${format}: ${ROWS.toLocaleString('en-US')} rows, ${mb(bytes)} MB in ${seconds.toFixed(1)} s, ` +
          `peak held memory growth ${mb(growth)} MB (bound ${MAX_GROWTH_MB} MB)`,
      );
      expect(bytes).toBeGreaterThan(ROWS * 20);
      expect(growth).toBeLessThan(MAX_GROWTH_MB * 1024 * 1024);
    },
    240_000,
  );
});
