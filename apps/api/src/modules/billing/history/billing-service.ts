import { Readable } from 'node:stream';
import {
  BILLING_ACCOUNT_INVALID,
  BILLING_ACCOUNT_KINDS,
  BILLING_ACCOUNT_LABELS,
  BILLING_CSV_MAX_LINES,
  BILLING_PAGE_SIZE,
  type BillingAccount,
  type BillingAccountKind,
  type BillingDownloadQuery,
  type BillingHistoryQuery,
  type BillingHistoryResponse,
  type BillingPartiesResponse,
  type BillingParty,
  centsToDollars,
} from '@app/contracts';
import { mayReadBilling, mayReadBillingAccount, type BillingParty as PolicyParty } from '@app/policy';
import { notFound } from '../../../http-errors.js';
import { csvChunks } from '../../../lib/csv.js';
import type { TenantResource } from '../../../plugins/access.js';
import type { AccountWithBalance, Ledger, LedgerOwner } from '../../ledger/index.js';
import type { Principal } from '../../tenancy/index.js';
import { CSV_HEADER, csvRowOf, lineOnWire } from './billing-lines.js';
import type { BillingRepository } from './billing-repository.js';

/** Whose history a route names: a company (its root company stands for the system) or a person. */
export type PartyRef = { type: 'company'; id: number } | { type: 'user'; id: number };

interface ResolvedParty {
  wire: BillingParty;
  owner: LedgerOwner;
  /** The party as the policy reads it (which of its accounts the reader may see). */
  policy: PolicyParty;
}

const kindOrder = (kind: string) => BILLING_ACCOUNT_KINDS.indexOf(kind as BillingAccountKind);

const accountOnWire = (a: AccountWithBalance & { kind: BillingAccountKind }): BillingAccount => ({
  kind: a.kind,
  reference: a.reference,
  label: a.reference ? `${BILLING_ACCOUNT_LABELS[a.kind]} (${a.reference})` : BILLING_ACCOUNT_LABELS[a.kind],
  balance: centsToDollars(a.balance),
});

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'party';

/**
 * Billing history (decision 0035): which ledger accounts a party has, one account's statement a
 * page of 10 lines at a time (a month or all), and the same as CSV. Who may read whose history is
 * the policy's `mayReadBilling`, on top of the scope check the route made; anything else is 404.
 */
export function createBillingService(deps: {
  repo: BillingRepository;
  ledger: Ledger;
  inScope: (principal: Principal, resource: TenantResource, id: number) => Promise<boolean>;
}) {
  const { repo, ledger } = deps;

  async function resolve(p: Principal, ref: PartyRef): Promise<ResolvedParty> {
    if (ref.type === 'user') {
      const person = await repo.person(p.systemId, ref.id);
      if (!person) throw notFound();
      const policy: PolicyParty = { type: 'user', id: person.id };
      if (!mayReadBilling(p, policy)) throw notFound();
      return {
        wire: { type: 'user', id: person.id, kind: 'person', name: person.name },
        owner: { type: 'user', userId: person.id },
        policy,
      };
    }
    const company = await repo.company(p.systemId, ref.id);
    if (!company) throw notFound();
    const policy: PolicyParty = { type: 'company', ...company };
    if (!mayReadBilling(p, policy)) throw notFound();
    const owner: LedgerOwner =
      company.kind === 'root' ? { type: 'system' } : { type: 'company', companyId: company.id };
    const kind = company.kind === 'root' ? 'system' : company.kind;
    return { wire: { type: 'company', id: company.id, kind, name: company.name }, owner, policy };
  }

  /** The party's accounts in tab order, and the one asked for (the first when none is named). */
  async function accountsOf(p: Principal, party: ResolvedParty, query: BillingDownloadQuery) {
    // Money accounts only: a prepaid block counts leads, shown with its campaign (decision 0072).
    const accounts = (await ledger.accountsOf({ systemId: p.systemId, owner: party.owner }))
      .filter((a): a is AccountWithBalance & { kind: BillingAccountKind } => kindOrder(a.kind) >= 0)
      .filter((a) => mayReadBillingAccount(p, party.policy, a.kind))
      .sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind) || a.reference.localeCompare(b.reference));
    const chosen = query.account
      ? accounts.find((a) => a.kind === query.account && a.reference === (query.reference ?? ''))
      : accounts[0];
    if (query.account && !chosen) throw notFound(BILLING_ACCOUNT_INVALID);
    return { accounts, chosen };
  }

  /** Names of the companies lines concern, for those the reader may see (others stay unnamed). */
  async function companyNames(p: Principal, ids: Iterable<number>) {
    const rows = await repo.companies(p.systemId, [...new Set(ids)]);
    const visible = await Promise.all(rows.map((row) => deps.inScope(p, 'company', row.id)));
    const names = new Map(rows.filter((_, i) => visible[i]).map((row) => [row.id, row.name]));
    return (id: number) => names.get(id);
  }

  const companiesOf = (lines: readonly { cause: { companyId: number | null } }[]) =>
    lines.flatMap((l) => (l.cause.companyId === null ? [] : [l.cause.companyId]));

  return {
    async history(p: Principal, ref: PartyRef, query: BillingHistoryQuery): Promise<BillingHistoryResponse> {
      const party = await resolve(p, ref);
      const { accounts, chosen } = await accountsOf(p, party, query);
      const page = query.page ?? 1;
      const month = query.month ?? null;
      const base = {
        party: party.wire,
        accounts: accounts.map(accountOnWire),
        month,
        current_page: page,
        per_page: BILLING_PAGE_SIZE,
      };
      if (!chosen)
        return {
          ...base,
          account: null,
          total: 0,
          last_page: 1,
          from: null,
          to: null,
          opening_balance: '0',
          closing_balance: '0',
          data: [],
        };
      const statement = await ledger.statement({
        systemId: p.systemId,
        accountId: chosen.id,
        month,
        page,
        pageSize: BILLING_PAGE_SIZE,
      });
      const name = await companyNames(p, companiesOf(statement.lines));
      const from = statement.lines.length === 0 ? null : (page - 1) * BILLING_PAGE_SIZE + 1;
      return {
        ...base,
        account: accountOnWire(chosen),
        total: statement.totalLines,
        last_page: Math.max(1, Math.ceil(statement.totalLines / BILLING_PAGE_SIZE)),
        from,
        to: from === null ? null : from + statement.lines.length - 1,
        opening_balance: centsToDollars(statement.openingBalance),
        closing_balance: centsToDollars(statement.closingBalance),
        data: statement.lines.map((line) => lineOnWire(line, name, chosen?.kind)),
      };
    },

    /**
     * The account's lines of the month (or all) as CSV (RFC 4180, formula-safe), at most 50,000,
     * streamed: the ledger's keyset batches become CSV chunks as the client reads, so memory holds
     * one batch whatever the file's length (decision 0040).
     */
    async download(p: Principal, ref: PartyRef, query: BillingDownloadQuery) {
      const party = await resolve(p, ref);
      const { chosen } = await accountsOf(p, party, query);
      const month = query.month ?? null;
      const exported = chosen
        ? await ledger.statementExport({
            systemId: p.systemId,
            accountId: chosen.id,
            month,
            limit: BILLING_CSV_MAX_LINES,
          })
        : null;
      // Company names are looked up once per company across the batches.
      const names = new Map<number, string | undefined>();
      async function* records() {
        if (!exported) return;
        for await (const lines of exported.batches()) {
          const unknown = companiesOf(lines).filter((id) => !names.has(id));
          if (unknown.length > 0) {
            const found = await companyNames(p, unknown);
            for (const id of unknown) names.set(id, found(id));
          }
          yield lines.map((line) => csvRowOf(lineOnWire(line, (id) => names.get(id), chosen?.kind)));
        }
      }
      const fileName = `billing-history-${slug(party.wire.name)}-${chosen?.kind ?? 'none'}-${month ?? 'all'}.csv`;
      return {
        body: Readable.from(csvChunks(CSV_HEADER, records())),
        fileName,
        total: exported?.total ?? 0,
        truncated: exported?.truncated ?? false,
      };
    },

    /** The system's picker: the system itself, then every company and person holding an account. */
    async parties(p: Principal): Promise<BillingPartiesResponse> {
      const owners = await ledger.owners(p.systemId);
      const companyIds = owners.flatMap((o) => (o.type === 'company' ? [o.companyId] : []));
      const userIds = owners.flatMap((o) => (o.type === 'user' ? [o.userId] : []));
      const [system, companies, people] = await Promise.all([
        repo.company(p.systemId, p.rootCompanyId),
        repo.companies(p.systemId, companyIds),
        repo.people(p.systemId, userIds),
      ]);
      const byName = (a: BillingParty, b: BillingParty) => a.name.localeCompare(b.name);
      const ofKind = (kind: 'agency' | 'client') =>
        companies
          .filter((c) => c.kind === kind)
          .map((c): BillingParty => ({ type: 'company', id: c.id, kind, name: c.name }))
          .sort(byName);
      return {
        parties: [
          ...(system ? [{ type: 'company', id: system.id, kind: 'system', name: system.name } as const] : []),
          ...ofKind('agency'),
          ...ofKind('client'),
          ...people
            .map((u): BillingParty => ({ type: 'user', id: u.id, kind: 'person', name: u.name }))
            .sort(byName),
        ],
      };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
