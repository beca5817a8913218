import { and, asc, companies, companySalesLinks, type Database, eq, inArray, isNull, users } from '@app/db';

export type SalesRole = (typeof companySalesLinks.$inferInsert)['role'];
/** The roles in the order people read them. */
const SALES_ROLES: readonly SalesRole[] = ['sales_rep', 'account_executive', 'referrer'];

/** Sales staff of a system and their links to agencies. */
export function createSalesRepository(db: Database) {
  return {
    salesOfSystem: (systemId: number) =>
      db
        .select({ id: users.id, name: users.name, isAccExecutive: users.isAccExecutive })
        .from(users)
        .where(and(eq(users.systemId, systemId), eq(users.userType, 'sales'), isNull(users.deletedAt)))
        .orderBy(asc(users.name)),

    /**
     * The system's sales people (not removed) with the roles they hold on agencies now: whose
     * commissions the system's screen lists (decision 0089).
     */
    async peopleOf(systemId: number) {
      const people = await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.systemId, systemId), eq(users.userType, 'sales'), isNull(users.deletedAt)))
        .orderBy(asc(users.name), asc(users.id));
      const links = people.length
        ? await db
            .selectDistinct({ salesUserId: companySalesLinks.salesUserId, role: companySalesLinks.role })
            .from(companySalesLinks)
            .where(
              inArray(
                companySalesLinks.salesUserId,
                people.map((p) => p.id),
              ),
            )
        : [];
      return people.map((person) => ({
        ...person,
        roles: SALES_ROLES.filter((role) =>
          links.some((l) => l.salesUserId === person.id && l.role === role),
        ),
      }));
    },

    async company(companyId: number) {
      const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
      return row;
    },

    /** Those of the ids that are sales people of the system. */
    salesAmong: (systemId: number, ids: number[]) =>
      ids.length
        ? db
            .select({ id: users.id })
            .from(users)
            .where(and(inArray(users.id, ids), eq(users.systemId, systemId), eq(users.userType, 'sales')))
        : Promise.resolve([]),

    /** The sales links of these agencies (who earns commission on their money, decision 0080). */
    linksOf: (agencyIds: readonly number[]) =>
      agencyIds.length
        ? db
            .select({
              agencyId: companySalesLinks.companyId,
              role: companySalesLinks.role,
              salesUserId: companySalesLinks.salesUserId,
            })
            .from(companySalesLinks)
            .where(inArray(companySalesLinks.companyId, [...agencyIds]))
        : Promise.resolve([]),

    /** Replaces an agency's sales links in one transaction. */
    replaceLinks: (agencyId: number, links: { role: SalesRole; salesUserId: number }[]) =>
      db.transaction(async (tx) => {
        await tx.delete(companySalesLinks).where(eq(companySalesLinks.companyId, agencyId));
        if (links.length)
          await tx.insert(companySalesLinks).values(links.map((l) => ({ companyId: agencyId, ...l })));
      }),
  };
}

export type SalesRepository = ReturnType<typeof createSalesRepository>;
