import { botCheckUses, type Database, eq, lt, systems } from '@app/db';
import type { BotCheckUses } from './bot-check.js';

/** A system's own reCAPTCHA keys; the secret is sealed with the deployment's data key. */
export interface RecaptchaSettings {
  siteKey: string;
  secretSealed: string | null;
}

export interface BotCheckRepositoryOptions {
  /** Least time between two deletions of expired uses. */
  pruneEveryMs?: number;
  now?: () => number;
}

/** The SQL of the bot check: single-use answers and the systems' reCAPTCHA settings. */
export function createBotCheckRepository(db: Database, options: BotCheckRepositoryOptions = {}) {
  const pruneEveryMs = options.pruneEveryMs ?? 60_000;
  const now = options.now ?? Date.now;
  let lastPrune = Number.NEGATIVE_INFINITY;

  const uses: BotCheckUses = {
    async claim(signature, expiresAt) {
      // Expired rows can never be claimed again (their challenges fail the expiry check first),
      // so they are dropped now and then on the way; no job is needed for a table this small.
      if (now() - lastPrune >= pruneEveryMs) {
        lastPrune = now();
        await db.delete(botCheckUses).where(lt(botCheckUses.expiresAt, new Date(lastPrune)));
      }
      // The primary key decides between concurrent claims: exactly one insert returns a row.
      const inserted = await db
        .insert(botCheckUses)
        .values({ signature, expiresAt })
        .onConflictDoNothing()
        .returning({ signature: botCheckUses.signature });
      return inserted.length === 1;
    },
  };

  return {
    uses,
    async getRecaptchaSettings(systemId: number): Promise<RecaptchaSettings | null> {
      const [row] = await db
        .select({ siteKey: systems.recaptchaSiteKey, secretSealed: systems.recaptchaSecretEncrypted })
        .from(systems)
        .where(eq(systems.id, systemId));
      return row ?? null;
    },
  };
}

export type BotCheckRepository = ReturnType<typeof createBotCheckRepository>;
