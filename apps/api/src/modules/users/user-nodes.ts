import {
  DEFAULT_MODULE_NAMES,
  type ManagedNode,
  type ModuleType,
  offeredModules,
  PAYMENT_TERM_LABELS,
  PAYMENT_TERMS,
  type PaymentTerm,
  STAFF_SWITCHES,
  toTF,
} from '@app/contracts';
import type { UserListRow } from './user-list-repository.js';

type TermRow = { term: string; enabled: boolean };
type ModuleRow = { module: string; enabled: boolean; display_name?: string | null };

/**
 * What a company offers the companies below it. A root company without term rows offers every term
 * (the convention of the role module's rootPaymentTermsNewAgencies) and, without module rows, every
 * module of its system; an agency offers exactly its enabled rows.
 */
export function offeredBy(
  parentKind: 'root' | 'agency' | 'client' | null,
  termRows: TermRow[] | null,
  moduleRows: ModuleRow[] | null,
  isMaster: boolean,
): { terms: PaymentTerm[]; modules: ModuleType[] } {
  const terms =
    parentKind === 'root' && !termRows?.length
      ? [...PAYMENT_TERMS]
      : PAYMENT_TERMS.filter((t) => termRows?.some((r) => r.term === t && r.enabled));
  const selected = (moduleRows ?? []).filter((r) => r.enabled).map((r) => r.module);
  const modules = offeredModules({
    masterSystem: isMaster,
    selections: parentKind === 'root' && !moduleRows?.length ? [] : [selected],
  });
  return { terms, modules };
}

/** The account state a list shows: an invited person who has set a password is active. */
export const accountStatus = (row: Pick<UserListRow, 'status' | 'has_password'>) =>
  row.status === 'invited' && row.has_password ? 'active' : row.status;

/** Turns a list row into the node of spec 2 §3. */
export function toNode(r: UserListRow): ManagedNode {
  const companyNode = r.user_type === 'userdownline' || r.user_type === 'client';
  const offer = companyNode
    ? offeredBy(r.parent_kind, r.parent_terms, r.parent_modules, r.is_master)
    : { terms: [], modules: [] };
  const label = (m: ModuleType) =>
    r.parent_modules?.find((row) => row.module === m)?.display_name ?? DEFAULT_MODULE_NAMES[m].name;
  const link = (role: string) => r.sales_links?.[role] ?? null;
  const settings = r.staff_settings ?? {};
  return {
    id: r.user_id,
    company_id: r.company_id,
    company_name: r.company_name,
    name: r.name,
    email: r.email,
    phonenum: r.phonenum,
    phone_country_code: r.phone_country_code,
    phone_country_calling_code: r.phone_country_calling_code,
    user_type: r.user_type,
    package_id: r.package_id,
    subdomain: r.subdomain,
    orisubdomain: r.subdomain,
    subdomain_host: r.subdomain ? `${r.subdomain}.${r.system_domain}` : null,
    domain: r.custom_domain,
    external_organizationid: r.external_organization_id,
    manual_bill: toTF(r.manual_bill),
    is_whitelabeling: toTF(r.is_whitelabeling),
    api_mode: toTF(r.api_mode),
    is_user_generate_api: toTF(r.api_key_generated),
    is_marketing_services_agreement_developer: toTF(r.is_marketing_services_agreement_developer),
    exclude_minimum_spend: r.exclude_minimum_spend ? 1 : 0,
    exclude_onboard_charge: r.exclude_onboard_charge ? 1 : 0,
    is_onboard_charged: toTF(r.is_onboard_charged),
    customer_payment_id: r.customer_card_id,
    has_card: Boolean(r.customer_card_id),
    payment_status: r.payment_failed ? 'failed' : 'ok',
    plan_minspend_id: r.plan_min_spend_id,
    subscription_cancelled_at: r.subscription_cancelled_at
      ? new Date(r.subscription_cancelled_at).toISOString()
      : null,
    profile_setup_completed: toTF(r.profile_setup_completed),
    status_acc: accountStatus(r),
    role_id: r.role_id,
    is_acc_executive: toTF(r.is_acc_executive),
    salesrep: link('sales_rep')?.name ?? null,
    salesrepid: link('sales_rep')?.id ?? null,
    accountexecutive: link('account_executive')?.name ?? null,
    accountexecutiveid: link('account_executive')?.id ?? null,
    accountref: link('referrer')?.name ?? null,
    accountrefid: link('referrer')?.id ?? null,
    rootpaymentterm: offer.terms.map((t) => ({ value: t, label: PAYMENT_TERM_LABELS[t] })),
    rootmodules: offer.modules.map((m) => ({ value: m, label: label(m) })),
    selected_payment_term: companyNode
      ? PAYMENT_TERMS.map((term) => ({
          term,
          status: Boolean(r.terms?.some((t) => t.term === term && t.enabled)),
        }))
      : [],
    selected_modules: companyNode
      ? offeredModules({ masterSystem: r.is_master }).map((type) => ({
          type,
          status: Boolean(r.modules?.some((m) => m.module === type && m.enabled)),
        }))
      : [],
    staff_settings: Object.fromEntries(
      STAFF_SWITCHES.filter((k) => typeof settings[k] === 'boolean').map((k) => [k, settings[k] as boolean]),
    ),
    disable_client_add_campaign: toTF(r.disable_client_add_campaign),
    created_at: new Date(r.created_at).toISOString(),
  };
}
