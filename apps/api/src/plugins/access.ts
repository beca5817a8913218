import { isRowId } from '@app/contracts';
import { type Action, authorize, NO_PERMISSION, NOT_WHILE_ACTING, reaches } from '@app/policy';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, HttpError, notFound } from '../http-errors.js';
import { withWorkLog } from '../lib/process-log.js';
import type { Caller, KeyPrincipal, Principal } from '../modules/tenancy/index.js';
import { hookList } from './route-hooks.js';

/**
 * Kinds of tenant resource an id in a request can name; each is checked against the caller's scope.
 * `groupList` is a company whose groups the caller reads: one in scope, or the one the policy's
 * `groupListCompany` names (a client's agency). `campaign` is a campaign's row id: in scope when its
 * client is; `campaignPublicId` a campaign's public 8-digit id (`leadspeek_api_id`), likewise; `lead` a stored lead's id, in scope when its client is; `keywordCount` a keyword count's id, in scope when the company it was counted for is; `adMedia` an ad media's id, in scope when its company is (decision 0113); `banner` a saved banner's id, likewise.
 */
export type TenantResource =
  | 'system'
  | 'company'
  | 'groupList'
  | 'user'
  | 'group'
  | 'role'
  | 'campaign'
  | 'campaignPublicId'
  | 'lead'
  | 'keywordCount'
  | 'adMedia'
  | 'banner';

/** Where an id sits in the request, and what it names. */
export interface ScopedId {
  in: 'params' | 'query' | 'body';
  field: string;
  resource: TenantResource;
}

/**
 * A route whose action depends on its body (one call that creates or updates): the actor must reach
 * one of the actions before the body is read, and the chosen one fully once it is validated.
 */
export interface ActionFromBody {
  oneOf: readonly Action[];
  // biome-ignore lint/suspicious/noExplicitAny: the route's validated body, typed by its schema
  choose: (body: any) => Action;
}

/**
 * Who may call a route. Every route declares one (config.access); registering a route without
 * one fails at start-up, and a test lists every route with its rule. A signed-in route names the
 * action it performs; `@app/policy` decides who may perform it.
 */
export type AccessRule =
  | { kind: 'public' }
  | {
      kind: 'user';
      /** What the route does, as the policy names it. */
      action: Action | ActionFromBody;
      /** The tenant ids this route reads from the request; all must lie in the caller's scope. */
      scope?: readonly ScopedId[];
    }
  | {
      /** An Open API route (decision 0100): the caller is a key, by its access token. */
      kind: 'key';
      action: Action;
      scope?: readonly ScopedId[];
    };

/** The rule of a route that needs a signed-in caller. */
export type SignedInRule = Extract<AccessRule, { kind: 'user' }>;
export type KeyRule = Extract<AccessRule, { kind: 'key' }>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of a `user` route (set by the access plugin before the handler runs). */
    principal: Principal | null;
    /** The key calling a `key` route (set by the access plugin before the handler runs). */
    keyPrincipal: KeyPrincipal | null;
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
  /**
   * Resolves the key calling an Open API route from its access token (and counts the call against
   * the key's rate limit, writing the `RateLimit-*` headers); throws a 401 or 429 HttpError.
   */
  authenticateKey?: (request: FastifyRequest, reply: FastifyReply) => Promise<KeyPrincipal>;
  /** True when `id` names a `resource` inside the caller's scope. */
  inScope: (principal: Caller, resource: TenantResource, id: number) => Promise<boolean>;
  /** Collects each registered route with its rule, for the route-rule test and the docs. */
  onRegistered?: (route: { method: string; url: string; access: AccessRule }) => void;
}

/**
 * Throws the policy's refusal: 404 for what lies outside the caller's reach, 403 with the reason.
 * The access plugin applies it to every route's declared action; services apply it where the action
 * depends on data (one call that creates or updates, a profile form with a company step).
 */
export function requireAction(principal: Caller, action: Action): void {
  const decision = authorize(principal, action);
  if (decision.allowed) return;
  if (decision.status === 404) throw notFound();
  throw forbidden(decision.reason === 'permission' ? NO_PERMISSION : NOT_WHILE_ACTING);
}

/**
 * Ids arrive as path strings or JSON numbers; anything that is not a row id (a positive int32,
 * contracts/ids.ts) is no id, so a number beyond the range answers 404 like an unknown id.
 */
function idValue(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,10}$/.test(value)
        ? Number(value)
        : NaN;
  return isRowId(n) ? n : null;
}

/**
 * Enforces the declaration (at registration) and the rule (per request): authenticate, authorize
 * the action, then check every declared id against the caller's scope. A foreign, missing or malformed id
 * answers 404, exactly like an unknown one. Body ids are checked after the dt envelope is opened.
 */
export const accessPlugin = fp<AccessOptions>(async (app, options) => {
  // Hooks of enclosing plugins run first, so the rule is read once all hooks have run: at ready.
  const registered: { method: string; url: string; config: NonNullable<RouteOptions['config']> }[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    route.config ??= {};
    const config = route.config;
    registered.push({ method: [route.method].flat().join(','), url: route.url, config });
    // A route declared public here stays public (declareAllPublic only fills a missing rule), so
    // it gets no access hooks at all: nothing to run, no route options to read per request. Every
    // other route (signed-in, or public through declareAllPublic later) gets both, as its first
    // hooks; they read the rule from the route's own config, final once registration is done.
    if (config.access?.kind === 'public') return;
    route.onRequest = [authorizeRequest(config), ...hookList(route.onRequest)];
    route.preHandler = [authorizeBody(config), ...hookList(route.preHandler)];
  });
  app.addHook('onReady', async () => {
    for (const { method, url, config } of registered) {
      if (!config.access) throw new Error(`Route ${method} ${url} declares no access rule (config.access)`);
      options.onRegistered?.({ method, url, access: config.access });
    }
  });

  app.decorateRequest('principal', null);
  app.decorateRequest('keyPrincipal', null);

  // Hooks in callback form: a request that has nothing to check passes synchronously, with no
  // promise or microtask hop; only signed-in routes take the async path.
  const authorizeRequest =
    (config: FastifyContextConfig): onRequestHookHandler =>
    (request, reply, done) => {
      const access = config.access;
      if (!access || access.kind === 'public') return done();
      // Never return the promise: Fastify would continue once for it and once for `done`.
      if (access.kind === 'key') check(request, () => keyIn(request, reply, access), done);
      else check(request, () => signIn(request, access), done);
    };

  // Body ids can only be read once the envelope is open and the body validated.
  const authorizeBody =
    (config: FastifyContextConfig): preHandlerHookHandler =>
    (request, _reply, done) => {
      const access = config.access;
      const keyPrincipal = request.keyPrincipal;
      const principal = request.principal;
      if (access?.kind === 'key' && keyPrincipal)
        check(request, () => checkScope(request, keyPrincipal, access.scope, ['body'], true), done);
      else if (access?.kind !== 'user' || !principal) done();
      else check(request, () => checkBody(request, principal, access), done);
    };

  /**
   * An asynchronous check runs with the request's logger as the work in hand, as its handler will
   * (plugins/request-log.ts): a line the sessions, keys or scope lookups write carries the reqId.
   */
  const check = (request: FastifyRequest, run: () => Promise<void>, done: (err?: Error) => void) => {
    withWorkLog(request.log, run).then(() => done(), done);
  };

  async function signIn(request: FastifyRequest, access: SignedInRule) {
    const principal = await options.authenticate(request);
    // The action before ids: a person who may not act learns nothing about which ids exist.
    if (typeof access.action === 'string') requireAction(principal, access.action);
    else if (!access.action.oneOf.some((action) => reaches(principal, action))) throw notFound();
    request.principal = principal;
    await checkScope(request, principal, access.scope, ['params', 'query']);
  }

  /** A key's call: its token, its rate limit, the action for the key, then the ids in its reach. */
  async function keyIn(request: FastifyRequest, reply: FastifyReply, access: KeyRule) {
    if (!options.authenticateKey) throw new HttpError(401, 'unauthenticated', 'Unauthenticated.');
    const key = await options.authenticateKey(request, reply);
    requireAction(key, access.action);
    request.keyPrincipal = key;
    // An Open API filter id is optional (`?client_id=`): absent, there is nothing to check.
    await checkScope(request, key, access.scope, ['params', 'query'], true);
  }

  async function checkBody(request: FastifyRequest, principal: Principal, access: SignedInRule) {
    if (typeof access.action !== 'string') requireAction(principal, access.action.choose(request.body));
    await checkScope(request, principal, access.scope, ['body']);
  }

  async function checkScope(
    request: FastifyRequest,
    principal: Caller,
    scope: readonly ScopedId[] | undefined,
    parts: ScopedId['in'][],
    optionalQuery = false,
  ) {
    for (const item of scope ?? []) {
      if (!parts.includes(item.in)) continue;
      const source = request[item.in] as Record<string, unknown> | undefined;
      const raw = source?.[item.field];
      if (raw === undefined && item.in === 'body') continue; // optional body ids: the schema decides
      if (raw === undefined && item.in === 'query' && optionalQuery) continue;
      const id = idValue(raw);
      if (id === null || !(await options.inScope(principal, item.resource, id))) throw notFound();
    }
  }
});

/** The caller of a signed-in route (the access plugin has authenticated them before the handler). */
export const principalOf = (request: FastifyRequest): Principal => {
  if (!request.principal) throw new HttpError(401, 'unauthenticated', 'Unauthenticated.');
  return request.principal;
};

/** The key calling an Open API route (the access plugin has authenticated it before the handler). */
export const keyPrincipalOf = (request: FastifyRequest): KeyPrincipal => {
  if (!request.keyPrincipal) throw new HttpError(401, 'unauthenticated', 'Unauthenticated.');
  return request.keyPrincipal;
};
