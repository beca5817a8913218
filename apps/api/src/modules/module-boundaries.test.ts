import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CROSS_OWNER_USES, TABLE_OWNERS } from '../../test/table-owners.js';

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

const ROOT = resolve(SRC, '../../..');
const PACKAGES = join(ROOT, 'packages');
const SCHEMA = join(PACKAGES, 'db/src/schema');

/** The schema's tables: Drizzle name → SQL name, read from the `pgTable('…')` declarations. */
export function schemaTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of sourceFiles(SCHEMA))
    for (const [, drizzleName, sqlName] of readFileSync(file, 'utf8').matchAll(
      /export const (\w+) = pgTable\(\s*'(\w+)'/g,
    ))
      tables.set(drizzleName as string, sqlName as string);
  return tables;
}

/** Who a source file speaks for: `modules/<m>`, `providers/<p>`, another folder of the API, or `packages/<p>`. */
function userOf(file: string): string {
  const inApi = relative(SRC, file);
  if (!inApi.startsWith('..')) {
    const parts = inApi.split(sep);
    return parts[0] === 'modules' || parts[0] === 'providers'
      ? `${parts[0]}/${parts[1]}`
      : (parts[0] as string);
  }
  return `packages/${relative(PACKAGES, file).split(sep)[0]}`;
}

/** The tables a file names: imported by their Drizzle name, or written in a `sql` template by their SQL name. */
function tablesNamedIn(text: string, tables: Map<string, string>): Set<string> {
  const named = new Set<string>();
  for (const [, list] of text.matchAll(
    /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'(?:@app\/db(?:\/schema)?|\.{1,2}\/schema\/index\.js)'/g,
  ))
    for (const item of (list as string).split(',')) {
      const name = item
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0] as string;
      const sqlName = tables.get(name);
      if (sqlName) named.add(sqlName);
    }
  // A namespace import (`import * as db from '@app/db'`) names its tables as `db.campaigns`.
  for (const [, alias] of text.matchAll(/import\s*\*\s*as\s+(\w+)\s+from\s*'@app\/db(?:\/schema)?'/g))
    for (const [, name] of text.matchAll(new RegExp(`\\b${alias}\\.(\\w+)`, 'g'))) {
      const sqlName = tables.get(name as string);
      if (sqlName) named.add(sqlName);
    }
  const sqlNames = new Set(tables.values());
  for (const [, body] of text.matchAll(/sql(?:\.raw\()?`([^`]*)`/g))
    for (const [, word] of (body as string).matchAll(/\b(?:from|join|into|update|table)\s+"?(\w+)"?/gi))
      if (sqlNames.has(word as string)) named.add(word as string);
  return named;
}

/**
 * Every use of a table outside its owner (`test/table-owners.ts`), as `user → tables`, sorted. Tests
 * are left out (they read tables to check what the product did), and so is the schema itself.
 */
export function crossOwnerUses(): Record<string, string[]> {
  const tables = schemaTables();
  const files = [SRC, ...readdirSync(PACKAGES).map((p) => join(PACKAGES, p, 'src'))]
    .flatMap(sourceFiles)
    .filter((file) => !/\.test\.ts$/.test(file) && !file.startsWith(`${SCHEMA}${sep}`));
  const uses = new Map<string, Set<string>>();
  for (const file of files) {
    const user = userOf(file);
    for (const table of tablesNamedIn(readFileSync(file, 'utf8'), tables)) {
      if (TABLE_OWNERS[table] === user) continue;
      uses.set(user, (uses.get(user) ?? new Set()).add(table));
    }
  }
  return Object.fromEntries(
    [...uses.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([user, t]) => [user, [...t].sort()]),
  );
}

describe('module boundaries', () => {
  it('no file imports another module except through its index', () => {
    expect(deepImports()).toEqual([]);
  });

  it('every table of the schema has one owner, and every owner exists', () => {
    expect([...schemaTables().values()].filter((table) => !TABLE_OWNERS[table])).toEqual([]);
    expect(
      Object.keys(TABLE_OWNERS).filter((table) => ![...schemaTables().values()].includes(table)),
    ).toEqual([]);
    const owners = new Set(Object.values(TABLE_OWNERS));
    expect([...owners].filter((owner) => !existsSync(join(SRC, owner)))).toEqual([]);
  });

  it('no table is used outside its owner, except the uses still listed (a list that only shrinks)', () => {
    expect(crossOwnerUses()).toEqual(CROSS_OWNER_USES);
  });

  it("only the ledger module reads or writes the ledger's tables (decision 0029)", () => {
    const ledger = (tables: string[]) => tables.filter((table) => TABLE_OWNERS[table] === 'modules/ledger');
    expect(Object.values(CROSS_OWNER_USES).flatMap(ledger)).toEqual([]);
  });
});
