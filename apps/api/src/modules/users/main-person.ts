import { and, asc, companies, type Database, eq, inArray, isNull, users } from '@app/db';

/**
 * A company's main person: the earliest of its people not removed, who gets the company's receipts,
 * notices and payment reminders — with the company's name and system, which those e-mails need.
 */
export function mainPersonOf(db: Database) {
  return async (companyId: number) => {
    const [row] = await db
      .select({
        email: users.email,
        name: users.name,
        companyName: companies.name,
        systemId: companies.systemId,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(users.companyId, companyId), isNull(users.deletedAt)))
      .orderBy(asc(users.id))
      .limit(1);
    return row;
  };
}

export type MainPersonOf = ReturnType<typeof mainPersonOf>;

/** The names of people of a system by id (who changed a setting, decision 0089); others are absent. */
export function personNamesOf(db: Database) {
  return async (systemId: number, ids: readonly number[]): Promise<Map<number, string>> => {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.systemId, systemId), inArray(users.id, [...ids])));
    return new Map(rows.map((r) => [r.id, r.name]));
  };
}

export type PersonNamesOf = ReturnType<typeof personNamesOf>;

/** A person of the product by id, if not removed: where a notice about their own request goes. */
export function personContactOf(db: Database) {
  return async (userId: number) => {
    const [row] = await db
      .select({ email: users.email, name: users.name, companyId: users.companyId, systemId: users.systemId })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .limit(1);
    return row;
  };
}

export type PersonContactOf = ReturnType<typeof personContactOf>;
