import type { ModuleType, PaymentTerm } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';
import { firstRow } from './rows.js';
import { companies, companyModules, companyPaymentTerms, systems } from './schema/index.js';

/** A company to create: its row, and the payment terms and modules it offers (enabled unless said). */
export interface NewCompany {
  company: typeof companies.$inferInsert;
  terms: readonly { term: PaymentTerm; enabled?: boolean }[];
  modules: readonly { module: ModuleType; enabled?: boolean }[];
}

/**
 * The one way a company comes into being (sign-up, management, the demo seed): the row with its
 * terms and modules, inside the caller's transaction so the company never exists without them.
 * An agency starts with its system's default package unless one is given (decision 0061): without a
 * package it would never count as connected, and so could never add clients on its own.
 * Answers the new company's id.
 */
export async function insertCompany(tx: Database, node: NewCompany): Promise<number> {
  const row: PgInsertValue<typeof companies> = { ...node.company };
  if (node.company.kind === 'agency' && node.company.packageId === undefined)
    row.packageId = sql`(${tx
      .select({ id: systems.defaultPackageId })
      .from(systems)
      .where(eq(systems.id, node.company.systemId))})`;
  const { id } = firstRow(await tx.insert(companies).values(row).returning({ id: companies.id }), 'company');
  if (node.terms.length)
    await tx.insert(companyPaymentTerms).values(node.terms.map((t) => ({ companyId: id, ...t })));
  if (node.modules.length)
    await tx.insert(companyModules).values(node.modules.map((m) => ({ companyId: id, ...m })));
  return id;
}
