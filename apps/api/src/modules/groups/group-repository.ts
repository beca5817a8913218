import type { ModuleType } from '@app/contracts';
import { and, companyGroups, type Database, eq, firstRow, inArray } from '@app/db';

/** Postgres' unique-violation code: the company already has a group of that name (and module). */
const isNameTaken = (error: unknown) => {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
};

/**
 * Company groups' SQL. Every call names the company the group belongs to (checked against the
 * caller's scope by the access rule), so a group id of another company matches nothing.
 */
export function createGroupRepository(db: Database) {
  return {
    /** Whether the group is one of these companies' (nulls stand for none). */
    async belongsTo(groupId: number, companyIds: readonly (number | null)[]): Promise<boolean> {
      const ids = companyIds.filter((id): id is number => id !== null);
      if (ids.length === 0) return false;
      const rows = await db
        .select({ id: companyGroups.id })
        .from(companyGroups)
        .where(and(eq(companyGroups.id, groupId), inArray(companyGroups.companyId, ids)));
      return rows.length > 0;
    },

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

    /** The new group's id, or 'name_taken' (the unique index decides, however many saves race). */
    async create(companyId: number, values: { name: string; module: ModuleType }) {
      try {
        const rows = await db
          .insert(companyGroups)
          .values({ companyId, ...values })
          .returning({ id: companyGroups.id });
        return firstRow(rows, 'company group').id;
      } catch (error) {
        if (isNameTaken(error)) return 'name_taken' as const;
        throw error;
      }
    },

    /** False when the group is not the company's; 'name_taken' when another group has the name. */
    async rename(companyId: number, groupId: number, values: { name: string; module: ModuleType }) {
      try {
        const updated = await db
          .update(companyGroups)
          .set(values)
          .where(and(eq(companyGroups.id, groupId), eq(companyGroups.companyId, companyId)))
          .returning({ id: companyGroups.id });
        return updated.length > 0;
      } catch (error) {
        if (isNameTaken(error)) return 'name_taken' as const;
        throw error;
      }
    },

    /** The group's id is checked against the caller's scope by the access rule. */
    remove: (groupId: number) => db.delete(companyGroups).where(eq(companyGroups.id, groupId)),
  };
}

export type GroupRepository = ReturnType<typeof createGroupRepository>;
