import { type Database, type Executor, eq, sandboxEvents, sql } from '@app/db';
import { signWebhook } from '../webhook-signature.js';
import { newId } from './sandbox-idempotency.js';

/** Posts a signed event body to our webhook endpoint; answers the HTTP status it got. */
export type WebhookDelivery = (rawBody: string, signatureHeader: string) => Promise<number>;

/** Records an event in the transaction that made the change it reports; delivered after commit. */
export async function recordEvent(
  tx: Executor,
  event: { type: string; accountId: string | null; object: Record<string, unknown> },
  now: Date,
): Promise<string> {
  const id = newId('evt');
  await tx.insert(sandboxEvents).values({ id, created: Math.floor(now.getTime() / 1000), ...event });
  return id;
}

export interface ReleaseOptions {
  /** 'newest-first' delivers the held events in reverse order (out-of-order delivery). */
  order?: 'oldest-first' | 'newest-first';
  /** How many extra times each event is delivered (Stripe delivers at least once). */
  duplicates?: number;
}

/**
 * Delivery of sandbox events to the webhook endpoint. Normally each committed event is handed to
 * `schedule` (a job, retried until the endpoint answers 2xx). The knob for tests and demos: `hold()`
 * keeps new events back; `release()` delivers them now, in either order and as often as asked, which
 * is how duplicates and out-of-order delivery are produced on demand.
 */
export function createSandboxDeliveries(deps: {
  db: Database;
  webhookSecret: string;
  deliver: WebhookDelivery;
  schedule: (eventId: string) => Promise<void>;
  now: () => Date;
}) {
  let held: string[] | null = null;

  /** The event as Stripe posts it: the same bytes on every delivery of it. */
  async function bodyOf(eventId: string): Promise<string | null> {
    const [row] = await deps.db.select().from(sandboxEvents).where(eq(sandboxEvents.id, eventId));
    if (!row) return null;
    return JSON.stringify({
      id: row.id,
      object: 'event',
      api_version: '2025-10-29.clover',
      created: row.created,
      livemode: false,
      type: row.type,
      account: row.accountId ?? undefined,
      data: { object: row.object },
    });
  }

  return {
    async dispatch(eventIds: readonly string[]): Promise<void> {
      if (held) return void held.push(...eventIds);
      for (const id of eventIds) await deps.schedule(id);
    },
    /** Delivers one event now, signed with the current time; answers the endpoint's status. */
    async deliver(eventId: string): Promise<number> {
      const body = await bodyOf(eventId);
      if (body === null) throw new Error(`sandbox event ${eventId} does not exist`);
      const status = await deps.deliver(
        body,
        signWebhook(deps.webhookSecret, body, Math.floor(deps.now().getTime() / 1000)),
      );
      await deps.db
        .update(sandboxEvents)
        .set({ deliveries: sql`${sandboxEvents.deliveries} + 1`, lastStatus: status })
        .where(eq(sandboxEvents.id, eventId));
      return status;
    },
    hold(): void {
      held ??= [];
    },
    /** Delivers every held event now and stops holding; answers each delivery's event id and status. */
    async release(options: ReleaseOptions = {}): Promise<{ eventId: string; status: number }[]> {
      const events = held ?? [];
      held = null;
      if (options.order === 'newest-first') events.reverse();
      const results: { eventId: string; status: number }[] = [];
      for (const eventId of events) {
        for (let i = 0; i <= (options.duplicates ?? 0); i++)
          results.push({ eventId, status: await this.deliver(eventId) });
      }
      return results;
    },
  };
}

export type SandboxDeliveries = ReturnType<typeof createSandboxDeliveries>;
