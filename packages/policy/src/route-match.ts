import type { DomainInfo, ModuleType, SessionUser } from '@app/contracts';
import { type ModuleNamingSource, moduleForSlug, moduleNaming } from './module-naming.js';
import { ROUTES, type RouteDef, routeById } from './routes.js';

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
  /** Set for module routes: which module the slug named for this user. */
  module?: ModuleType;
  /** The normalised pathname that matched. */
  pathname: string;
}

/** Drops query and hash, collapses repeated and trailing slashes (`/configuration/agency-list/` is used). */
export function normalizePathname(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const collapsed = `/${path.split('/').filter(Boolean).join('/')}`;
  return collapsed;
}

function splitSegments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Static segments compare case-insensitively, like the original router (/Audience and /audience). */
function matchPattern(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = splitSegments(pattern);
  const required = parts.filter((part) => !part.endsWith('?')).length;
  if (segments.length < required || segments.length > parts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index];
    if (part.startsWith(':')) {
      if (segment === undefined) continue; // only optional params can be missing (length checked above)
      const value = safeDecode(segment);
      if (value === null) return null;
      params[part.replace(/^:|\?$/g, '')] = value;
    } else if (segment === undefined || segment.toLowerCase() !== part.toLowerCase()) {
      return null;
    }
  }
  return params;
}

/**
 * Whose module naming resolves slugs: the signed-in user's; for a visitor, the host owner's side menus
 * (so a deep link into a renamed module reaches Login, not 404); otherwise the defaults.
 */
function namingFor(
  user: SessionUser | null,
  domain: DomainInfo | null | undefined,
): ModuleNamingSource | null {
  if (user) return user;
  if (domain) return { modules: domain.sidemenu };
  return null;
}

/**
 * The route a pathname opens for this user, with its params, or null (the 404 page). Module routes
 * match only the user's own slug for that module: after an agency renames `siteid` to `leads`,
 * `/leads/dashboard` is its local dashboard and `/siteid/dashboard` is not found.
 */
export function matchRoute(
  pathname: string,
  user: SessionUser | null,
  domain?: DomainInfo | null,
): RouteMatch | null {
  const normalized = normalizePathname(pathname);
  const segments = splitSegments(normalized);
  for (const route of ROUTES) {
    if (route.module) continue;
    const params = matchPattern(route.path, segments);
    if (params) return { route, params, pathname: normalized };
  }
  const [slug, page, ...rest] = segments;
  if (slug === undefined || page === undefined || rest.length > 0) return null;
  const decodedSlug = safeDecode(slug);
  if (decodedSlug === null) return null;
  const module = moduleForSlug(namingFor(user, domain), decodedSlug);
  if (!module) return null;
  const route = routeById(`module.${module}.${page.toLowerCase()}`);
  if (!route) return null;
  return { route, params: { moduleSlug: decodedSlug }, module, pathname: normalized };
}

export interface Breadcrumb {
  label: string;
  path?: string;
}

/**
 * Breadcrumbs show the names of the matched routes (spec 1 §2.5). Module pages are prefixed with the
 * module's display name as this user's agency names it; parents link only when they have no params.
 */
export function breadcrumbs(match: RouteMatch, user: SessionUser | null): Breadcrumb[] {
  const trail: Breadcrumb[] = [{ label: match.route.name, path: match.pathname }];
  let parentId = match.route.parentId;
  while (parentId) {
    const parent = routeById(parentId);
    if (!parent) break;
    trail.unshift(
      parent.path.includes(':') ? { label: parent.name } : { label: parent.name, path: parent.path },
    );
    parentId = parent.parentId;
  }
  if (match.module) trail.unshift({ label: moduleNaming(user, match.module).name });
  return trail;
}
