import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MODULES } from './module-catalogue.js';

/*
 * Every list of modules is derived from the catalogue (issue 11, decision 0041). This scan fails when
 * source code writes two or more module names side by side as a list or a union — `['local',
 * 'locator', …]`, `'enhance' | 'b2b'` — anywhere but the catalogue. Tests may spell out the lists they
 * expect, so test files are not scanned.
 */

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const SCANNED = ['apps/api/src', 'apps/web/src', 'packages', 'e2e/support', 'bench'];
const CATALOGUE = 'packages/contracts/src/module-catalogue.ts';

/** Deliberate selections that are data, not "the module list": file → the exact literal allowed there. */
const ALLOWED_SELECTIONS: ReadonlyMap<string, string> = new Map([
  // The demo's Northwind clients have the pixel and the search module (seed data, not an offer rule).
  ['packages/db/src/seed/seed.ts', "['local', 'locator']"],
  // The campaign update's route variants (common, local, locator), not an offer of modules.
  ['apps/api/src/modules/campaigns/update-campaign.ts', "'local' | 'locator'"],
]);

const NAME = `(?:${MODULES.join('|')})`;
/** Two module names in quotes, separated by a comma (array) or a bar (union), optionally after `[`. */
const LIST_OF_MODULES = new RegExp(`\\[?\\s*(['"\`])${NAME}\\1\\s*[,|]\\s*(['"\`])${NAME}\\2\\]?`, 'g');

/** Comments may name modules freely; only code counts. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

export function moduleListLiterals(source: string): { line: number; text: string }[] {
  const code = withoutComments(source);
  return [...code.matchAll(LIST_OF_MODULES)].map((match) => ({
    line: code.slice(0, match.index).split('\n').length,
    text: match[0].trim(),
  }));
}

const isTestFile = (path: string) => /\.test\.tsx?$/.test(path) || /(^|\/)test\//.test(path);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'migrations') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

describe('the module list is written once (the catalogue)', () => {
  it('finds list and union literals of module names, not single names or comments', () => {
    expect(moduleListLiterals("const m = ['local', 'locator', 'enhance'];")).toEqual([
      { line: 1, text: "['local', 'locator'" },
    ]);
    expect(moduleListLiterals("type V = 'enhance' | 'b2b';").map((f) => f.text)).toEqual([
      "'enhance' | 'b2b'",
    ]);
    expect(moduleListLiterals('const m = ["b2b","simplifi"];').map((f) => f.line)).toEqual([1]);
    expect(moduleListLiterals("if (module === 'b2b') return;\nconst x = ['local'];")).toEqual([]);
    expect(moduleListLiterals("// e.g. ['local', 'locator']\n/* 'enhance' | 'b2b' */")).toEqual([]);
  });

  it('no source file outside the catalogue hard-codes a list of modules', () => {
    const findings: string[] = [];
    for (const root of SCANNED) {
      for (const file of sourceFiles(join(REPO, root))) {
        const path = relative(REPO, file);
        if (path === CATALOGUE || isTestFile(path)) continue;
        for (const finding of moduleListLiterals(readFileSync(file, 'utf8'))) {
          if (ALLOWED_SELECTIONS.get(path) === finding.text) continue;
          findings.push(`${path}:${finding.line} ${finding.text}`);
        }
      }
    }
    expect(findings).toEqual([]);
  });
});
