import type { AuditAction } from '@app/contracts';
import { type Database, type Executor, userLogs } from '@app/db';

export interface AuditEvent {
  systemId: number;
  companyId: number | null;
  /** Who the action was done as. */
  userId: number | null;
  /** The real person, when different (view mode: "A acting as B"). */
  actorUserId?: number | null;
  targetUserId?: number | null;
  /** One of the catalogue's ids (`@app/contracts` audit-actions), so every entry has a label. */
  action: AuditAction;
  category: 'auth' | 'view_mode' | 'settings' | 'user' | 'client' | 'campaign';
  description: string;
  /** The IP the server saw (request.ip), never a header the browser set. */
  ip: string;
  campaignId?: number | null;
}

/** Who did it, as a request's principal says. */
interface Doer {
  systemId: number;
  userId: number;
  actorUserId: number | null;
}

/**
 * A settings entry (settings, minimum spend, payment accounts and keys) for a write by `p` on
 * `companyId`, with the IP the server saw.
 */
export const settingsEvent = (
  p: Doer,
  companyId: number | null,
  action: AuditAction,
  description: string,
  ip: string,
): AuditEvent => ({
  systemId: p.systemId,
  companyId,
  userId: p.userId,
  actorUserId: p.actorUserId,
  action,
  category: 'settings',
  description,
  ip,
});

/** An entry the web app writes itself (spec 1 §7.4): its action id is free text. */
export type WebAppAuditEvent = Omit<AuditEvent, 'action'> & { action: string };

/** Appends to the user logs (spec 2 §3 "User log row"); rows are never changed. */
export function createAuditLog(db: Database) {
  async function insert(event: WebAppAuditEvent, tx: Executor = db): Promise<void> {
    await tx.insert(userLogs).values({
      systemId: event.systemId,
      companyId: event.companyId,
      userId: event.userId,
      actorUserId: event.actorUserId ?? event.userId,
      targetUserId: event.targetUserId ?? null,
      action: event.action,
      category: event.category,
      description:
        event.actorUserId && event.actorUserId !== event.userId
          ? `${event.description} (acting as user ${event.userId})`
          : event.description,
      ip: event.ip,
      campaignId: event.campaignId ?? null,
    });
  }
  return {
    /** `tx`: in the caller's transaction, when the entry must commit with what it records (once). */
    record: (event: AuditEvent, tx?: Executor): Promise<void> => insert(event, tx),
    /** `POST /general/user-log-saved` only: the one writer whose action ids are not catalogued. */
    recordFromWebApp: (event: WebAppAuditEvent): Promise<void> => insert(event),
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
