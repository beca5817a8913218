import {
  DEFAULT_MODULE_NAMES,
  MODULE_PAGES,
  MODULES,
  type ModulePage,
  type ModuleType,
  perModule,
} from '@app/contracts';

export { MODULE_PAGES, type ModulePage };

/** The pages of each module's menu (the catalogue's `menu.pages`; simplifi has only campaign management). */
export const PAGES_OF_MODULE: Record<ModuleType, readonly ModulePage[]> = perModule(
  (_, entry) => entry.menu.pages,
);

/** Anything that carries a module naming list: a SessionUser, or a host's side menus. */
export interface ModuleNamingSource {
  modules: readonly { type: string; name: string; url: string; enabled?: boolean }[];
}

export interface ResolvedModuleNaming {
  name: string;
  slug: string;
}

/** Slugs may arrive as '/siteid' or 'siteid/'; only the bare segment is a slug. */
function cleanSlug(url: string): string {
  return url.trim().replace(/^\/+|\/+$/g, '');
}

/**
 * The display name and slug a user sees for a module: the agency's own wording, falling back to the
 * defaults when the agency left a field blank or the list has no entry for the module.
 */
export function moduleNaming(source: ModuleNamingSource | null, module: ModuleType): ResolvedModuleNaming {
  const fallback = DEFAULT_MODULE_NAMES[module];
  const entry = source?.modules.find((candidate) => candidate.type === module);
  const slug = entry ? cleanSlug(entry.url) : '';
  const name = entry?.name.trim() ?? '';
  return { name: name || fallback.name, slug: slug && !slug.includes('/') ? slug : fallback.slug };
}

/** `/{slug}/{page}` for this user's naming. Throws on pages a module does not have (a programming error). */
export function modulePath(source: ModuleNamingSource | null, module: ModuleType, page: ModulePage): string {
  if (!PAGES_OF_MODULE[module].includes(page)) {
    throw new RangeError(`Module ${module} has no ${page} page`);
  }
  return `/${moduleNaming(source, module).slug}/${page}`;
}

/**
 * Which module a URL slug names for this user. Slugs compare case-insensitively (the router matches
 * paths without regard to case). When an agency gives two modules the same slug, the first module in
 * the fixed module order wins, so the answer is stable.
 */
export function moduleForSlug(source: ModuleNamingSource | null, slug: string): ModuleType | null {
  const wanted = slug.toLowerCase();
  return MODULES.find((module) => moduleNaming(source, module).slug.toLowerCase() === wanted) ?? null;
}
