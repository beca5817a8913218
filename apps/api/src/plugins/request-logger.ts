import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/**
 * `request.log`, built when a line is written. Fastify gives every request a child logger carrying
 * its request id; pino builds one by copying options and serialising the bindings, which is work
 * (and garbage) on every request although almost none of them logs anything at the product's
 * levels (warn in production: only failures). This stand-in holds the parent and the bindings and
 * makes pino's child on the first line, so a request that logs nothing pays one small object.
 * Lines go out exactly as before (same bindings: the request id), only later.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    if (!this.made) this.made = this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.options?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real.level = level;
  }

  // Methods on the prototype (not arrow fields), so an instance is two references and nothing more.
  // biome-ignore lint/suspicious/noExplicitAny: pino's overloaded log signature, passed through as is
  fatal(...args: any[]) {
    Reflect.apply(this.real.fatal, this.real, args);
  }
  // biome-ignore lint/suspicious/noExplicitAny: as above
  error(...args: any[]) {
    Reflect.apply(this.real.error, this.real, args);
  }
  // biome-ignore lint/suspicious/noExplicitAny: as above
  warn(...args: any[]) {
    Reflect.apply(this.real.warn, this.real, args);
  }
  // biome-ignore lint/suspicious/noExplicitAny: as above
  info(...args: any[]) {
    Reflect.apply(this.real.info, this.real, args);
  }
  // biome-ignore lint/suspicious/noExplicitAny: as above
  debug(...args: any[]) {
    Reflect.apply(this.real.debug, this.real, args);
  }
  // biome-ignore lint/suspicious/noExplicitAny: as above
  trace(...args: any[]) {
    Reflect.apply(this.real.trace, this.real, args);
  }
  // biome-ignore lint/suspicious/noExplicitAny: as above
  silent(...args: any[]) {
    Reflect.apply(this.real.silent, this.real, args);
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger is made on its first line (see above). */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new LazyRequestLogger(logger, bindings, options);
