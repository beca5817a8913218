import {
  DEFAULT_MODULE_NAMES,
  type ModuleType,
  moduleEntry,
  type PaymentTerm,
  phoneCallingCode,
  STAFF_SWITCHES,
} from '@app/contracts';
import { badRequest } from '../../http-errors.js';
import type { CompanyRow, UserRow } from './user-management-repository.js';

/** Form field names the host errors are reported on (spec 2 §7 payload names). */
export const SUBDOMAIN_FIELD = 'DownlineSubDomain';
export const DOMAIN_FIELD = 'DownlineDomain';

/** What a person is in the tree: the main user of an agency or a client, or staff of a company. */
export type NodeKind = 'agency' | 'client' | 'staff';

export const nodeKindOf = (user: UserRow, company: CompanyRow): NodeKind =>
  company.kind === 'agency' && user.userType === 'userdownline'
    ? 'agency'
    : company.kind === 'client' && user.userType === 'client'
      ? 'client'
      : 'staff';

/** The company id a request must name for a node: its parent for agencies and clients, its own for staff. */
export const expectedCompanyId = (kind: NodeKind, company: CompanyRow) =>
  kind === 'staff' ? company.id : company.parentId;

/** A term or module selection as the forms send it: every offered key, switched on or off. */
export type Selection<K extends string> = { key: K; status: boolean }[];

export const termSelection = (list: { term: PaymentTerm; status: boolean }[] | undefined) =>
  list?.map((t) => ({ key: t.term, status: t.status }));

export const moduleSelection = (list: { type: ModuleType; status: boolean }[] | undefined) =>
  list?.map((m) => ({ key: m.type, status: m.status }));

export const enabledOf = <K extends string>(selection: Selection<K> | undefined) =>
  (selection ?? []).filter((s) => s.status).map((s) => s.key);

/** Every module switched on must be one the parent offers (Simplifi only on the master system). */
export function checkModules(enabled: ModuleType[], offered: ModuleType[], isMaster: boolean) {
  for (const m of enabled) {
    if (offered.includes(m)) continue;
    const text =
      !isMaster && moduleEntry(m).masterOnly
        ? `${DEFAULT_MODULE_NAMES[m].name} is only available on the master platform.`
        : `${DEFAULT_MODULE_NAMES[m].name} is not offered to this account.`;
    throw badRequest(text, { selectedmodules: text });
  }
}

/** Every payment term switched on must be one the parent offers. */
export function checkTerms(enabled: PaymentTerm[], offered: PaymentTerm[]) {
  const missing = enabled.find((t) => !offered.includes(t));
  if (missing) {
    const text = `The ${missing} payment term is not offered.`;
    throw badRequest(text, { selectedterms: text });
  }
}

/** The staff switches sent ('T'/'F') laid over the stored ones; switches not sent keep their value. */
export function staffSettingsOf(
  body: Partial<Record<(typeof STAFF_SWITCHES)[number], 'T' | 'F'>>,
  current = {},
) {
  const next: Record<string, boolean> = { ...current };
  for (const key of STAFF_SWITCHES) if (body[key] !== undefined) next[key] = body[key] === 'T';
  return next;
}

/** A phone number with its country (US when none is sent) and that country's calling code. */
export function phoneOf(number: string | undefined, country: string | undefined) {
  const code = (country ?? 'US').toUpperCase();
  return { phonenum: number ?? '', phoneCountryCode: code, phoneCountryCallingCode: phoneCallingCode(code) };
}

/** What a create request adds, as the user log names it. */
export const whatWasCreated = (userType: 'userdownline' | 'client' | 'user' | 'sales') =>
  userType === 'userdownline'
    ? 'agency'
    : userType === 'client'
      ? 'client'
      : userType === 'sales'
        ? 'sales person'
        : 'administrator';
