import { and, companies, type Database, eq, isNull, users } from '@app/db';
import type { Principal } from '../modules/tenancy/index.js';

/**
 * A demo person acting at their own desk, as the demo's first start has them save a card or top up a
 * wallet: no session behind it, nobody acting for them. Null when the person is not there.
 */
export async function demoPrincipal(db: Database, email: string): Promise<Principal | null> {
  const [person] = await db
    .select({
      userId: users.id,
      systemId: users.systemId,
      companyId: users.companyId,
      userType: users.userType,
      isSystemUser: users.isSystemUser,
      isAccExecutive: users.isAccExecutive,
      companyKind: companies.kind,
      companyParentId: companies.parentId,
      rootCompanyId: companies.rootId,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  return person ? { ...person, actorUserId: null, permissions: null, familyId: 'demo-seed' } : null;
}
