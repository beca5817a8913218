import type { RoleModule, UserType } from '@app/contracts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, notFound } from '../http-errors.js';
import type { Principal } from '../modules/tenancy/principal.js';

/** Kinds of tenant resource an id in a request can name; each is checked against the caller's scope. */
export type TenantResource =
  | 'system'
  | 'company'
  | 'user'
  | 'campaign'
  | 'group'
  | 'invoice'
  | 'file'
  | 'role';

/** Where an id sits in the request, and what it names. */
export interface ScopedId {
  in: 'params' | 'query' | 'body';
  field: string;
  resource: TenantResource;
}

/**
 * Who may call a route. Every route declares one (config.access); registering a route without
 * one fails at start-up, and a test lists every route with its rule.
 */
export type AccessRule =
  | { kind: 'public' }
  | {
      kind: 'user';
      /** User types allowed, or 'any' signed-in user. */
      userTypes: readonly UserType[] | 'any';
      /** Only users flagged systemuser (root of a system). */
      systemUserOnly?: boolean;
      /** The tenant ids this route reads from the request; all must lie in the caller's scope. */
      scope?: readonly ScopedId[];
      /** The role permission a write needs (spec 1 §3.6); people without a role hold every permission. */
      permission?: RequiredPermission;
    };

/** A role module and the action on it a route performs. */
export interface RequiredPermission {
  module: RoleModule;
  action: PermissionAction;
}
export type PermissionAction = 'enable' | 'create' | 'update' | 'delete';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of a `user` route (set by the access plugin before the handler runs). */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    access?: AccessRule;
    /** false for routes whose bodies are not sent by the web app (vendor callbacks, pixels). */
    envelope?: boolean;
  }
}

export const PUBLIC: AccessRule = { kind: 'public' };

/** Marks every route registered inside `instance` as public (plugins that bring their own routes). */
export function declareAllPublic(instance: FastifyInstance): void {
  instance.addHook('onRoute', (route) => {
    // Mutate in place: the access plugin holds this object and checks it when the app is ready.
    if (route.config) route.config.access ??= PUBLIC;
  });
}

export interface AccessOptions {
  /** Resolves the caller from the request's token; throws a 401 HttpError when there is none. */
  authenticate: (request: FastifyRequest) => Promise<Principal>;
  /** True when `id` names a `resource` inside the caller's scope. */
  inScope: (principal: Principal, resource: TenantResource, id: number) => Promise<boolean>;
  /** True when the caller's role grants the permission (or the caller has no role). */
  hasPermission: (principal: Principal, permission: RequiredPermission) => Promise<boolean>;
  /** Collects each registered route with its rule, for the route-rule test and the docs. */
  onRegistered?: (route: { method: string; url: string; access: AccessRule }) => void;
}

/** Ids arrive as path strings or JSON numbers; anything that is not a positive integer is no id. */
function idValue(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,10}$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * Enforces the declaration (at registration) and the rule (per request): authenticate, check the
 * user type, then every declared id against the caller's scope. A foreign, missing or malformed id
 * answers 404, exactly like an unknown one. Body ids are checked after the dt envelope is opened.
 */
export const accessPlugin = fp<AccessOptions>(async (app, options) => {
  // Hooks of enclosing plugins run first, so the rule is read once all hooks have run: at ready.
  const registered: { method: string; url: string; config: NonNullable<RouteOptions['config']> }[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    route.config ??= {};
    registered.push({ method: [route.method].flat().join(','), url: route.url, config: route.config });
  });
  app.addHook('onReady', async () => {
    for (const { method, url, config } of registered) {
      if (!config.access) throw new Error(`Route ${method} ${url} declares no access rule (config.access)`);
      options.onRegistered?.({ method, url, access: config.access });
    }
  });

  app.decorateRequest('principal', null);

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access.kind === 'public') return;
    const principal = await options.authenticate(request);
    const typeAllowed = access.userTypes === 'any' || access.userTypes.includes(principal.userType);
    if (!typeAllowed || (access.systemUserOnly && !principal.isSystemUser)) throw notFound();
    request.principal = principal;
    // Permission before ids: a person without the permission learns nothing about which ids exist.
    if (access.permission && !(await options.hasPermission(principal, access.permission)))
      throw forbidden('You do not have permission to do this.');
    await checkScope(request, principal, access.scope, ['params', 'query']);
  });

  // Body ids can only be read once the envelope is open and the body validated.
  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access;
    if (access?.kind !== 'user' || !request.principal) return;
    await checkScope(request, request.principal, access.scope, ['body']);
  });

  async function checkScope(
    request: FastifyRequest,
    principal: Principal,
    scope: readonly ScopedId[] | undefined,
    parts: ScopedId['in'][],
  ) {
    for (const item of scope ?? []) {
      if (!parts.includes(item.in)) continue;
      const source = request[item.in] as Record<string, unknown> | undefined;
      const raw = source?.[item.field];
      if (raw === undefined && item.in === 'body') continue; // optional body ids: the schema decides
      const id = idValue(raw);
      if (id === null || !(await options.inScope(principal, item.resource, id))) throw notFound();
    }
  }
});
