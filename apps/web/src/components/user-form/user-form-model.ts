import {
  type CreateUserRequest,
  createUserRequestSchema,
  DEFAULT_MODULE_NAMES,
  isModuleType,
  type ManagedNode,
  MODULES,
  type ModuleType,
  offeredModules,
  PAYMENT_TERM_LABELS,
  PAYMENT_TERMS,
  type PaymentTerm,
  STAFF_SWITCHES,
  type StaffSwitch,
  type TF,
  toTF,
  type UpdateUserRequest,
  updateUserRequestSchema,
} from '@app/contracts';
import { ApiRequestError, failureMessage } from '../../api/http';
import { inputOf, placeServerErrors } from '../feedback/server-errors';
import { DEFAULT_PHONE_COUNTRY, nationalNumber, type PhoneValue } from '../phone-input/phone';

/**
 * The agency, client, administrator and sales-person forms (spec 2 §2, §3 "Client or user record",
 * §5): their values, which fields each kind shows, the request each save sends, and the checks — the
 * contracts' own request schemas, so the browser says exactly what the server would (spec 2 §5 texts).
 */

/** agency: a system's agency; client: an agency's client; staff: an administrator; sales: a sales person. */
export type UserFormKind = 'agency' | 'client' | 'staff' | 'sales';
export type UserFormMode = 'create' | 'edit';

export interface UserFormValues {
  companyName: string;
  fullName: string;
  email: string;
  phone: PhoneValue;
  /** Create only: blank invites the person by e-mail (sent as empty, spec 2 §5). */
  password: string;
  subdomain: string;
  domain: string;
  whiteLabeling: boolean;
  apiMode: boolean;
  terms: PaymentTerm[];
  modules: ModuleType[];
  planMinSpendId: number | null;
  /** 0: no role (every permission). */
  roleId: number;
  staff: Record<StaffSwitch, boolean>;
  isAccExecutive: boolean;
  /** Clients: the agency keeps campaign creation to itself (disable_client_add_campaign). */
  disableAddCampaign: boolean;
}

export type UserFormField = keyof UserFormValues;
export type UserFormErrors = Partial<Record<UserFormField, string>>;

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

const NO_STAFF_SWITCHES = Object.fromEntries(STAFF_SWITCHES.map((key) => [key, false])) as Record<
  StaffSwitch,
  boolean
>;

export const EMPTY_USER_FORM: UserFormValues = {
  companyName: '',
  fullName: '',
  email: '',
  phone: { number: '', countryCode: DEFAULT_PHONE_COUNTRY },
  password: '',
  subdomain: '',
  domain: '',
  whiteLabeling: false,
  apiMode: false,
  terms: [],
  modules: [],
  planMinSpendId: null,
  roleId: 0,
  staff: NO_STAFF_SWITCHES,
  isAccExecutive: false,
  disableAddCampaign: false,
};

/** The fields a kind of form shows (the plan select has its own rule, `showsPlanSelect`). */
export function formFields(kind: UserFormKind, mode: UserFormMode): ReadonlySet<UserFormField> {
  const person: UserFormField[] = ['fullName', 'email', 'phone'];
  const password: UserFormField[] = mode === 'create' ? ['password'] : [];
  const byKind: Record<UserFormKind, UserFormField[]> = {
    agency: [
      'companyName',
      ...person,
      'subdomain',
      'domain',
      'whiteLabeling',
      'apiMode',
      'terms',
      'modules',
      'planMinSpendId',
    ],
    client: ['companyName', ...person, ...password, 'modules', 'disableAddCampaign'],
    staff: [...person, ...password, 'roleId', 'staff'],
    // Whether someone is an account executive is set when the sales person is added.
    sales: [...person, ...password, ...(mode === 'create' ? (['isAccExecutive'] as const) : [])],
  };
  return new Set(byKind[kind]);
}

/** The form's values for an existing row. */
export function valuesFromNode(node: ManagedNode): UserFormValues {
  return {
    ...EMPTY_USER_FORM,
    companyName: node.company_name,
    fullName: node.name,
    email: node.email,
    phone: { number: node.phonenum, countryCode: node.phone_country_code || DEFAULT_PHONE_COUNTRY },
    subdomain: node.orisubdomain ?? node.subdomain ?? '',
    domain: node.domain ?? '',
    whiteLabeling: node.is_whitelabeling === 'T',
    apiMode: node.api_mode === 'T',
    terms: node.selected_payment_term.filter((t) => t.status).map((t) => t.term),
    modules: node.selected_modules.filter((m) => m.status).map((m) => m.type),
    planMinSpendId: node.plan_minspend_id,
    roleId: node.role_id ?? 0,
    staff: { ...NO_STAFF_SWITCHES, ...node.staff_settings },
    isAccExecutive: node.is_acc_executive === 'T',
    disableAddCampaign: node.disable_client_add_campaign === 'T',
  };
}

/** What the form may offer: the payment terms and modules of the node's parent. */
export interface FormOffer {
  terms: readonly Option<PaymentTerm>[];
  modules: readonly Option<ModuleType>[];
}

const isTerm = (value: string): value is PaymentTerm => (PAYMENT_TERMS as readonly string[]).includes(value);

/**
 * Options from the list's value/label pairs (`rootpaymentterm`, `rootmodules`). The master-only
 * modules (Simplifi, B2B) are offered only on the master system (spec 2 §6; the server's list never
 * names B2B on another system either).
 */
export function offerFromNode(
  node: Pick<ManagedNode, 'rootpaymentterm' | 'rootmodules'>,
  isMasterSystem: boolean,
): FormOffer {
  return {
    terms: node.rootpaymentterm.flatMap((o) => (isTerm(o.value) ? [{ value: o.value, label: o.label }] : [])),
    modules: moduleOptions(
      node.rootmodules.flatMap((o) => (isModuleType(o.value) ? [{ value: o.value, label: o.label }] : [])),
      isMasterSystem,
    ),
  };
}

export function moduleOptions(
  options: readonly Option<ModuleType>[],
  isMasterSystem: boolean,
): Option<ModuleType>[] {
  const offered = offeredModules({ masterSystem: isMasterSystem, selections: [options.map((o) => o.value)] });
  return options.filter((o) => offered.includes(o.value));
}

/** Staff and sales forms offer neither terms nor modules. */
export const NO_OFFER: FormOffer = { terms: [], modules: [] };

/** What a new client may be given: modules only (clients have no payment terms of their own here). */
export function moduleOffer(options: readonly Option<ModuleType>[], isMasterSystem: boolean): FormOffer {
  return { terms: [], modules: moduleOptions(options, isMasterSystem) };
}

/** Every term with the spec's labels (Weekly, Monthly, One Time, Prepaid). */
export const ALL_TERM_OPTIONS: readonly Option<PaymentTerm>[] = PAYMENT_TERMS.map((term) => ({
  value: term,
  label: PAYMENT_TERM_LABELS[term],
}));

/** Modules by their default names, e.g. what a new agency may be given. */
export function defaultModuleOptions(modules: readonly ModuleType[] = MODULES): Option<ModuleType>[] {
  return modules.map((module) => ({ value: module, label: DEFAULT_MODULE_NAMES[module].name }));
}

/**
 * The minimum-spend plan select: only for non-sales users editing an agency under the master system
 * company (spec 2 §6).
 */
export function showsPlanSelect(
  viewer: { user_type: string; is_master_system: boolean },
  kind: UserFormKind,
  mode: UserFormMode,
): boolean {
  return kind === 'agency' && mode === 'edit' && viewer.user_type !== 'sales' && viewer.is_master_system;
}

export interface FormContext {
  kind: UserFormKind;
  /** Create: the company the new person joins. Edit: the company the node sits under. */
  companyID: number;
  idsys: number;
  offer: FormOffer;
  /** Whether the plan select is shown (and so its value sent). */
  withPlan: boolean;
}

const CREATE_TYPE = { agency: 'userdownline', client: 'client', staff: 'user', sales: 'sales' } as const;
const UPDATE_ACTION = { agency: 'downline', client: 'client', staff: 'user' } as const;

/**
 * The phone as sent: agencies and clients always send it (it is required, so a blank one is refused
 * with the spec's text); staff and sales leave a blank phone out.
 */
function phoneFields(phone: PhoneValue, required: boolean) {
  if (phone.number.trim() === '') return required ? { ClientPhone: '' } : {};
  return { ClientPhone: nationalNumber(phone), ClientPhoneCountryCode: phone.countryCode.trim() };
}

function staffFields(staff: UserFormValues['staff']) {
  return Object.fromEntries(STAFF_SWITCHES.map((key) => [key, toTF(staff[key])])) as Record<StaffSwitch, TF>;
}

/** The fields both create and update send for a kind of form. */
function editableFields(values: UserFormValues, ctx: FormContext) {
  const { kind, offer } = ctx;
  const person = {
    ClientFullName: values.fullName,
    ClientEmail: values.email,
    ...phoneFields(values.phone, kind === 'agency' || kind === 'client'),
  };
  const modules = offer.modules.map((o) => ({ type: o.value, status: values.modules.includes(o.value) }));
  switch (kind) {
    case 'agency':
      return {
        ClientCompanyName: values.companyName,
        ...person,
        DownlineSubDomain: values.subdomain,
        // Blank removes the custom domain.
        DownlineDomain: values.domain,
        ClientWhiteLabeling: toTF(values.whiteLabeling),
        ApiMode: toTF(values.apiMode),
        selectedterms: offer.terms.map((o) => ({ term: o.value, status: values.terms.includes(o.value) })),
        selectedmodules: modules,
      };
    case 'client':
      return {
        ClientCompanyName: values.companyName,
        ...person,
        selectedmodules: modules,
        disabledaddcampaign: toTF(values.disableAddCampaign),
      };
    case 'staff':
      return { ...person, ClientRole: values.roleId, ...staffFields(values.staff) };
    case 'sales':
      return person;
  }
}

export function buildCreateRequest(values: UserFormValues, ctx: FormContext): CreateUserRequest {
  return {
    companyID: ctx.companyID,
    idsys: ctx.idsys,
    userType: CREATE_TYPE[ctx.kind],
    ...editableFields(values, ctx),
    ...(ctx.kind === 'agency' ? {} : { ClientPassword: values.password }),
    ...(ctx.kind === 'sales' ? { isAccExecutive: toTF(values.isAccExecutive) } : {}),
  };
}

export function buildUpdateRequest(
  node: Pick<ManagedNode, 'id'>,
  values: UserFormValues,
  ctx: FormContext,
): UpdateUserRequest {
  return {
    ClientID: node.id,
    companyID: ctx.companyID,
    idsys: ctx.idsys,
    ...(ctx.kind === 'sales' ? {} : { action: UPDATE_ACTION[ctx.kind] }),
    ...editableFields(values, ctx),
    ...(ctx.withPlan ? { planMinSpendId: values.planMinSpendId } : {}),
  };
}

/** Where a request field's text is shown. */
const FIELD_OF: Record<string, UserFormField> = {
  ClientCompanyName: 'companyName',
  ClientFullName: 'fullName',
  ClientEmail: 'email',
  ClientPhone: 'phone',
  ClientPhoneCountryCode: 'phone',
  ClientPhoneCountryCallingCode: 'phone',
  ClientPassword: 'password',
  DownlineSubDomain: 'subdomain',
  DownlineDomain: 'domain',
  ClientDomain: 'domain',
  ClientWhiteLabeling: 'whiteLabeling',
  ApiMode: 'apiMode',
  selectedterms: 'terms',
  selectedmodules: 'modules',
  selectedModulesCreate: 'modules',
  planMinSpendId: 'planMinSpendId',
  ClientRole: 'roleId',
  isAccExecutive: 'isAccExecutive',
  ...Object.fromEntries(STAFF_SWITCHES.map((key) => [key, 'staff' as const])),
  // A client's form has the one switch of its own (staff forms have no such input).
  disabledaddcampaign: 'disableAddCampaign',
};

/** The form field a request field (or a path like `selectedterms.0.term`) belongs to. */
export function formFieldOf(requestField: string): UserFormField | null {
  return inputOf(requestField, FIELD_OF);
}

export interface PlacedErrors {
  errors: UserFormErrors;
  /** Texts about something the form has no input for (shown above the form). */
  unplaced: string[];
}

/** Puts each text under its input; the first text of a field wins. */
export function placeFieldErrors(fields: Record<string, string> | undefined): PlacedErrors {
  const placed: PlacedErrors = { errors: {}, unplaced: [] };
  for (const [field, text] of Object.entries(fields ?? {})) {
    const target = formFieldOf(field);
    if (target) placed.errors[target] ??= text;
    else placed.unplaced.push(text);
  }
  return placed;
}

interface Issue {
  path: PropertyKey[];
  message: string;
}

function issuesToFields(issues: readonly Issue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'form';
    fields[key] ??= issue.message;
  }
  return fields;
}

export type CheckedForm<R> = { ok: true; request: R } | { ok: false; placed: PlacedErrors };

/** Builds the request and checks it with the contract's schema, as the server will. */
export function checkCreate(values: UserFormValues, ctx: FormContext): CheckedForm<CreateUserRequest> {
  const request = buildCreateRequest(values, ctx);
  const checked = createUserRequestSchema.safeParse(request);
  return checked.success
    ? { ok: true, request }
    : { ok: false, placed: placeFieldErrors(issuesToFields(checked.error.issues)) };
}

export function checkUpdate(
  node: Pick<ManagedNode, 'id'>,
  values: UserFormValues,
  ctx: FormContext,
): CheckedForm<UpdateUserRequest> {
  const request = buildUpdateRequest(node, values, ctx);
  const checked = updateUserRequestSchema.safeParse(request);
  return checked.success
    ? { ok: true, request }
    : { ok: false, placed: placeFieldErrors(issuesToFields(checked.error.issues)) };
}

/** Spec 2 §8: network errors in create and update. */
export const SERVER_BUSY = 'Server might be busy please try again later';

/** What a failed save shows: the busy text when the server was not reached, else the server's message. */
export function saveFailureText(error: unknown): string {
  if (error instanceof ApiRequestError && error.code === 'network_error') return SERVER_BUSY;
  return failureMessage(error);
}

/** A failed save: the server's field texts under their inputs, the rest as the form's message. */
export function placeSaveFailure(error: unknown): { errors: UserFormErrors; message: string | null } {
  const placed = placeServerErrors(error, FIELD_OF, saveFailureText);
  return { errors: placed.fields, message: placed.message };
}
