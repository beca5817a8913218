import { and, asc, companies, type Database, eq, isNull, users } from '@app/db';

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
