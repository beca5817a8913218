import type { UserType } from '@app/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-errors.js';

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
    };

declare module 'fastify' {
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
  /** Collects each registered route with its rule, for the route-rule test and the docs. */
  onRegistered?: (route: { method: string; url: string; access: AccessRule }) => void;
}

/**
 * Enforces the declaration (at registration) and the rule (per request). Identity comes with the
 * session capability; until a route's caller can be authenticated, every `user` rule answers 401.
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

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access.kind === 'public') return;
    // Token verification and scope resolution plug in here (docs/ARCHITECTURE.md, "Request flow").
    throw new HttpError(401, 'unauthenticated', 'Unauthenticated.');
  });
});
