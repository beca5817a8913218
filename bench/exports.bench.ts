import { loadavg } from 'node:os';
import Fastify from 'fastify';
import { type ExportFormat, rowBatches, sendExport } from '../apps/api/src/lib/exports/index.js';
import { LEAD_LIKE_COLUMNS, leadLikeBatches, leadLikeRows } from '../apps/api/test/export-rows.js';

const ROWS = Number.parseInt(process.env.BENCH_EXPORT_ROWS ?? '1000000', 10);

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * `npm run bench -- exports`: 1,000,000 synthetic rows as CSV and as Excel through `sendExport` on a
 * real Fastify server, downloaded over HTTP by `fetch` in the same process (which reads as fast as
 * it can): rows per second, megabytes, and the process's peak RSS while the file streams (sampled
 * every 20 ms) against its RSS before. No database: the rows are made as they are pulled, one at a
 * time, and for CSV also in batches of 2,000 (as a keyset reader hands them over, decision 0054).
 */
export async function benchExports() {
  const app = Fastify({ logger: false });
  app.get<{ Params: { format: ExportFormat } }>('/:format', (request, reply) =>
    sendExport(reply, {
      format: request.params.format,
      baseName: 'bench',
      columns: LEAD_LIKE_COLUMNS,
      rows: leadLikeRows(ROWS),
    }),
  );
  app.get('/csv-batches', (_request, reply) =>
    sendExport(reply, {
      format: 'csv',
      baseName: 'bench',
      columns: LEAD_LIKE_COLUMNS,
      items: rowBatches(leadLikeBatches(ROWS, 2_000)),
    }),
  );
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(
    `\nexports: ${ROWS.toLocaleString('en-US')} rows of ${LEAD_LIKE_COLUMNS.length} columns over HTTP; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log('  format        rows/s      MB    seconds   RSS before MB   peak RSS MB');
  try {
    for (const format of ['csv', 'csv-batches', 'xlsx'] as const) {
      globalThis.gc?.();
      const before = process.memoryUsage.rss();
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 20);
      const started = performance.now();
      const response = await fetch(`${origin}/${format}`);
      if (!response.ok || !response.body) throw new Error(`${format}: answered ${response.status}`);
      let bytes = 0;
      const reader = response.body.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read())
        bytes += part.value.byteLength;
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      console.log(
        `  ${format.padEnd(11)} ${Math.round(ROWS / seconds)
          .toLocaleString('en-US')
          .padStart(
            8,
          )} ${mb(bytes).padStart(8)} ${seconds.toFixed(1).padStart(9)} ${mb(before).padStart(14)} ${mb(peak).padStart(13)}`,
      );
    }
  } finally {
    await app.close();
  }
}
