import {
  type AcceptableDocument,
  AGREEMENT_LINK_MINUTES,
  type AgreementAcceptance,
  type BetaFeatureId,
} from '@app/contracts';
import type { Database } from '@app/db';
import { HttpError, notFound } from '../../http-errors.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditLog } from '../audit/index.js';
import { newOpaqueToken, sha256 } from '../identity/index.js';
import type { Principal } from '../tenancy/index.js';
import { renderAgreementPdf } from './agreement-pdf.js';
import { type AcceptanceRow, createAgreementRepository } from './agreement-repository.js';
import type { BetaFeatureService } from './beta-feature-service.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The text exactly as the documents route shows it: `{{company}}` becomes the system's legal name. */
export const fillDocument = (html: string, partyName: string) =>
  html.replaceAll('{{company}}', escapeHtml(partyName));

export const LINK_GONE = 'This download link has expired or was already used. Please ask for a new one.';

export interface AgreementDependencies {
  db: Database;
  beta: BetaFeatureService;
  /** The user logs: every acceptance is written there too, readable by the people who read the logs. */
  audit: AuditLog;
  /**
   * The runtime's clock: an acceptance's time is when minimum spend starts (decision 0077), so it is
   * billing's time, settable in tests like every other.
   */
  clock: Clock;
  /** The identity module's password check of the caller (refused in view mode, rate-limited). */
  reauthenticate: (input: {
    principal: Principal;
    user: { id: number; passwordHash: string | null };
    password: string;
    ip: string;
  }) => Promise<void>;
}

const view = (row: AcceptanceRow): AgreementAcceptance => ({
  id: row.id,
  user_id: row.user_id,
  company_id: row.company_id,
  company_name: row.company_name,
  document_type: row.document_name,
  document_title: row.document_title,
  document_version: row.document_version,
  content_sha256: row.content_sha256,
  feature_id: row.feature_id,
  ip: row.ip,
  accepted_at: new Date(row.accepted_at).toISOString(),
});

/** The log line of an acceptance: which document, which exact version (and its hash), for whom. */
const acceptanceDescription = (row: AcceptanceRow) =>
  `Accepted "${row.document_title}" (${row.document_name}) version ${row.document_version} for ` +
  `${row.company_name}; text SHA-256 ${row.content_sha256.slice(0, 12)}…, record #${row.id}`;

/**
 * Accepting agreements (a record of who, for which company, when, from where and which exact
 * version), the feature agreements behind the beta gate, and the PDF of an accepted version through
 * a short-lived, single-use link opened with one's password (decision 0034).
 */
export function createAgreementService(deps: AgreementDependencies) {
  const repo = createAgreementRepository(deps.db);

  async function userCompany(userId: number) {
    const row = await repo.userCompany(userId);
    if (!row) throw notFound();
    return row;
  }

  async function accept(input: {
    principal: Principal;
    userId: number;
    companyId?: number;
    document: AcceptableDocument;
    featureId?: BetaFeatureId;
    locationMenu?: string;
    ip: string;
    developerFlag?: boolean;
  }): Promise<AgreementAcceptance> {
    // One accepts for oneself: the route's action already refused a stand-in (view mode, SSO).
    if (input.userId !== input.principal.userId) throw notFound();
    const who = await userCompany(input.userId);
    if (input.companyId !== undefined && input.companyId !== who.company_id) throw notFound();
    const doc = await repo.latestDocument(who.system_id, input.document);
    if (!doc) throw notFound('Document Not Available');
    const html = fillDocument(doc.html, who.party_name);
    const id = await repo.insertAcceptance(
      {
        systemId: who.system_id,
        companyId: input.featureId ? await featureCompany(who.company_id, input.featureId) : who.company_id,
        userId: who.user_id,
        acceptedByUserId: input.principal.actorUserId ?? input.principal.userId,
        documentId: doc.id,
        documentName: input.document,
        documentVersion: doc.version,
        partyName: who.party_name,
        contentSha256: sha256(html),
        companyName: who.company_name,
        featureId: input.featureId ?? null,
        locationMenu: input.locationMenu ?? null,
        ip: input.ip,
        acceptedAt: deps.clock.now(),
      },
      input.developerFlag === undefined ? undefined : { developerFlag: input.developerFlag },
    );
    const row = await repo.acceptance(id);
    if (!row) throw new Error(`acceptance ${id} vanished`);
    await deps.audit.record({
      systemId: who.system_id,
      companyId: row.company_id,
      userId: input.principal.userId,
      actorUserId: input.principal.actorUserId ?? input.principal.userId,
      action: 'agreement_accepted',
      category: 'user',
      description: acceptanceDescription(row),
      ip: input.ip,
    });
    return view(row);
  }

  /** A feature agreement belongs to the agency the feature is offered to; it must be offered. */
  async function featureCompany(companyId: number, featureId: BetaFeatureId): Promise<number> {
    const gate = await deps.beta.gateOf(companyId, featureId);
    const agency = await deps.beta.agencyOf(companyId);
    if (gate.gate === 'unavailable' || !agency) throw notFound();
    // Only the agency's own people accept for it (a client does not sign its agency's agreement).
    if (agency.agencyId !== companyId) throw notFound();
    return agency.agencyId;
  }

  return {
    accept,
    userCompany,

    /** The developer agreement state of a company (spec 2 §7). */
    async developerState(companyId: number) {
      const accepted = await repo.latestCompanyAcceptance(
        companyId,
        'marketing-services-agreement-developer',
      );
      return { accepted_at: accepted ? new Date(accepted.accepted_at).toISOString() : null };
    },

    /**
     * The developer agreement as the Developer API needs it (decision 0100): whether the company's
     * flag is on, and the acceptance that turned it on (its id is the business key of the one-time
     * fee: each enabling is accepted anew, so a re-enabled company is charged again).
     */
    async developerAcceptance(companyId: number) {
      const flag = await repo.developerFlag(companyId);
      const accepted = flag
        ? await repo.latestCompanyAcceptance(companyId, 'marketing-services-agreement-developer')
        : undefined;
      return {
        accepted: flag && accepted !== undefined,
        acceptanceId: accepted ? Number(accepted.id) : null,
      };
    },

    /** Developer mode switched off by the platform: the agreement must be accepted again (spec 2 §5). */
    async resetDeveloper(companyId: number) {
      await repo.setDeveloperFlag(companyId, false);
    },

    /** Turning developer mode's agreement off changes the flag only; there is nothing to accept. */
    async withdrawDeveloper(principal: Principal, userId: number, companyId: number, ip: string) {
      if (userId !== principal.userId) throw notFound();
      const who = await userCompany(userId);
      if (who.company_id !== companyId) throw notFound();
      await repo.setDeveloperFlag(companyId, false);
      await deps.audit.record({
        systemId: who.system_id,
        companyId,
        userId: principal.userId,
        actorUserId: principal.actorUserId ?? principal.userId,
        action: 'developer_agreement_withdrawn',
        category: 'user',
        description: `Turned off the developer marketing services agreement of ${who.company_name}`,
        ip,
      });
    },

    /** Status T once the user's agency has accepted the feature's agreement. */
    async featureStatus(userId: number, featureId: BetaFeatureId) {
      const who = await userCompany(userId);
      const agency = await deps.beta.agencyOf(who.company_id);
      const row = agency ? await repo.featureAgreement(agency.agencyId, featureId) : undefined;
      return {
        result: 'success' as const,
        status: row ? ('T' as const) : ('F' as const),
        accepted_at: row ? new Date(row.accepted_at).toISOString() : null,
      };
    },

    /** A link for the caller to the PDF of the user's newest accepted agreement (of a type, or any). */
    async createLink(principal: Principal, userId: number, document?: AcceptableDocument) {
      const acceptance = await repo.latestAcceptance(userId, document);
      if (!acceptance) throw notFound('This user has not accepted an agreement yet.');
      const token = newOpaqueToken();
      const expiresAt = new Date(Date.now() + AGREEMENT_LINK_MINUTES * 60_000);
      await repo.insertLink({
        tokenSha256: sha256(token),
        acceptanceId: acceptance.id,
        userId: principal.userId,
        expiresAt,
      });
      return {
        result: 'success' as const,
        url: `/download-auth/${token}`,
        pkdoc: token,
        expires_at: expiresAt.toISOString(),
      };
    },

    /**
     * Opens a link: it must be the caller's, unused and unexpired; the caller's password is checked
     * (a link alone, forwarded or leaked, opens nothing); then the link is used up in one statement
     * and the PDF of the exact accepted text is made, after checking that text against its hash.
     */
    async open(input: { principal: Principal; token: string; password: string; ip: string }) {
      const link = await repo.usableLink(sha256(input.token), input.principal.userId);
      if (!link) throw new HttpError(410, 'link_gone', LINK_GONE);
      const user = await repo.passwordHashOf(input.principal.userId);
      if (!user) throw notFound();
      await deps.reauthenticate({
        principal: input.principal,
        user: { id: user.id, passwordHash: user.password_hash },
        password: input.password,
        ip: input.ip,
      });
      if (!(await repo.claimLink(link.id))) throw new HttpError(410, 'link_gone', LINK_GONE);
      const row = await repo.acceptance(link.acceptance_id);
      if (!row) throw notFound();
      const html = fillDocument(row.document_html, row.party_name);
      if (sha256(html) !== row.content_sha256)
        throw new Error(`agreement ${row.id}: the stored text no longer matches its hash`);
      const pdf = await renderAgreementPdf({
        title: row.document_title,
        html,
        version: row.document_version,
        contentSha256: row.content_sha256,
        record: {
          acceptanceId: row.id,
          userName: row.user_name,
          userEmail: row.user_email,
          acceptedByName: row.accepted_by_user_id === row.user_id ? null : row.accepted_by_name,
          companyName: row.company_name,
          acceptedAt: new Date(row.accepted_at),
          ip: row.ip,
        },
      });
      const fileName = `${row.document_name}-v${row.document_version}-${row.id}.pdf`;
      return { pdf, fileName };
    },
  };
}

export type AgreementService = ReturnType<typeof createAgreementService>;
