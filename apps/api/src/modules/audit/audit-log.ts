import { type Database, userLogs } from '@app/db';

export interface AuditEvent {
  systemId: number;
  companyId: number | null;
  /** Who the action was done as. */
  userId: number | null;
  /** The real person, when different (view mode: "A acting as B"). */
  actorUserId?: number | null;
  targetUserId?: number | null;
  action: string;
  category: 'auth' | 'view_mode' | 'settings' | 'user' | 'client';
  description: string;
  /** The IP the server saw (request.ip), never a header the browser set. */
  ip: string;
  campaignId?: number | null;
}

/** Appends to the user logs (spec 2 §3 "User log row"); rows are never changed. */
export function createAuditLog(db: Database) {
  return {
    async record(event: AuditEvent): Promise<void> {
      await db.insert(userLogs).values({
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
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
