import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Modules talk to each other through their public face (`modules/<m>/index.ts`) only: an import
 * that reaches into another module's files couples the two, and the next change to one breaks the
 * other. This walks every source file of the API and lists the imports that do.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = join(SRC, 'modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The module a file belongs to, or null for files outside `modules/`. */
const moduleOf = (file: string) => {
  const rel = relative(MODULES, file);
  return rel.startsWith('..') ? null : (rel.split(sep)[0] ?? null);
};

export function deepImports(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/from '(\.[^']+)'/g)) {
      const target = resolve(dirname(file), specifier as string);
      const targetModule = moduleOf(target);
      if (targetModule === null || targetModule === moduleOf(file)) continue;
      if (relative(join(MODULES, targetModule), target) !== 'index.js')
        found.push(`${relative(SRC, file)} imports ${specifier}`);
    }
  }
  return found;
}

/**
 * Money rows have one writer: the ledger module (decision 0029). Its tables are exported by
 * `@app/db` like every table, so this lists any source file outside the module (and outside the
 * schema that defines them) that names them, by Drizzle name or SQL name.
 */
export function ledgerTableUsers(): string[] {
  const packages = resolve(SRC, '../../../packages');
  const allowed = new Set([join(MODULES, 'ledger'), join(packages, 'db/src/schema/ledger.ts')]);
  const files = [SRC, ...readdirSync(packages).map((p) => join(packages, p, 'src'))].flatMap(sourceFiles);
  return files
    .filter((file) => ![...allowed].some((path) => file === path || file.startsWith(`${path}${sep}`)))
    .filter((file) =>
      /\bledger(Accounts|Postings|Lines)\b|\bledger_(accounts|postings|lines)\b/.test(
        readFileSync(file, 'utf8'),
      ),
    )
    .map((file) => relative(resolve(SRC, '../../..'), file));
}

describe('module boundaries', () => {
  it('no file imports another module except through its index', () => {
    expect(deepImports()).toEqual([]);
  });

  it("only the ledger module reads or writes the ledger's tables", () => {
    expect(ledgerTableUsers()).toEqual([]);
  });
});
