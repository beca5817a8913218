import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IntegrationProvider, ProviderMeta } from './provider.js';

/**
 * The providers this deployment offers, by slug: adding a provider is adding its folder and one
 * entry where the runtime builds this list.
 */
export function createProviderRegistry(providers: readonly IntegrationProvider[]) {
  const bySlug = new Map(providers.map((p) => [p.meta.slug, p]));
  if (bySlug.size !== providers.length) throw new Error('two integration providers share a slug');
  return {
    get: (slug: string): IntegrationProvider | undefined => bySlug.get(slug),
    list: (): ProviderMeta[] => providers.map((p) => p.meta),
    /** Closes every provider's open connections (the runtime's shutdown). */
    close: async () => {
      await Promise.all(providers.map((p) => p.close?.()));
    },
    /** The pages the providers' sandboxes serve (a consent screen), registered outside /api. */
    pages: (): FastifyPluginAsyncZod[] => providers.flatMap((p) => (p.page ? [p.page] : [])),
  };
}

export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
