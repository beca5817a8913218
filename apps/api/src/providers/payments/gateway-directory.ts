import type { ClusterEvents } from '../../lib/cluster-events.js';
import { clusterInvalidation } from '../../lib/cluster-invalidation.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import type { GatewayName, PaymentGateway } from './gateway.js';
import type { SandboxGateway } from './sandbox/sandbox-gateway.js';
import { createStripeGateway, type StripeSettings } from './stripe/stripe-gateway.js';

/** A system's own Stripe keys as stored: the secrets sealed, the publishable key plain. */
export interface SealedStripeKeys {
  secretKeySealed: string;
  webhookSecretSealed: string;
  publishableKey: string;
}

/** Stripe keys in the clear (the deployment's default from the environment, or a system's, opened). */
export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
}

/** Asked for a Stripe gateway of a system that has no Stripe keys (nor the deployment). */
export class GatewayNotConfiguredError extends Error {
  constructor(systemId: number | null, name: string) {
    super(`The ${name} payment gateway is not configured for system ${systemId ?? '(none)'}.`);
    this.name = 'GatewayNotConfiguredError';
  }
}

/**
 * Which gateway a system's money goes through (decision 0039). A system's own Stripe keys win, then
 * the deployment's (environment), then the sandbox, which is always there. New objects (customers,
 * cards, charges, connected accounts) are made on `forSystem`; an object already made is always read,
 * settled and reconciled on the gateway its row names (`of`), so switching a system from the sandbox to
 * Stripe leaves its sandbox rows readable. Each system's keys are read at most every `ttlMs`, and at
 * once in every process after `invalidate` (the settings route calls it; the cluster events carry it);
 * a Stripe client is built once per set of keys.
 */
export function createGatewayDirectory(deps: {
  sandbox: SandboxGateway;
  /** The system's stored keys; null when it has none of its own. */
  loadKeys: (systemId: number) => Promise<SealedStripeKeys | null>;
  open: (sealed: string) => Promise<string>;
  deployment: StripeKeys | null;
  /** Where Stripe's API is (a local fake in tests). */
  api?: StripeSettings['api'];
  ttlMs?: number;
  events: Pick<ClusterEvents, 'publish' | 'subscribe'>;
}) {
  type Resolved = { keys: StripeKeys; own: boolean; gateway: PaymentGateway } | null;
  const resolved = new TtlCache<Resolved>(deps.ttlMs ?? 10_000, 1_000);
  const invalidateSystem = clusterInvalidation({
    events: deps.events,
    topic: 'payments.gateway-keys',
    forget: (systemId) => resolved.delete(systemId),
    forgetAll: () => resolved.clear(),
  });
  // One client per distinct key pair: a system's keys change rarely, and many systems may share the
  // deployment's.
  const clients = new Map<string, PaymentGateway>();
  const clientFor = (keys: StripeKeys) => {
    const id = `${keys.secretKey}\u0000${keys.webhookSecret}`;
    let gateway = clients.get(id);
    if (!gateway) {
      if (clients.size >= 1_000) clients.clear();
      gateway = createStripeGateway({
        secretKey: keys.secretKey,
        webhookSecret: keys.webhookSecret,
        api: deps.api,
      });
      clients.set(id, gateway);
    }
    return gateway;
  };

  async function stripeOf(systemId: number | null): Promise<Resolved> {
    const load = async (): Promise<Resolved> => {
      const sealed = systemId === null ? null : await deps.loadKeys(systemId);
      if (sealed) {
        const keys = {
          secretKey: await deps.open(sealed.secretKeySealed),
          webhookSecret: await deps.open(sealed.webhookSecretSealed),
          publishableKey: sealed.publishableKey,
        };
        return { keys, own: true, gateway: clientFor(keys) };
      }
      return deps.deployment
        ? { keys: deps.deployment, own: false, gateway: clientFor(deps.deployment) }
        : null;
    };
    return systemId === null ? load() : resolved.get(String(systemId), load);
  }

  return {
    sandbox: deps.sandbox,

    /** The gateway the system makes new objects on. */
    async forSystem(systemId: number): Promise<PaymentGateway> {
      return (await stripeOf(systemId))?.gateway ?? deps.sandbox;
    },

    /** The gateway an existing object lives on: its row's gateway name, with the system's keys for Stripe. */
    async of(systemId: number | null, name: GatewayName | string): Promise<PaymentGateway> {
      if (name === 'sandbox') return deps.sandbox;
      if (name !== 'stripe') throw new GatewayNotConfiguredError(systemId, name);
      const stripe = await stripeOf(systemId);
      if (!stripe) throw new GatewayNotConfiguredError(systemId, name);
      return stripe.gateway;
    },

    /** The publishable key the system's card form loads Stripe Elements with; null on the sandbox. */
    async publishableKey(systemId: number): Promise<string | null> {
      return (await stripeOf(systemId))?.keys.publishableKey || null;
    },

    /** Where the system's gateway comes from: its own keys, the deployment's, or none (the sandbox). */
    async source(systemId: number): Promise<'system' | 'deployment' | 'sandbox'> {
      const stripe = await stripeOf(systemId);
      return stripe ? (stripe.own ? 'system' : 'deployment') : 'sandbox';
    },

    /** The system's keys changed: the next call in any process reads them again. */
    invalidate(systemId: number) {
      invalidateSystem(String(systemId));
    },
  };
}

export type GatewayDirectory = ReturnType<typeof createGatewayDirectory>;
