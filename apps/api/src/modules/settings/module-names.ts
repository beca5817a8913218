import {
  DEFAULT_MODULE_NAMES,
  MODULE_SLUG_RESERVED,
  MODULE_SLUG_TAKEN,
  type ModuleType,
  type moduleNamesValueSchema,
} from '@app/contracts';
import { ROUTES } from '@app/policy';
import type { z } from 'zod';

/**
 * First path segments a module slug may not take: the web app's static pages (a slug there would
 * be shadowed, policy routes.ts) and the server's own prefixes.
 */
export const RESERVED_MODULE_SLUGS: ReadonlySet<string> = new Set([
  ...ROUTES.filter((r) => !r.module)
    .map((r) => r.path.split('/')[1] ?? '')
    .filter(Boolean),
  'api',
  'assets',
  'files',
  'health',
  'logout',
]);

export interface ModuleNaming {
  module: ModuleType;
  name: string;
  slug: string;
}

type StoredNaming = { module: string; displayName: string | null; slug: string | null };

/** Every module's naming as the agency shows it now (defaults where it has none). */
export function currentNaming(rows: readonly StoredNaming[], modules: readonly ModuleType[]): ModuleNaming[] {
  return modules.map((module) => {
    const row = rows.find((r) => r.module === module);
    return {
      module,
      name: row?.displayName ?? DEFAULT_MODULE_NAMES[module].name,
      slug: row?.slug ?? DEFAULT_MODULE_NAMES[module].slug,
    };
  });
}

/**
 * Applies the requested names and checks the slugs: not a platform route, and each module's own
 * (compared without case, as the router compares). Answers the problem per field, or the new naming.
 */
export function applyNaming(
  current: readonly ModuleNaming[],
  input: z.output<typeof moduleNamesValueSchema>,
):
  | { ok: true; naming: ModuleNaming[]; changed: ModuleNaming[] }
  | { ok: false; fields: Record<string, string> } {
  const naming = current.map((entry) => {
    const wanted = input[entry.module];
    return wanted ? { module: entry.module, name: wanted.name, slug: wanted.url } : entry;
  });
  const fields: Record<string, string> = {};
  for (const entry of naming) {
    if (!input[entry.module]) continue;
    const field = `comsetval.${entry.module}.url`;
    if (RESERVED_MODULE_SLUGS.has(entry.slug)) fields[field] = MODULE_SLUG_RESERVED;
    else if (naming.some((other) => other.module !== entry.module && other.slug === entry.slug))
      fields[field] = MODULE_SLUG_TAKEN;
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  const changed = naming.filter((entry) => input[entry.module] !== undefined);
  return { ok: true, naming, changed };
}
