import { type DocumentName, HOST_PARTY_DOCUMENTS, type PublicDocument } from '@app/contracts';
import { type Database, desc, documents, eq, isNull, or, sql } from '@app/db';
import { notFound } from '../../http-errors.js';
import type { DomainService } from '../domains/index.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Legal documents by name. A system's own version wins over the deployment default; the newest
 * version is served, with `{{company}}` filled in with the legal name of the party: for the
 * documents between a host's visitors and its operator, the agency on its own host; otherwise the
 * system's company.
 */
export function createDocumentService(db: Database, domains: DomainService) {
  async function latest(systemId: number, name: DocumentName) {
    const [row] = await db
      .select()
      .from(documents)
      .where(
        sql`${documents.name} = ${name} and (${or(eq(documents.systemId, systemId), isNull(documents.systemId))})`,
      )
      .orderBy(sql`${documents.systemId} is null`, desc(documents.version))
      .limit(1);
    return row;
  }

  return {
    async get(name: DocumentName, host: string): Promise<PublicDocument> {
      const { info, legalParty } = await domains.resolve(host);
      const row = await latest(info.idsys, name);
      if (!row) throw notFound('Document Not Available');
      const party = (HOST_PARTY_DOCUMENTS as readonly DocumentName[]).includes(name)
        ? legalParty
        : info.company_legal_name;
      return {
        name,
        title: row.title,
        html: row.html.replaceAll('{{company}}', escapeHtml(party)),
        version: row.version,
        updated_at: row.createdAt.toISOString(),
      };
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
