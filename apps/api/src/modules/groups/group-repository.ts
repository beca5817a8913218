import type { ModuleType } from '@app/contracts';
import { and, companyGroups, type Database, eq, firstRow } from '@app/db';

/**
 * Company groups' SQL. Every call names the company the group belongs to (checked against the
 * caller's scope by the access rule), so a group id of another company matches nothing.
 */
export function createGroupRepository(db: Database) {
  return {
    list: (companyId: number, module: ModuleType | 'all') =>
      db
        .select()
        .from(companyGroups)
        .where(
          and(
            eq(companyGroups.companyId, companyId),
            module === 'all' ? undefined : eq(companyGroups.module, module),
          ),
        )
        .orderBy(companyGroups.name),

    async create(companyId: number, values: { name: string; module: ModuleType }) {
      const rows = await db
        .insert(companyGroups)
        .values({ companyId, ...values })
        .returning({ id: companyGroups.id });
      return firstRow(rows, 'company group').id;
    },

    /** False when the group is not the company's. */
    async rename(companyId: number, groupId: number, values: { name: string; module: ModuleType }) {
      const updated = await db
        .update(companyGroups)
        .set(values)
        .where(and(eq(companyGroups.id, groupId), eq(companyGroups.companyId, companyId)))
        .returning({ id: companyGroups.id });
      return updated.length > 0;
    },

    /** The group's id is checked against the caller's scope by the access rule. */
    remove: (groupId: number) => db.delete(companyGroups).where(eq(companyGroups.id, groupId)),
  };
}

export type GroupRepository = ReturnType<typeof createGroupRepository>;
