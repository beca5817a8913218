import { companies, type Database, DEMO, eq, firstRow, systems, users } from '@app/db';

/** The demo ids the ledger tests post between: the master system and BrightReach, a company and a person of each. */
export async function ledgerWorld(db: Database) {
  const systemNamed = async (name: string) =>
    firstRow(await db.select({ id: systems.id }).from(systems).where(eq(systems.name, name)), name).id;
  const companyNamed = async (name: string) =>
    firstRow(await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)), name).id;
  const userWith = async (email: string) =>
    firstRow(await db.select({ id: users.id }).from(users).where(eq(users.email, email)), email).id;
  return {
    master: {
      systemId: await systemNamed(DEMO.master.systemName),
      agencyId: await companyNamed(DEMO.northwind.name),
      clientId: await companyNamed(DEMO.northwind.clients[0].name),
      salesUserId: await userWith(DEMO.master.sales.email),
    },
    other: {
      systemId: await systemNamed(DEMO.brightreach.systemName),
      agencyId: await companyNamed(DEMO.brightreach.agency.name),
      userId: await userWith(DEMO.brightreach.rootUser.email),
    },
  };
}

export type LedgerWorld = Awaited<ReturnType<typeof ledgerWorld>>;
