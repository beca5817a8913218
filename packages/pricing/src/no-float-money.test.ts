import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * No float ever holds money (issue 10, decision 0028). A file that handles money (it names Cents or
 * Micros, a money column, the contracts' money helpers or @app/pricing) may not use the operations
 * that turn amounts into floats: parseFloat, Number(…), toFixed(…), × 100 and ÷ 100. Money is read
 * and written by contracts' money.ts (the one allowed place) and computed by @app/pricing.
 */

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const SCANNED = ['apps/api/src', 'apps/api/test', 'apps/web/src', 'packages', 'e2e', 'bench'];
/** Where text becomes integer amounts, once, by digits: the only file allowed to use these. */
const ALLOWED = new Set(['packages/contracts/src/money.ts', 'packages/pricing/src/no-float-money.test.ts']);

const HANDLES_MONEY =
  /\b(?:Cents|Micros)\b|\b[a-z]\w*(?:Cents|Micros)\b|\b\w+_(?:cents|micros)\b|\bas(?:Cents|Micros)\(|\b(?:cents|micros)(?:To|From)[A-Z]\w*\(|\bparseDollarsTo|\bformatUsd|\b(?:fee|perLead)DollarsSchema\b|@app\/pricing/;

const FLOAT_OPERATIONS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'parseFloat', pattern: /\bparseFloat\s*\(/ },
  { name: 'Number(', pattern: /(?<![.\w$])Number\s*\(/ },
  { name: 'toFixed(', pattern: /\.toFixed\s*\(/ },
  { name: '* 100', pattern: /\*\s*100(?![\d_.])/ },
  { name: '/ 100', pattern: /\/\s*100(?![\d_.])/ },
];

/** Comments say what they like; only code counts. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

interface FloatMoneyFinding {
  line: number;
  operation: string;
  text: string;
}

/** The float operations in a source file that handles money (none when it does not handle money). */
function floatMoneyFindings(source: string): FloatMoneyFinding[] {
  const code = withoutComments(source);
  if (!HANDLES_MONEY.test(code)) return [];
  return code.split('\n').flatMap((text, index) =>
    FLOAT_OPERATIONS.filter(({ pattern }) => pattern.test(text)).map(({ name }) => ({
      line: index + 1,
      operation: name,
      text: text.trim(),
    })),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [path] : [];
  });
}

describe('floatMoneyFindings', () => {
  it.each([
    [
      'parseFloat on a price',
      'const cents: Cents = asCents(parseFloat(text) * 100);',
      ['parseFloat', '* 100'],
    ],
    ['Number() on a money field', 'const fee = Number(row.setup_fee_cents);', ['Number(']],
    ['toFixed to show dollars', 'const shown = (amountCents / 100).toFixed(2);', ['toFixed(', '/ 100']],
    [
      '× 100 to make cents',
      "import { formatUsdCents } from '@app/contracts';\nconst c = dollars * 100;",
      ['* 100'],
    ],
    ['÷ 100 to make dollars', "import { sumCents } from '@app/pricing';\nconst d = total/100;", ['/ 100']],
  ])('flags %s', (_name, source, operations) => {
    expect(floatMoneyFindings(source).map((f) => f.operation)).toEqual(operations);
  });

  it.each([
    ['a file without money', 'const port = Number(text);\nconst pct = ratio * 100;'],
    ['money with integer helpers', 'const fee: Cents = chargeForLeads([{ leads, unitPrice }]);'],
    [
      'a float operation only in a comment',
      '// never Number(amountCents) here\nconst fee: Cents = asCents(0);',
    ],
    ['larger factors', 'const m: Micros = asMicros(units * 100_000);\nconst n = count / 1000;'],
    ['Number.isSafeInteger', 'if (!Number.isSafeInteger(amountCents)) throw new Error();'],
  ])('passes %s', (_name, source) => {
    expect(floatMoneyFindings(source)).toEqual([]);
  });
});

describe('the code base', () => {
  it('applies no float operation in any file that handles money', () => {
    const findings = SCANNED.flatMap((dir) => sourceFiles(join(REPO, dir)))
      .map((path) => relative(REPO, path))
      .filter((path) => !ALLOWED.has(path))
      .flatMap((path) =>
        floatMoneyFindings(readFileSync(join(REPO, path), 'utf8')).map(
          (f) => `${path}:${f.line} ${f.operation}  ${f.text}`,
        ),
      );
    expect(findings).toEqual([]);
  });
});
