import {
  ACCOUNT_ALREADY_CONNECTING,
  type AccountRequirementsWire,
  CARD_PROVIDER_GATEWAY,
  type ConnectedAccountState,
  NO_ACCOUNT_TO_CONTINUE,
  NO_CONNECTION_TO_RESET,
  ONLY_AGENCIES_CONNECT,
  ONLY_SALES_CONNECT,
  UNKNOWN_CONNECTION_TYPE,
} from '@app/contracts';
import { paymentAccountConnected } from '@app/policy';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import { GatewayError, type PaymentGateway } from '../../providers/payments/gateway.js';
import type { GatewayDirectory } from '../../providers/payments/gateway-directory.js';
import { type AuditLog, settingsEvent } from '../audit/index.js';
import type { Principal } from '../tenancy/index.js';
import type { AccountOwner, ConnectRepository, PaymentAccountRow } from './connect-repository.js';

/** Where the onboarding sends the person back to (the app's own pages, on the host they came from). */
export interface ReturnPlace {
  /** `https://agency.example` as the request reached us. */
  origin: string;
  /** Names the link request, so each link call has its own idempotency key. */
  requestId: string;
}

const AGENCY_RETURN = '/configuration/general-setting?tab=payment-account';
const SALES_RETURN = '/configuration/sales-connect-account';
const ROOT_FEE_RETURN = '/configuration/root-fees';
/** Said when the master system is named as a payer: it receives root fees and pays none. */
export const MASTER_PAYS_NO_ROOT_FEE =
  'The master system receives root fees; it has no receiving account to connect.';

/**
 * Connected payment accounts (spec 2 §3 Billing, §7; decision 0033): creating an agency's or a sales
 * person's account at the gateway, the onboarding link, the status, and the reset. Each creation's
 * idempotency key comes from the business operation — the owner and which connection of theirs it is
 * (`connect:company:12:0`) — and no transaction is open across a gateway call: read, call, record.
 * The account's state afterwards is kept by the gateway's webhook events (payment.process-event).
 */
export function createConnectService(deps: {
  repo: ConnectRepository;
  gateways: Pick<GatewayDirectory, 'forSystem' | 'of'>;
  audit: AuditLog;
}) {
  const { repo, gateways } = deps;
  /** Where an account row lives (its own gateway, whatever the system uses now: decision 0039). */
  const gatewayOf = (systemId: number, row: PaymentAccountRow) =>
    callGateway(() => gateways.of(systemId, row.gateway));

  async function agencyOf(companyId: number) {
    const company = await repo.company(companyId);
    if (!company) throw notFound();
    if (company.kind !== 'agency')
      throw badRequest(ONLY_AGENCIES_CONNECT, { companyID: ONLY_AGENCIES_CONNECT });
    return company;
  }
  async function salesPerson(userId: number) {
    const user = await repo.user(userId);
    if (!user) throw notFound();
    if (user.userType !== 'sales') throw badRequest(ONLY_SALES_CONNECT, { userID: ONLY_SALES_CONNECT });
    return user;
  }

  /**
   * Creates the owner's account at the system's gateway unless it has a live one there; answers the
   * live one. A live account on a gateway the system no longer uses (it moved from the sandbox to
   * Stripe) is detached, kept for the record, and a new one opened (decision 0039).
   */
  async function ensureAccount(
    owner: AccountOwner,
    systemId: number,
    details: { email: string; businessName: string; country: string },
  ): Promise<PaymentAccountRow> {
    const gateway = await gateways.forSystem(systemId);
    const existing = await repo.live(owner);
    if (existing?.gateway === gateway.name) return existing;
    if (existing) await repo.detach(owner);
    const generation = await repo.generation(owner);
    const account = await callGateway(() =>
      gateway.createConnectedAccount({
        idempotencyKey: `connect:${owner.kind}:${owner.id}:${generation}`,
        ...details,
        metadata: owner.kind === 'company' ? { company_id: String(owner.id) } : { user_id: String(owner.id) },
      }),
    );
    const live = await repo.recordCreated(gateway.name, account, owner);
    if (!live) throw new Error(`connected account ${account.id} was not recorded`);
    return live;
  }

  async function linkFor(systemId: number, row: PaymentAccountRow, returnPath: string, place: ReturnPlace) {
    const gateway = await gatewayOf(systemId, row);
    return callGateway(() =>
      gateway.createOnboardingLink({
        idempotencyKey: `account-link:${row.accountId}:${place.requestId}`,
        accountId: row.accountId,
        returnUrl: `${place.origin}${returnPath}${returnPath.includes('?') ? '&' : '?'}connect=return`,
        refreshUrl: `${place.origin}${returnPath}${returnPath.includes('?') ? '&' : '?'}connect=refresh`,
      }),
    );
  }

  type Agency = NonNullable<Awaited<ReturnType<ConnectRepository['company']>>>;
  const agencyState = async (
    row: PaymentAccountRow | null,
    agency: Agency,
  ): Promise<ConnectedAccountState> => {
    const status = row?.status ?? '';
    return {
      ...stateOf(row, await gateways.forSystem(agency.systemId)),
      connected: paymentAccountConnected({
        accountconnected: status,
        package_id: agency.packageId,
        paymentgateway: CARD_PROVIDER_GATEWAY,
        manual_bill: agency.manualBill ? 'T' : 'F',
      }),
    };
  };
  const salesState = async (
    row: PaymentAccountRow | null,
    systemId: number,
  ): Promise<ConnectedAccountState> => ({
    ...stateOf(row, await gateways.forSystem(systemId)),
    connected: row?.status === 'completed',
  });

  async function audit(
    p: Principal,
    companyId: number | null,
    action: 'payment_account_connect' | 'payment_account_reset',
    description: string,
    ip: string,
  ) {
    await deps.audit.record(settingsEvent(p, companyId, action, description, ip));
  }

  return {
    async checkAgency(companyId: number): Promise<ConnectedAccountState> {
      const agency = await agencyOf(companyId);
      return agencyState(await repo.live({ kind: 'company', id: agency.id }), agency);
    },

    async checkSales(userId: number): Promise<ConnectedAccountState> {
      const user = await salesPerson(userId);
      return salesState(await repo.live({ kind: 'user', id: user.id }), user.systemId);
    },

    /** `create-connected-account`: opens the agency's account with the details given. */
    async createAgencyAccount(
      p: Principal,
      input: { companyID: number; company_name: string; email: string; country: string },
      ip: string,
    ) {
      const agency = await agencyOf(input.companyID);
      const owner = { kind: 'company', id: agency.id } as const;
      const live = await repo.live(owner);
      if (live && live.gateway === (await gateways.forSystem(agency.systemId)).name)
        throw badRequest(ACCOUNT_ALREADY_CONNECTING);
      const row = await ensureAccount(owner, agency.systemId, {
        email: input.email,
        businessName: input.company_name,
        country: input.country,
      });
      await audit(
        p,
        agency.id,
        'payment_account_connect',
        `Started connecting a payment account for ${agency.name}`,
        ip,
      );
      return agencyState(row, agency);
    },

    /** `get-connected-account-link`: the onboarding link, opening the account first if there is none. */
    async agencyLink(p: Principal, companyId: number, place: ReturnPlace, ip: string) {
      const agency = await agencyOf(companyId);
      const owner = { kind: 'company', id: agency.id } as const;
      const had = await repo.live(owner);
      const row = await ensureAccount(owner, agency.systemId, {
        email: agency.email || (await repo.ownerEmail(agency.id)) || '',
        businessName: agency.name,
        country: 'US',
      });
      if (had?.accountId !== row.accountId)
        await audit(
          p,
          agency.id,
          'payment_account_connect',
          `Started connecting a payment account for ${agency.name}`,
          ip,
        );
      const link = await linkFor(agency.systemId, row, AGENCY_RETURN, place);
      return { ...(await agencyState(row, agency)), url: link.url, expires_at: link.expiresAt.toISOString() };
    },

    /** `get-existing-connected-account-link`: continue the onboarding of the account there is. */
    async existingAgencyLink(companyId: number, place: ReturnPlace) {
      const agency = await agencyOf(companyId);
      const row = await repo.live({ kind: 'company', id: agency.id });
      if (!row) throw badRequest(NO_ACCOUNT_TO_CONTINUE);
      const link = await linkFor(agency.systemId, row, AGENCY_RETURN, place);
      return { ...(await agencyState(row, agency)), url: link.url, expires_at: link.expiresAt.toISOString() };
    },

    /** `create-sales-connected-account`: a sales person's own account and its onboarding link. */
    async salesLink(p: Principal, userId: number, place: ReturnPlace, ip: string) {
      // Only the person themselves: someone else's id is answered like a missing one.
      if (userId !== p.userId) throw notFound();
      const user = await salesPerson(userId);
      const owner = { kind: 'user', id: user.id } as const;
      const had = await repo.live(owner);
      const row = await ensureAccount(owner, user.systemId, {
        email: user.email,
        businessName: user.name,
        country: 'US',
      });
      if (had?.accountId !== row.accountId)
        await audit(
          p,
          null,
          'payment_account_connect',
          'Started connecting a payment account for commissions',
          ip,
        );
      const link = await linkFor(user.systemId, row, SALES_RETURN, place);
      return {
        ...(await salesState(row, user.systemId)),
        url: link.url,
        expires_at: link.expiresAt.toISOString(),
      };
    },

    /**
     * The master's account that receives a non-master system's root fees (decision 0081): opened on
     * the paying system's gateway in the master root company's name, and kept as that system's root
     * company's live connected account (the system's one setting of it). The paying system's owner
     * asks for the link and the master's owner fills the onboarding in; the state then follows the
     * gateway's events like every connected account's.
     */
    /**
     * The onboarding link of the account that receives a paying system's root fees (decision 0081):
     * opened on that system's gateway in the master's name, and asked for only by the master's own
     * staff — whoever completes the onboarding names the bank account, so the system that owes the
     * fees never holds the link (found by the attacker pass). A system of the master's own or one
     * that does not exist is not found; the master itself pays no root fee.
     */
    async rootFeeAccountLink(p: Principal, payingSystemId: number, place: ReturnPlace, ip: string) {
      const own = await repo.systemRoot(p.systemId);
      if (!own?.isMaster) throw notFound();
      const system = await repo.systemRoot(payingSystemId);
      if (!system?.rootCompanyId) throw notFound();
      if (system.isMaster) throw badRequest(MASTER_PAYS_NO_ROOT_FEE);
      const master = await repo.masterRoot();
      if (!master) throw notFound();
      const owner = { kind: 'company', id: system.rootCompanyId } as const;
      const had = await repo.live(owner);
      const row = await ensureAccount(owner, system.id, {
        email: master.email || (await repo.ownerEmail(master.companyId)) || '',
        businessName: master.name,
        country: 'US',
      });
      if (had?.accountId !== row.accountId)
        await audit(
          p,
          master.companyId,
          'payment_account_connect',
          `Started connecting the account that receives the root fees of system ${system.id}`,
          ip,
        );
      const link = await linkFor(system.id, row, ROOT_FEE_RETURN, place);
      return { status: row.status, url: link.url, expires_at: link.expiresAt.toISOString() };
    },

    /**
     * `reset-payment-connection`: the agency's account no longer counts (it is detached, kept for the
     * record); connecting again opens a new one. The account itself stays at the gateway.
     */
    async resetAgency(p: Principal, companyId: number, typeConnection: string, ip: string) {
      if (typeConnection !== CARD_PROVIDER_GATEWAY)
        throw badRequest(UNKNOWN_CONNECTION_TYPE, { typeConnection: UNKNOWN_CONNECTION_TYPE });
      const agency = await agencyOf(companyId);
      const detached = await repo.detach({ kind: 'company', id: agency.id });
      if (!detached) throw badRequest(NO_CONNECTION_TO_RESET);
      await audit(
        p,
        agency.id,
        'payment_account_reset',
        `Reset the payment account connection of ${agency.name}`,
        ip,
      );
      return { result: 'success' as const, message: 'Data has been updated successfully' };
    },
  };
}

export type ConnectService = ReturnType<typeof createConnectService>;

/** The stored state on the wire; no row is the empty status. */
function stateOf(
  row: PaymentAccountRow | null,
  gateway: PaymentGateway,
): Omit<ConnectedAccountState, 'connected'> {
  return {
    result: 'success',
    status: row?.status ?? '',
    charges_enabled: row?.chargesEnabled ?? false,
    payouts_enabled: row?.payoutsEnabled ?? false,
    account_requirements: requirementsOf(row?.requirements),
    paymentgateway: CARD_PROVIDER_GATEWAY,
    // An account is where it was opened; a new one would be opened at the configured gateway.
    sandbox: (row?.gateway ?? gateway.name) === 'sandbox',
  };
}

function requirementsOf(stored: Record<string, unknown> | undefined): AccountRequirementsWire {
  const list = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  return {
    currently_due: list(stored?.currentlyDue),
    past_due: list(stored?.pastDue),
    pending_verification: list(stored?.pendingVerification),
    disabled_reason: typeof stored?.disabledReason === 'string' ? stored.disabledReason : null,
  };
}

/** Gateway refusals are the caller's 400 with the gateway's words; an outage is a 502 to retry. */
async function callGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof GatewayError) throw badRequest(err.message);
    throw new HttpError(502, 'gateway_unavailable', 'Server might be busy please try again later');
  }
}
