import { type Database, eq, systems } from '@app/db';
import type { SealedStripeKeys } from '../../providers/payments/gateway-directory.js';

/** A system's own Stripe keys on its `systems` row (decision 0039): the secrets sealed, the publishable key plain. */
export function createGatewayKeysRepository(db: Database) {
  return {
    async exists(systemId: number): Promise<boolean> {
      const [row] = await db.select({ id: systems.id }).from(systems).where(eq(systems.id, systemId));
      return row !== undefined;
    },

    /** The system's keys, or null when it has none of its own (or does not exist). */
    async load(systemId: number): Promise<SealedStripeKeys | null> {
      const [row] = await db
        .select({
          secretKeySealed: systems.stripeSecretKeySealed,
          webhookSecretSealed: systems.stripeWebhookSecretSealed,
          publishableKey: systems.paymentPublicKey,
        })
        .from(systems)
        .where(eq(systems.id, systemId));
      if (!row?.secretKeySealed || !row.webhookSecretSealed) return null;
      return {
        secretKeySealed: row.secretKeySealed,
        webhookSecretSealed: row.webhookSecretSealed,
        publishableKey: row.publishableKey,
      };
    },

    async save(systemId: number, keys: SealedStripeKeys): Promise<void> {
      await db
        .update(systems)
        .set({
          stripeSecretKeySealed: keys.secretKeySealed,
          stripeWebhookSecretSealed: keys.webhookSecretSealed,
          paymentPublicKey: keys.publishableKey,
        })
        .where(eq(systems.id, systemId));
    },

    /** Removes the system's keys; answers whether it had any. */
    async clear(systemId: number): Promise<boolean> {
      const cleared = await db
        .update(systems)
        .set({ stripeSecretKeySealed: null, stripeWebhookSecretSealed: null, paymentPublicKey: '' })
        .where(eq(systems.id, systemId))
        .returning({ id: systems.id });
      return cleared.length > 0;
    },
  };
}

export type GatewayKeysRepository = ReturnType<typeof createGatewayKeysRepository>;
