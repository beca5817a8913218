import { type Database, queryRows, sql } from '@app/db';

export interface AcceptanceRow {
  id: number;
  system_id: number;
  company_id: number;
  user_id: number;
  accepted_by_user_id: number;
  document_id: number;
  document_name: string;
  document_version: number;
  document_title: string;
  document_html: string;
  party_name: string;
  content_sha256: string;
  company_name: string;
  feature_id: number | null;
  location_menu: string | null;
  ip: string;
  accepted_at: Date;
  user_name: string;
  user_email: string;
  accepted_by_name: string;
}

export interface UserCompanyRow {
  user_id: number;
  user_type: string;
  company_id: number;
  company_kind: 'root' | 'agency' | 'client';
  company_name: string;
  parent_id: number | null;
  system_id: number;
  is_master: boolean;
  party_name: string;
  developer_agreement: boolean;
}

const ACCEPTANCE_SELECT = sql`select a.*, d.title as document_title, d.html as document_html,
    u.name as user_name, u.email as user_email, b.name as accepted_by_name
  from agreement_acceptances a
  join documents d on d.id = a.document_id
  join users u on u.id = a.user_id
  join users b on b.id = a.accepted_by_user_id`;

/** The rows of agreements: acceptances, feature agreements, download links. */
export function createAgreementRepository(db: Database) {
  return {
    /** A live user with their company and the legal name of their system (what `{{company}}` becomes). */
    async userCompany(userId: number): Promise<UserCompanyRow | undefined> {
      const [row] = await queryRows<UserCompanyRow>(
        db,
        sql`select u.id as user_id, u.user_type, c.id as company_id, c.kind as company_kind,
            c.name as company_name, c.parent_id, s.id as system_id, s.is_master,
            coalesce(nullif(r.legal_name, ''), r.name) as party_name,
            c.is_marketing_services_agreement_developer as developer_agreement
          from users u
          join companies c on c.id = u.company_id
          join systems s on s.id = c.system_id
          join companies r on r.id = s.root_company_id
          where u.id = ${userId} and u.deleted_at is null and c.deleted_at is null`,
      );
      return row;
    },

    /** The newest version of a document for a system: its own, else the deployment default. */
    async latestDocument(systemId: number, name: string) {
      const [row] = await queryRows<{ id: number; title: string; html: string; version: number }>(
        db,
        sql`select id, title, html, version from documents
          where name = ${name} and (system_id = ${systemId} or system_id is null)
          order by system_id is null, version desc limit 1`,
      );
      return row;
    },

    async insertAcceptance(
      values: {
        systemId: number;
        companyId: number;
        userId: number;
        acceptedByUserId: number;
        documentId: number;
        documentName: string;
        documentVersion: number;
        partyName: string;
        contentSha256: string;
        companyName: string;
        featureId: number | null;
        locationMenu: string | null;
        ip: string;
        acceptedAt: Date;
      },
      extra?: { developerFlag?: boolean },
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await queryRows<{ id: number }>(
          tx as unknown as Database,
          sql`insert into agreement_acceptances (system_id, company_id, user_id, accepted_by_user_id,
              document_id, document_name, document_version, party_name, content_sha256, company_name,
              feature_id, location_menu, ip, accepted_at)
            values (${values.systemId}, ${values.companyId}, ${values.userId}, ${values.acceptedByUserId},
              ${values.documentId}, ${values.documentName}, ${values.documentVersion}, ${values.partyName},
              ${values.contentSha256}, ${values.companyName}, ${values.featureId}, ${values.locationMenu},
              ${values.ip}, ${values.acceptedAt.toISOString()}::timestamptz)
            returning id`,
        );
        const id = Number(row?.id);
        // A feature agreement is accepted once per company; a second acceptance keeps the first.
        if (values.featureId !== null)
          await tx.execute(sql`insert into feature_agreements (feature_id, company_id, accepted_by_user_id, acceptance_id)
            values (${values.featureId}, ${values.companyId}, ${values.acceptedByUserId}, ${id})
            on conflict do nothing`);
        if (extra?.developerFlag !== undefined)
          await tx.execute(sql`update companies set is_marketing_services_agreement_developer = ${extra.developerFlag}
            where id = ${values.companyId}`);
        return id;
      });
    },

    async acceptance(id: number): Promise<AcceptanceRow | undefined> {
      const [row] = await queryRows<AcceptanceRow>(db, sql`${ACCEPTANCE_SELECT} where a.id = ${id}`);
      return row;
    },

    /** The newest acceptance of a user, of one document or of any. */
    async latestAcceptance(userId: number, documentName?: string): Promise<AcceptanceRow | undefined> {
      const [row] = await queryRows<AcceptanceRow>(
        db,
        sql`${ACCEPTANCE_SELECT} where a.user_id = ${userId}
          ${documentName ? sql`and a.document_name = ${documentName}` : sql``}
          order by a.accepted_at desc, a.id desc limit 1`,
      );
      return row;
    },

    /** The newest acceptance of a document by anyone of a company. */
    async latestCompanyAcceptance(companyId: number, documentName: string) {
      const [row] = await queryRows<{ id: number; accepted_at: Date }>(
        db,
        sql`select id, accepted_at from agreement_acceptances where company_id = ${companyId}
          and document_name = ${documentName} order by accepted_at desc, id desc limit 1`,
      );
      return row;
    },

    async featureAgreement(companyId: number, featureId: number) {
      const [row] = await queryRows<{ accepted_at: Date }>(
        db,
        sql`select accepted_at from feature_agreements where company_id = ${companyId} and feature_id = ${featureId}`,
      );
      return row;
    },

    async insertLink(input: { tokenSha256: string; acceptanceId: number; userId: number; expiresAt: Date }) {
      await db.execute(sql`insert into agreement_download_links (token_sha256, acceptance_id, created_by_user_id, expires_at)
        values (${input.tokenSha256}, ${input.acceptanceId}, ${input.userId}, ${input.expiresAt.toISOString()})`);
    },

    /** A link that is still usable by this person (unused, not expired), without using it. */
    async usableLink(tokenSha256: string, userId: number) {
      const [row] = await queryRows<{ id: number; acceptance_id: number }>(
        db,
        sql`select id, acceptance_id from agreement_download_links where token_sha256 = ${tokenSha256}
          and created_by_user_id = ${userId} and used_at is null and expires_at > now()`,
      );
      return row;
    },

    /** Uses a link up: one statement, so of two concurrent openings only one gets the document. */
    async claimLink(id: number): Promise<boolean> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update agreement_download_links set used_at = now()
          where id = ${id} and used_at is null and expires_at > now() returning id`,
      );
      return rows.length === 1;
    },

    async developerFlag(companyId: number): Promise<boolean> {
      const [row] = await queryRows<{ flag: boolean }>(
        db,
        sql`select is_marketing_services_agreement_developer as flag from companies where id = ${companyId}`,
      );
      return row?.flag === true;
    },

    async setDeveloperFlag(companyId: number, on: boolean) {
      await db.execute(sql`update companies set is_marketing_services_agreement_developer = ${on}
        where id = ${companyId}`);
    },

    async passwordHashOf(userId: number) {
      const [row] = await queryRows<{ id: number; password_hash: string | null }>(
        db,
        sql`select id, password_hash from users where id = ${userId}`,
      );
      return row;
    },
  };
}

export type AgreementRepository = ReturnType<typeof createAgreementRepository>;
