import {
  type Cents,
  centsToDollars,
  DEVELOPER_TEXTS,
  type UserApiCreatedResponse,
  type UserApiResponse,
} from '@app/contracts';
import { API_SCOPES, type ApiScope, mayHoldApiKeys } from '@app/policy';
import { HttpError, notFound } from '../../http-errors.js';
import type { AuditLog } from '../audit/index.js';
import type { ApiKeyFlag, CompanyReads, Principal } from '../tenancy/index.js';
import type { DeveloperFee } from './developer-fee.js';
import type { ApiKeyRow, DeveloperRepository } from './developer-repository.js';
import {
  type KeyTokens,
  newClientId,
  newClientSecret,
  secretMatches,
  secretSha256,
} from './key-credentials.js';

export interface KeyServiceDeps {
  repo: DeveloperRepository;
  tokens: KeyTokens;
  companies: Pick<CompanyReads, 'company'>;
  apiKeyFlag: ApiKeyFlag;
  /** The developer agreement's state (agreements module): accepted, and the acceptance's id. */
  developerAcceptance: (companyId: number) => Promise<{ accepted: boolean; acceptanceId: number | null }>;
  /** The profile menu's Developer rule for the person (identity: session user + setup check). */
  showsDeveloperEntry: (userId: number) => Promise<boolean>;
  fee: DeveloperFee;
  audit: AuditLog;
}

const conflict = (message: string, code: string) => new HttpError(409, code, message);
const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

const keyView = (key: ApiKeyRow) => ({
  client_id: key.clientId,
  secret_hint: key.secretHint,
  scopes: key.scopes,
  created_at: new Date(key.createdAt).toISOString(),
  last_used_at: iso(key.lastUsedAt),
});

/**
 * A company's Open API keys (decision 0100): made by its own people once developer mode is on, the
 * menu rule holds and the developer agreement is accepted; the first key of an enabling charges the
 * system's one-time fee. One live key per company: making or rotating one revokes the one before.
 * The secret is returned once and kept only as a hash.
 */
export function createKeyService(deps: KeyServiceDeps) {
  const { repo } = deps;

  async function companyOf(companyId: number) {
    const company = await deps.companies.company(companyId);
    if (!company || company.deletedAt || !mayHoldApiKeys(company.kind)) throw notFound();
    return company;
  }

  const log = (
    p: Principal,
    companyId: number,
    action: Parameters<AuditLog['record']>[0]['action'],
    text: string,
    ip: string,
  ) =>
    deps.audit.record({
      systemId: p.systemId,
      companyId,
      userId: p.userId,
      actorUserId: p.actorUserId,
      action,
      category: 'settings',
      description: text,
      ip,
    });

  async function state(companyId: number, baseUrl: string): Promise<UserApiResponse> {
    const company = await companyOf(companyId);
    const [key, agreement, fee, calls] = await Promise.all([
      repo.liveKey(companyId),
      deps.developerAcceptance(companyId),
      feeFor(company),
      repo.recentCalls(companyId),
    ]);
    return {
      result: 'success',
      client_id: key?.clientId ?? null,
      secret_key: null,
      base_url: baseUrl,
      api_mode: company.apiMode ? 'T' : 'F',
      is_marketing_services_agreement_developer: agreement.accepted ? 'T' : 'F',
      first_time_charge: fee === 0 ? null : centsToDollars(fee),
      fee_paid: fee === 0 || key !== undefined,
      key: key ? keyView(key) : null,
      recent_calls: calls.map((c) => ({
        id: c.id,
        method: c.method,
        route: c.route,
        status: c.status,
        duration_ms: c.durationMs,
        at: new Date(c.at).toISOString(),
      })),
    };
  }

  /** The fee a company pays on enabling: its system's, for agencies (a root company pays itself nothing). */
  async function feeFor(company: { kind: string; systemId: number }): Promise<Cents> {
    return company.kind === 'agency' ? repo.feeOf(company.systemId) : (0 as Cents);
  }

  async function make(
    p: Principal,
    companyId: number,
    baseUrl: string,
    ip: string,
    rotation: boolean,
  ): Promise<UserApiCreatedResponse> {
    // Keys are made by the company's own people (the platform's staff revoke, never make).
    if (p.companyId !== companyId) throw notFound();
    const company = await companyOf(companyId);
    if (!company.apiMode) throw conflict(DEVELOPER_TEXTS.apiModeOff, 'api_mode_off');
    if (!(await deps.showsDeveloperEntry(p.userId))) throw conflict(DEVELOPER_TEXTS.notReady, 'not_ready');
    // Agencies accept the developer agreement first (spec 2 §5: its box is required for non-system
    // users); a system's own root company has nothing to accept and no fee to pay.
    const agreement = await deps.developerAcceptance(companyId);
    if (company.kind === 'agency' && (!agreement.accepted || agreement.acceptanceId === null))
      throw conflict(DEVELOPER_TEXTS.agreementFirst, 'agreement_required');
    if (rotation && !(await repo.liveKey(companyId))) throw notFound();
    const fee = await feeFor(company);
    if (fee > 0 && agreement.acceptanceId !== null && !rotation) {
      const outcome = await deps.fee.charge({
        systemId: company.systemId,
        companyId,
        companyName: company.name,
        acceptanceId: agreement.acceptanceId,
        amount: fee,
      });
      if (outcome === 'pending') throw new HttpError(409, 'fee_pending', DEVELOPER_TEXTS.feePending);
      if (outcome === 'failed') throw new HttpError(402, 'fee_declined', DEVELOPER_TEXTS.feeDeclined);
      if (outcome === 'no_card') throw conflict(DEVELOPER_TEXTS.notReady, 'not_ready');
      if (outcome === 'charged')
        await log(
          p,
          companyId,
          'developer_fee_charged',
          `Developer fee of $${centsToDollars(fee)} charged`,
          ip,
        );
    }
    const secret = newClientSecret();
    const key = await repo.replaceKey(
      {
        systemId: company.systemId,
        companyId,
        clientId: newClientId(),
        secretSha256: secretSha256(secret),
        secretHint: secret.slice(-4),
        scopes: [...API_SCOPES],
        createdByUserId: p.userId,
      },
      p.userId,
      rotation ? 'rotated' : 'replaced',
    );
    await deps.apiKeyFlag.set(companyId, new Date(key.createdAt));
    await log(
      p,
      companyId,
      rotation ? 'api_key_rotated' : 'api_key_created',
      `${rotation ? 'Rotated the API key; new client id' : 'Created an API key, client id'} ${key.clientId}`,
      ip,
    );
    return {
      result: 'success',
      message: DEVELOPER_TEXTS.secretOnce,
      client_id: key.clientId,
      secret_key: secret,
      base_url: baseUrl,
      key: keyView(key),
    };
  }

  return {
    state,
    tokenTtlSeconds: deps.tokens.ttlSeconds,
    create: (p: Principal, companyId: number, baseUrl: string, ip: string) =>
      make(p, companyId, baseUrl, ip, false),
    rotate: (p: Principal, companyId: number, baseUrl: string, ip: string) =>
      make(p, companyId, baseUrl, ip, true),

    async revoke(p: Principal, companyId: number, ip: string) {
      await companyOf(companyId);
      // Revoking is idempotent: a company without a live key is already where the caller wants it.
      const revoked = await repo.revokeKeys(companyId, p.userId, 'revoked');
      if (revoked === 0) return { result: 'success' as const, message: 'There is no API key to revoke.' };
      await deps.apiKeyFlag.set(companyId, null);
      await log(p, companyId, 'api_key_revoked', 'Revoked the API key', ip);
      return { result: 'success' as const, message: 'The API key was revoked.' };
    },

    /** Developer mode switched off: its keys stop and the agreement must be accepted again (spec 2 §5). */
    async resetCompany(companyId: number) {
      await repo.revokeKeys(companyId, null, 'developer mode disabled');
      await deps.apiKeyFlag.set(companyId, null);
    },

    /**
     * The client-credentials exchange: the key of `clientId` when the secret matches and the key is
     * live, with the scopes asked for (all of the key's when none are asked); otherwise null.
     */
    async exchange(clientId: string, secret: string, asked: string | undefined) {
      const key = await repo.keyByClientId(clientId);
      if (!key || !secretMatches(secret, key.secretSha256)) return { ok: false as const, key };
      if (key.revokedAt) return { ok: false as const, key };
      const wanted = asked?.trim() ? asked.trim().split(/\s+/) : key.scopes;
      if (!wanted.every((s) => key.scopes.includes(s))) return { ok: false as const, key, badScope: true };
      const scopes = wanted as ApiScope[];
      const token = await deps.tokens.issue(key.id, scopes);
      return { ok: true as const, key, token, scopes };
    },
  };
}

export type KeyService = ReturnType<typeof createKeyService>;
