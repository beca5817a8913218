import { randomBytes } from 'node:crypto';
import { appSecrets, type Database, eq } from '@app/db';

/**
 * A per-deployment secret: read from the database, or generated (32 random bytes, base64) on first
 * start. Two processes starting at once agree, because the first insert wins.
 */
export async function loadOrCreateSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}
