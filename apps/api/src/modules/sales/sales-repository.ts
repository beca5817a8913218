import { and, asc, companies, companySalesLinks, type Database, eq, inArray, isNull, users } from '@app/db';

export type SalesRole = (typeof companySalesLinks.$inferInsert)['role'];

/** Sales staff of a system and their links to agencies. */
export function createSalesRepository(db: Database) {
  return {
    salesOfSystem: (systemId: number) =>
      db
        .select({ id: users.id, name: users.name, isAccExecutive: users.isAccExecutive })
        .from(users)
        .where(and(eq(users.systemId, systemId), eq(users.userType, 'sales'), isNull(users.deletedAt)))
        .orderBy(asc(users.name)),

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
