import {
  CURRENT_PASSWORD_REQUIRED,
  type DomainInfo,
  newPasswordSchema,
  type ProfileUpdateResponse,
  profileStep1Schema,
  profileStep2Schema,
  type SessionUser,
  subdomainSchema,
} from '@app/contracts';
import { ApiRequestError, GENERIC_FAILURE_MESSAGE } from '../../../api/http';
import { placeServerErrors } from '../../../components/feedback/server-errors';
import { PASSWORDS_DIFFER } from '../../../components/password/password-rules';
import { nationalNumber, phoneError } from '../../../components/phone-input/phone';

/*
 * The profile form's pure part (spec 1 §7.2, §5, §8): values from the session user, the checks run
 * before sending (the contracts' own schemas and texts), the multipart body of `POST /user/update`, and
 * where the server's complaints land. Used by /user/profile and the Profile Setup wizard alike.
 */

/** Picture and logo files the server accepts (apps/api image-type.ts): never SVG. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPE_INVALID = 'Please choose a PNG, JPEG, WebP or GIF image.';
export const IMAGE_TOO_LARGE = 'The image must not exceed 2 MB.';

export const DEFAULT_PHONE_COUNTRY = 'US';
export const DEFAULT_DIAL_CODE = '+1';

/** Step 1: personal details. `picture` is a newly chosen file (the current one stays as `currpict`). */
export interface PersonalValues {
  name: string;
  email: string;
  phone: string;
  phoneCountryCode: string;
  phoneCountryDialCode: string;
  address: string;
  city: string;
  country: string;
  zip: string;
  state: string;
  newpass: string;
  renewpass: string;
  /** Asked when the password or the e-mail address changes (`needsCurrentPassword`). */
  currpassword: string;
  picture: File | null;
}

/**
 * The people of the company on step 2 (decision 0094), under their wire names: the franchise and
 * its director, the office manager, the team and its manager.
 */
export interface ContactValues {
  franchize: boolean;
  franchizedirector: boolean;
  directorname: string;
  directoremail: string;
  directorphone: string;
  officemanager: boolean;
  managername: string;
  manageremail: string;
  managerphone: string;
  team: boolean;
  teammanager: boolean;
  teamname: string;
  teamemail: string;
  teamphone: string;
}
export const CONTACT_SWITCHES = [
  'franchize',
  'franchizedirector',
  'officemanager',
  'team',
  'teammanager',
] as const;
export const CONTACT_TEXTS = [
  'directorname',
  'directoremail',
  'directorphone',
  'managername',
  'manageremail',
  'managerphone',
  'teamname',
  'teamemail',
  'teamphone',
] as const;

/** Step 2: company details. `subdomain` is sent (as DownlineSubDomain) for agency owners only. */
export interface CompanyValues extends ContactValues {
  company: string;
  industry: string;
  subdomain: string;
  logo: File | null;
}

export const NO_CONTACT_VALUES: ContactValues = {
  franchize: false,
  franchizedirector: false,
  directorname: '',
  directoremail: '',
  directorphone: '',
  officemanager: false,
  managername: '',
  manageremail: '',
  managerphone: '',
  team: false,
  teammanager: false,
  teamname: '',
  teamemail: '',
  teamphone: '',
};

/** The people of the company as the session user carries them. */
export function contactValuesFrom(user: SessionUser): ContactValues {
  return {
    franchize: user.franchize === 'T',
    franchizedirector: user.franchizedirector === 'T',
    directorname: user.director_name,
    directoremail: user.director_email,
    directorphone: user.director_phone,
    officemanager: user.officemanager === 'T',
    managername: user.manager_name,
    manageremail: user.manager_email,
    managerphone: user.manager_phone,
    team: user.team === 'T',
    teammanager: user.teammanager === 'T',
    teamname: user.team_name,
    teamemail: user.team_email,
    teamphone: user.team_phone,
  };
}

/** Field errors, plus `form` for whatever belongs to no field. */
export type FormErrors<V> = Partial<Record<keyof V | 'form', string>>;
export type PersonalErrors = FormErrors<PersonalValues>;
export type CompanyErrors = FormErrors<CompanyValues>;

export const hasFormErrors = (errors: Record<string, string | undefined>): boolean =>
  Object.values(errors).some(Boolean);

const dialCode = (value: string): string => {
  const digits = value.replace(/[^\d]/g, '');
  return digits ? `+${digits}` : DEFAULT_DIAL_CODE;
};

export function personalValuesFrom(user: SessionUser): PersonalValues {
  return {
    name: user.name,
    email: user.email,
    phone: user.phonenum,
    phoneCountryCode: user.phone_country_code.trim().toUpperCase() || DEFAULT_PHONE_COUNTRY,
    phoneCountryDialCode: dialCode(user.phone_country_calling_code),
    address: user.address,
    city: user.city,
    country: user.country_code.trim().toUpperCase() || DEFAULT_PHONE_COUNTRY,
    zip: user.zip,
    state: user.state_code,
    newpass: '',
    renewpass: '',
    currpassword: '',
    picture: null,
  };
}

/**
 * A new password or another e-mail address needs the current password: the server refuses either
 * without it, and a new address waits for the link sent to it (the account keeps `user.email`).
 */
export function needsCurrentPassword(values: PersonalValues, user: SessionUser): boolean {
  return values.newpass !== '' || values.email.trim().toLowerCase() !== user.email.toLowerCase();
}

/** Agency owners (spec 1 §1: user types userdownline and user) name their own subdomain. */
export function editsSubdomain(user: SessionUser): boolean {
  return !user.systemuser && (user.user_type === 'userdownline' || user.user_type === 'user');
}

/**
 * The session user carries no subdomain: it is known only when this host is the agency's own
 * (agencyplatformroot and owned by the user's company). Otherwise the field starts blank.
 */
export function currentSubdomain(user: SessionUser, domain: DomainInfo | null): string {
  if (!domain?.agencyplatformroot || domain.owner_company_id !== user.company_id) return '';
  return domain.subdomain;
}

export function companyValuesFrom(user: SessionUser, domain: DomainInfo | null): CompanyValues {
  return {
    company: user.company_name,
    industry: user.industry_name ?? '',
    subdomain: editsSubdomain(user) ? currentSubdomain(user, domain) : '',
    logo: null,
    ...contactValuesFrom(user),
  };
}

/** Size and type are checked here so a wrong file never travels (the server checks the bytes again). */
export function checkImage(file: File | null): string | null {
  if (!file) return null;
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_INVALID;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE;
  return null;
}

/** The text fields of step 1 exactly as `profileStep1Schema` reads them. */
export function personalFields(values: PersonalValues, user: SessionUser): Record<string, string> {
  return {
    profilestep: '1',
    id: String(user.id),
    idsys: String(user.idsys),
    name: values.name.trim(),
    email: values.email.trim(),
    // Digits of the national number, as registration sends them; the country travels on its own.
    phone: nationalNumber({ number: values.phone, countryCode: values.phoneCountryCode }),
    phoneCountryCode: values.phoneCountryCode.trim().toUpperCase(),
    phoneCountryDialCode: values.phoneCountryDialCode.trim(),
    address: values.address.trim(),
    city: values.city.trim(),
    country: values.country.trim().toUpperCase(),
    zip: values.zip.trim(),
    state: values.state.trim(),
    currpict: user.profile_pict ?? '',
    newpass: values.newpass,
    renewpass: values.renewpass,
    // Sent only when it is asked for.
    currpassword: needsCurrentPassword(values, user) ? values.currpassword : '',
  };
}

/** The text fields of step 2 exactly as `profileStep2Schema` reads them. */
export function companyFields(values: CompanyValues, user: SessionUser): Record<string, string> {
  const fields: Record<string, string> = {
    profilestep: '2',
    id: String(user.id),
    idsys: String(user.idsys),
    company: values.company.trim(),
    industry: values.industry.trim(),
  };
  if (editsSubdomain(user)) fields.DownlineSubDomain = values.subdomain.trim().toLowerCase();
  for (const key of CONTACT_SWITCHES) fields[key] = values[key] ? 'T' : 'F';
  for (const key of CONTACT_TEXTS) fields[key] = values[key].trim();
  return fields;
}

/** Which form field a step-1 wire name belongs to (the country parts of the phone show on the phone). */
const PERSONAL_FIELD_OF: Record<string, keyof PersonalValues> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  phoneCountryCode: 'phone',
  phoneCountryDialCode: 'phone',
  address: 'address',
  city: 'city',
  country: 'country',
  zip: 'zip',
  state: 'state',
  newpass: 'newpass',
  renewpass: 'renewpass',
  currpassword: 'currpassword',
  pict: 'picture',
};

const COMPANY_FIELD_OF: Record<string, keyof CompanyValues> = {
  company: 'company',
  industry: 'industry',
  DownlineSubDomain: 'subdomain',
  pict: 'logo',
  ...Object.fromEntries([...CONTACT_SWITCHES, ...CONTACT_TEXTS].map((key) => [key, key])),
};

type Issue = { path: readonly PropertyKey[]; message: string };

function collect<V>(issues: readonly Issue[], fieldOf: Record<string, keyof V>): FormErrors<V> {
  const errors: FormErrors<V> = {};
  for (const issue of issues) {
    const key = fieldOf[String(issue.path[0])] ?? 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Step 1 checks (spec 1 §5): the contracts' step-1 schema, the phone rule and the picture rule. */
export function validatePersonal(values: PersonalValues, user: SessionUser): PersonalErrors {
  const parsed = profileStep1Schema.safeParse(personalFields(values, user));
  // The password pair gets its own texts below: the schema's union says only "Invalid input".
  const issues = parsed.success
    ? []
    : parsed.error.issues.filter((issue) => !['newpass', 'renewpass'].includes(String(issue.path[0])));
  const errors = collect<PersonalValues>(issues, PERSONAL_FIELD_OF);

  // Spec 1 §5 through the shared phone rules: a country with the number, valid for that country.
  const phone = phoneError({ number: values.phone, countryCode: values.phoneCountryCode });
  if (phone) errors.phone = phone;
  if (values.newpass !== '') {
    const password = newPasswordSchema.safeParse(values.newpass);
    if (!password.success) errors.newpass = password.error.issues[0]?.message ?? 'Invalid password.';
  }
  if (values.newpass !== values.renewpass) errors.renewpass = PASSWORDS_DIFFER;
  if (needsCurrentPassword(values, user) && values.currpassword === '')
    errors.currpassword = CURRENT_PASSWORD_REQUIRED;
  const picture = checkImage(values.picture);
  if (picture) errors.picture = picture;
  return errors;
}

/** Step 2 checks: the contracts' step-2 schema, the subdomain rule when it is asked, the logo rule. */
export function validateCompany(values: CompanyValues, user: SessionUser): CompanyErrors {
  const parsed = profileStep2Schema.safeParse(companyFields(values, user));
  const issues = parsed.success
    ? []
    : parsed.error.issues.filter((issue) => String(issue.path[0]) !== 'DownlineSubDomain');
  const errors = collect<CompanyValues>(issues, COMPANY_FIELD_OF);
  if (editsSubdomain(user) && values.subdomain.trim() !== '') {
    const subdomain = subdomainSchema.safeParse(values.subdomain);
    if (!subdomain.success) errors.subdomain = subdomain.error.issues[0]?.message;
  }
  const logo = checkImage(values.logo);
  if (logo) errors.logo = logo;
  return errors;
}

function toFormData(fields: Record<string, string>, file: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('pict', file, file.name);
  return form;
}

export const personalFormData = (values: PersonalValues, user: SessionUser): FormData =>
  toFormData(personalFields(values, user), values.picture);

export const companyFormData = (values: CompanyValues, user: SessionUser): FormData =>
  toFormData(companyFields(values, user), values.logo);

export const EMAIL_REFUSED = 'This e-mail address cannot be used.';

/**
 * Spec 1 §8: 'error_email' puts the server's message on the e-mail field (step 2 has no e-mail field,
 * so there it reads as a form message).
 */
export function answerErrors(
  answer: ProfileUpdateResponse,
  step: 'personal' | 'company',
): Partial<Record<'email' | 'form', string>> {
  if (answer.result !== 'error_email') return {};
  const message = answer.message || EMAIL_REFUSED;
  return step === 'personal' ? { email: message } : { form: message };
}

/**
 * A failed `POST /user/update`: validation texts go to their fields (a field the form does not show
 * goes to the form), a refused image (413, or a 400 naming `pict`) to the picture with the server's
 * message, anything else is the usual failure message.
 */
export function failureErrors<V>(error: unknown, step: 'personal' | 'company'): FormErrors<V> {
  const fieldOf = (step === 'personal' ? PERSONAL_FIELD_OF : COMPANY_FIELD_OF) as Record<
    string,
    keyof V & string
  >;
  const imageField = (step === 'personal' ? 'picture' : 'logo') as keyof V;
  const errors: FormErrors<V> = {};
  if (error instanceof ApiRequestError && error.status === 413) {
    errors[imageField] = error.message === GENERIC_FAILURE_MESSAGE ? IMAGE_TOO_LARGE : error.message;
    return errors;
  }
  const placed = placeServerErrors(error, fieldOf);
  for (const [key, text] of Object.entries(placed.fields) as [keyof V & string, string][]) {
    // A refused image: the message is the sentence ('The picture must be a PNG, …'), the field text
    // only a reason code.
    errors[key] = key === imageField && error instanceof ApiRequestError ? error.message : text;
  }
  if (placed.message) errors.form = placed.message;
  return errors;
}
