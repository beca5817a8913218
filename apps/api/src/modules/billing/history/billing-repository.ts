import type { CompanyKind, UserType } from '@app/contracts';
import { and, companies, type Database, eq, inArray, isNull, users } from '@app/db';

export interface CompanyParty {
  id: number;
  systemId: number;
  kind: CompanyKind;
  parentId: number | null;
  name: string;
}

export interface PersonParty {
  id: number;
  systemId: number;
  userType: UserType;
  name: string;
}

/** The parties billing history names: live companies and people, with their names. Never ledger rows. */
export function createBillingRepository(db: Database) {
  return {
    async company(systemId: number, id: number): Promise<CompanyParty | undefined> {
      const [row] = await db
        .select({
          id: companies.id,
          systemId: companies.systemId,
          kind: companies.kind,
          parentId: companies.parentId,
          name: companies.name,
        })
        .from(companies)
        .where(and(eq(companies.id, id), eq(companies.systemId, systemId), isNull(companies.deletedAt)));
      return row;
    },

    async person(systemId: number, id: number): Promise<PersonParty | undefined> {
      const [row] = await db
        .select({ id: users.id, systemId: users.systemId, userType: users.userType, name: users.name })
        .from(users)
        .where(and(eq(users.id, id), eq(users.systemId, systemId), isNull(users.deletedAt)));
      return row;
    },

    /** Live companies of the system among these ids. */
    companies: async (systemId: number, ids: readonly number[]): Promise<CompanyParty[]> =>
      ids.length === 0
        ? []
        : db
            .select({
              id: companies.id,
              systemId: companies.systemId,
              kind: companies.kind,
              parentId: companies.parentId,
              name: companies.name,
            })
            .from(companies)
            .where(
              and(
                inArray(companies.id, [...ids]),
                eq(companies.systemId, systemId),
                isNull(companies.deletedAt),
              ),
            ),

    /** Live people of the system among these ids. */
    people: async (systemId: number, ids: readonly number[]): Promise<PersonParty[]> =>
      ids.length === 0
        ? []
        : db
            .select({ id: users.id, systemId: users.systemId, userType: users.userType, name: users.name })
            .from(users)
            .where(and(inArray(users.id, [...ids]), eq(users.systemId, systemId), isNull(users.deletedAt))),
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
