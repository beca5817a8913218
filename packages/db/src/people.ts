import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from './client.js';
import { users } from './schema/index.js';

/**
 * The live account of a system that holds an e-mail address (other than `exceptUserId`), if any:
 * the one reading of "is this address taken", as the unique index on live addresses sees it.
 */
export async function emailHolder(
  db: Database,
  systemId: number,
  email: string,
  exceptUserId?: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.systemId, systemId),
        eq(users.email, email),
        isNull(users.deletedAt),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return row?.id;
}
