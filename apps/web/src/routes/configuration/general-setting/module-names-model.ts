import {
  MODULE_SLUG_TAKEN,
  type ModuleNamesValue,
  type ModuleType,
  moduleDisplayNameSchema,
  moduleSlugSchema,
  type SessionUser,
} from '@app/contracts';
import { firstError } from './field-errors';

export interface ModuleNameRow {
  type: ModuleType;
  name: string;
  url: string;
  default_name: string;
  default_url: string;
}

export type ModuleNameErrors = Partial<Record<ModuleType, { name?: string; url?: string }>>;

/**
 * The contracts' texts for each name and slug, and 'Each module needs its own URL.' on every module
 * after the first that repeats a slug (the server refuses the same).
 */
export function validateModuleNames(rows: readonly ModuleNameRow[]): ModuleNameErrors {
  const errors: ModuleNameErrors = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const name = firstError(moduleDisplayNameSchema, row.name) ?? undefined;
    let url = firstError(moduleSlugSchema, row.url) ?? undefined;
    const slug = row.url.trim().toLowerCase();
    if (!url && seen.has(slug)) url = MODULE_SLUG_TAKEN;
    seen.add(slug);
    if (name || url) errors[row.type] = { ...(name ? { name } : {}), ...(url ? { url } : {}) };
  }
  return errors;
}

export const hasModuleNameErrors = (errors: ModuleNameErrors) => Object.keys(errors).length > 0;

/** A slug as it may be typed: lowercase, spaces as hyphens, a leading slash dropped. */
export function normaliseSlugInput(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '-').replace(/^\/+/, '');
}

export function toModuleNamesValue(rows: readonly ModuleNameRow[]): ModuleNamesValue {
  const value: Record<string, { name: string; url: string }> = {};
  for (const row of rows) value[row.type] = { name: row.name.trim(), url: row.url.trim().toLowerCase() };
  return value as ModuleNamesValue;
}

/**
 * The session user with the saved names and slugs, put in the session store at once so the sidebar
 * and module routes follow before `GET /user` answers (which then confirms them).
 */
export function withModuleNames(user: SessionUser, rows: readonly ModuleNameRow[]): SessionUser {
  return {
    ...user,
    modules: user.modules.map((module) => {
      const row = rows.find((r) => r.type === module.type);
      return row ? { ...module, name: row.name.trim(), url: row.url.trim().toLowerCase() } : module;
    }),
  };
}
