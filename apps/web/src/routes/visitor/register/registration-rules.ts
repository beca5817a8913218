import {
  companyNameSchema,
  emailAddressSchema,
  fullNameSchema,
  newPasswordSchema,
  type RegisterRequest,
} from '@app/contracts';
import { placeServerErrors } from '../../../components/feedback/server-errors';
import { PASSWORDS_DIFFER } from '../../../components/password/password-rules';
import { nationalNumber, type PhoneValue, phoneError } from '../../../components/phone-input/phone';

export interface RegistrationValues {
  companyname: string;
  name: string;
  email: string;
  phone: PhoneValue;
  password: string;
  confirmation: string;
}

export type RegistrationField = keyof RegistrationValues;
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

export const PASSWORD_REQUIRED = 'Password is required.';
export const CONFIRMATION_REQUIRED = 'Please confirm the password.';

interface Checkable {
  safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } };
}

function firstIssue(schema: Checkable, value: unknown): string | undefined {
  const checked = schema.safeParse(value);
  return checked.success ? undefined : (checked.error?.issues[0]?.message ?? 'Invalid value.');
}

/**
 * Field rules of spec 2 §5 with the contracts' schemas and texts (the server checks the same):
 * company and full name required, at most 255; e-mail required, valid, at most 70; phone required and
 * valid for its country; password rules and a matching confirmation.
 */
export function registrationErrors(values: RegistrationValues): RegistrationErrors {
  const errors: RegistrationErrors = {
    companyname: firstIssue(companyNameSchema, values.companyname),
    name: firstIssue(fullNameSchema, values.name),
    email: firstIssue(emailAddressSchema, values.email),
    phone: phoneError(values.phone) ?? undefined,
    password: values.password === '' ? PASSWORD_REQUIRED : firstIssue(newPasswordSchema, values.password),
    confirmation:
      values.confirmation === ''
        ? CONFIRMATION_REQUIRED
        : values.password !== values.confirmation
          ? PASSWORDS_DIFFER
          : undefined,
  };
  for (const key of Object.keys(errors) as RegistrationField[]) if (!errors[key]) delete errors[key];
  return errors;
}

export interface RegistrationContext {
  userType: RegisterRequest['userType'];
  gtoken: string;
  domainName: string;
  ownedcompanyid: number;
  idsys: number;
  refcode?: string;
}

/** The `POST /register` body: trimmed names, lowercased e-mail, national digits with the country. */
export function buildRegisterRequest(
  values: RegistrationValues,
  context: RegistrationContext,
): RegisterRequest {
  const body: RegisterRequest = {
    companyname: values.companyname.trim(),
    name: values.name.trim(),
    email: values.email.trim().toLowerCase(),
    phonenum: nationalNumber(values.phone),
    phoneCountryCode: values.phone.countryCode.trim().toUpperCase(),
    password: values.password,
    gtoken: context.gtoken,
    userType: context.userType,
    domainName: context.domainName,
    ownedcompanyid: context.ownedcompanyid,
    idsys: context.idsys,
  };
  if (context.refcode) body.refcode = context.refcode;
  return body;
}

export interface ServerErrors {
  /** Texts for the form's own fields, shown under each input. */
  fields: RegistrationErrors;
  /** A refused referral code, shown on the referral line. */
  referral: string | null;
  /** What has no input of its own (user type, bot check…) or the server's message: above the form. */
  message: string | null;
}

const SERVER_FIELD: Record<string, RegistrationField | 'referral'> = {
  companyname: 'companyname',
  name: 'name',
  email: 'email',
  phonenum: 'phone',
  phoneCountryCode: 'phone',
  password: 'password',
  refcode: 'referral',
};

/** Spec 1 §8: the server's errors object is passed on, each text under its field (the shared helper). */
export function placeRegistrationErrors(error: unknown): ServerErrors {
  const { fields, message } = placeServerErrors(error, SERVER_FIELD);
  const { referral = null, ...inputs } = fields;
  return { fields: inputs, referral, message };
}
