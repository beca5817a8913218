import { readFile, rm } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** The API's entry points: the server (`npm start`), the worker on its own, the release command. */
export const API_ENTRIES = ['main', 'worker-main', 'migrate-main'] as const;
export type ApiEntry = (typeof API_ENTRIES)[number];

const SOURCE_DIR = resolve(import.meta.dirname, '../src');
/** Where `npm run build` writes the API (`npm start` and `npm run worker -w @app/api` run it). */
export const API_DIST = resolve(import.meta.dirname, '../dist');

/** Paths inside generated code are URLs: forward slashes whatever the platform. */
const posix = (path: string) => path.split('\\').join('/');

/**
 * Workspace packages (@app/db, @app/contracts, …) are TypeScript sources, so they are bundled in;
 * every other package stays an import that Node resolves at run time from the output's folder, as it
 * does for the sources (apps/api's own node_modules first), with its files (fonts, the IP table, city
 * lists) where they were installed.
 */
function packagesStayInstalled(): Plugin {
  return {
    name: 'packages-stay-installed',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
      );
    },
  };
}

/**
 * A bundled source file's `import.meta.url` and `import.meta.dirname` would name the bundle, not the
 * file: the migrations folder, the pixel's source and the web build are found from them. Each is
 * written as the source file's own place, relative to the output file, so the build keeps working
 * wherever the checkout is moved with it.
 */
function importMetaOfSource(outdir: string): Plugin {
  return {
    name: 'import-meta-of-source',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.')) return { contents: source, loader: 'ts' };
        const fileUrl = `new URL(${JSON.stringify(posix(relative(outdir, args.path)))}, import.meta.url)`;
        const dirUrl = `new URL(${JSON.stringify(`${posix(relative(outdir, dirname(args.path)))}/`)}, import.meta.url)`;
        // Prefixed on the first line, so the source map's lines stay the file's own.
        const helpers = "import { fileURLToPath as __sourcePathOf } from 'node:url';";
        const contents = source
          .replaceAll('import.meta.url', `${fileUrl}.href`)
          .replaceAll('import.meta.dirname', `__sourcePathOf(${dirUrl}).replace(/\\/$/, '')`)
          .replaceAll('import.meta.filename', `__sourcePathOf(${fileUrl})`);
        return { contents: `${helpers}${contents}`, loader: 'ts' };
      });
    },
  };
}

/**
 * Compiles the API to JavaScript once, at build time (decision 0116): one ES module per entry and
 * the chunks they share, for Node 20, with source maps beside them (read only when Node is started with
 * --enable-source-maps: decoding them at every start costs time and memory). The output folder is emptied
 * first, so no chunk of an earlier build is left beside the new one.
 */
export async function buildApi(outdir = API_DIST): Promise<{ outdir: string; bytes: number }> {
  await rm(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: API_ENTRIES.map((entry) => resolve(SOURCE_DIR, `${entry}.ts`)),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    // Fastify plugins and error classes are told apart by their names: bundling must not rename them.
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [packagesStayInstalled(), importMetaOfSource(outdir)],
  });
  const bytes = Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .reduce((sum, [, output]) => sum + output.bytes, 0);
  return { outdir, bytes };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const startedAt = performance.now();
  const { outdir, bytes } = await buildApi();
  console.log(
    `API built to ${relative(process.cwd(), outdir) || '.'}: ${(bytes / 1024 / 1024).toFixed(1)} MiB of JavaScript in ${Math.round(performance.now() - startedAt)} ms`,
  );
}
