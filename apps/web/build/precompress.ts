import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every hashed text asset of
 * the build, so the server sends them as they are (@fastify/static `preCompressed`) and never
 * compresses per request. A compressed copy that is not smaller is not written.
 */
export function precompress(dirs: readonly string[] = ['js', 'css']): Plugin {
  let outDir = 'dist';
  return {
    name: 'app-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const dir of dirs) {
        const folder = join(outDir, dir);
        const names = await readdir(folder).catch(() => [] as string[]);
        await Promise.all(
          names
            .filter((name) => COMPRESSIBLE.test(name))
            .map(async (name) => {
              const path = join(folder, name);
              const raw = await readFile(path);
              if (raw.length < MIN_BYTES) return;
              const [br, gzipped] = await Promise.all([
                brotli(raw, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]: 11,
                    [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                  },
                }),
                gz(raw, { level: 9 }),
              ]);
              if (br.length < raw.length) await writeFile(`${path}.br`, br);
              if (gzipped.length < raw.length) await writeFile(`${path}.gz`, gzipped);
            }),
        );
      }
    },
  };
}
