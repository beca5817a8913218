import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MODULES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { moduleEnum } from './enums.js';

/*
 * The database's `module_type` enum is written by the migrations (literal SQL); the catalogue is the
 * source of truth (decision 0041). A catalogue entry added without its migration fails here.
 */
const META = fileURLToPath(new URL('../../migrations/meta/', import.meta.url));

function latestSnapshot(): { enums: Record<string, { values: string[] }> } {
  const [latest] = readdirSync(META)
    .filter((name) => /^\d+_snapshot\.json$/.test(name))
    .sort()
    .reverse();
  if (!latest) throw new Error('no migration snapshot');
  return JSON.parse(readFileSync(`${META}${latest}`, 'utf8'));
}

describe('the module_type enum', () => {
  it('is the catalogue keys in the schema', () => {
    expect(moduleEnum.enumValues).toEqual(MODULES);
  });

  it('is the catalogue keys in the newest migration snapshot', () => {
    expect(latestSnapshot().enums['public.module_type']?.values).toEqual(MODULES);
  });
});
