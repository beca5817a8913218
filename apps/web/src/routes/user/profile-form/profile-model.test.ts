import { CURRENT_PASSWORD_INVALID, CURRENT_PASSWORD_REQUIRED } from '@app/contracts';
import { makeDomain, makeUser, USERS } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import { ApiRequestError, GENERIC_FAILURE_MESSAGE } from '../../../api/http';
import { PASSWORDS_DIFFER } from '../../../components/password/password-rules';
import { countryOptions } from './countries';
import {
  answerErrors,
  checkImage,
  companyFields,
  companyFormData,
  companyValuesFrom,
  contactValuesFrom,
  currentSubdomain,
  failureErrors,
  IMAGE_TOO_LARGE,
  IMAGE_TYPE_INVALID,
  MAX_IMAGE_BYTES,
  NO_CONTACT_VALUES,
  needsCurrentPassword,
  type PersonalValues,
  personalFields,
  personalFormData,
  personalValuesFrom,
  validateCompany,
  validatePersonal,
} from './profile-model';

const user = makeUser({ id: 42, idsys: 3, phonenum: '2015550123', profile_pict: '/api/files/abc' });
const valid = (overrides: Partial<PersonalValues> = {}): PersonalValues => ({
  ...personalValuesFrom(user),
  ...overrides,
});
const image = (type: string, size: number, name = 'me.png') =>
  new File([new Uint8Array(size)], name, { type });

describe('profile values', () => {
  it('start from the session user with US / +1 when the phone country is missing', () => {
    const values = personalValuesFrom(
      makeUser({ phone_country_code: '', phone_country_calling_code: '', country_code: '' }),
    );
    expect(values).toMatchObject({ phoneCountryCode: 'US', phoneCountryDialCode: '+1', country: 'US' });
    expect(personalValuesFrom(makeUser({ phone_country_calling_code: '44' })).phoneCountryDialCode).toBe(
      '+44',
    );
    expect(values).toMatchObject({ newpass: '', renewpass: '', picture: null });
  });

  it('know the subdomain only on the agency’s own host', () => {
    const ownHost = makeDomain({ agencyplatformroot: true, owner_company_id: 100, subdomain: 'northwind' });
    expect(currentSubdomain(user, ownHost)).toBe('northwind');
    expect(currentSubdomain(user, makeDomain())).toBe('');
    expect(companyValuesFrom(user, ownHost)).toEqual({
      company: 'Northwind Digital',
      industry: '',
      subdomain: 'northwind',
      logo: null,
      ...NO_CONTACT_VALUES,
    });
    expect(companyValuesFrom(USERS.client(), ownHost).subdomain).toBe('');
  });
});

describe('step 1 checks', () => {
  it('accept a complete profile', () => {
    expect(validatePersonal(valid(), user)).toEqual({});
  });

  it('use the contracts’ texts for name, e-mail and phone', () => {
    const errors = validatePersonal(
      valid({ name: ' ', email: 'not-an-email', phone: '555', currpassword: 'current' }),
      user,
    );
    expect(errors).toEqual({
      name: 'Full Name is required.',
      email: 'Please enter a valid e-mail address.',
      phone: 'Please enter valid phone number',
    });
  });

  it('ask for a country when a number has none (spec 1 §5)', () => {
    expect(validatePersonal(valid({ phoneCountryCode: '' }), user).phone).toBe('Choose country');
  });

  it('leave the password alone when blank, and check a new one and its confirmation', () => {
    const current = { currpassword: 'current' };
    expect(validatePersonal(valid({ newpass: 'short', renewpass: 'short', ...current }), user)).toEqual({
      newpass: 'Password must be at least 8 characters.',
    });
    expect(
      validatePersonal(valid({ newpass: 'long enough 1', renewpass: 'other', ...current }), user),
    ).toEqual({
      renewpass: PASSWORDS_DIFFER,
    });
    expect(validatePersonal(valid({ newpass: '', renewpass: 'typed' }), user)).toEqual({
      renewpass: PASSWORDS_DIFFER,
    });
    expect(
      validatePersonal(valid({ newpass: 'long enough 1', renewpass: 'long enough 1', ...current }), user),
    ).toEqual({});
  });

  it('ask for the current password when the password or the e-mail address changes', () => {
    expect(needsCurrentPassword(valid(), user)).toBe(false);
    expect(needsCurrentPassword(valid({ email: ` ${user.email.toUpperCase()} ` }), user)).toBe(false);
    expect(needsCurrentPassword(valid({ email: 'new@example.test' }), user)).toBe(true);
    expect(needsCurrentPassword(valid({ newpass: 'long enough 1' }), user)).toBe(true);
    expect(validatePersonal(valid({ email: 'new@example.test' }), user)).toEqual({
      currpassword: CURRENT_PASSWORD_REQUIRED,
    });
    expect(validatePersonal(valid({ newpass: 'long enough 1', renewpass: 'long enough 1' }), user)).toEqual({
      currpassword: CURRENT_PASSWORD_REQUIRED,
    });
    expect(validatePersonal(valid({ email: 'new@example.test', currpassword: 'secret' }), user)).toEqual({});
  });

  it('refuse pictures of the wrong type or over 2 MiB before sending', () => {
    expect(checkImage(null)).toBeNull();
    expect(checkImage(image('image/webp', 10))).toBeNull();
    expect(checkImage(image('image/png', MAX_IMAGE_BYTES))).toBeNull();
    expect(checkImage(image('image/png', MAX_IMAGE_BYTES + 1))).toBe(IMAGE_TOO_LARGE);
    expect(checkImage(image('image/svg+xml', 10, 'x.svg'))).toBe(IMAGE_TYPE_INVALID);
    expect(validatePersonal(valid({ picture: image('application/pdf', 10) }), user)).toEqual({
      picture: IMAGE_TYPE_INVALID,
    });
  });
});

describe('step 1 request', () => {
  it('carries exactly the step-1 fields, the national number as digits, and the picture', () => {
    const picture = image('image/jpeg', 16, 'face.jpg');
    const values = valid({
      phone: '(201) 555-0123',
      email: ' Me@Example.test ',
      currpassword: 'secret',
      picture,
    });
    expect(personalFields(values, user)).toEqual({
      profilestep: '1',
      id: '42',
      idsys: '3',
      name: 'Nora Owens',
      email: 'Me@Example.test',
      phone: '2015550123',
      phoneCountryCode: 'US',
      phoneCountryDialCode: '+1',
      address: '1 Main St',
      city: 'Austin',
      country: 'US',
      zip: '73301',
      state: 'TX',
      currpict: '/api/files/abc',
      newpass: '',
      renewpass: '',
      currpassword: 'secret',
    });
    // The current password travels only when it is asked for.
    expect(personalFields(valid({ currpassword: 'secret' }), user).currpassword).toBe('');
    const form = personalFormData(values, user);
    expect(form.get('profilestep')).toBe('1');
    const sent = form.get('pict');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('face.jpg');
    expect(personalFormData(valid(), user).has('pict')).toBe(false);
  });
});

describe('step 2', () => {
  it('sends DownlineSubDomain for agency owners only', () => {
    const values = {
      company: ' Acme ',
      industry: 'Legal',
      subdomain: 'Acme-Leads',
      logo: null,
      ...NO_CONTACT_VALUES,
    };
    expect(companyFields(values, user)).toMatchObject({
      profilestep: '2',
      id: '42',
      idsys: '3',
      company: 'Acme',
      industry: 'Legal',
      DownlineSubDomain: 'acme-leads',
    });
    expect(companyFields(values, USERS.client())).not.toHaveProperty('DownlineSubDomain');
    expect(companyFields(values, USERS.administrator())).not.toHaveProperty('DownlineSubDomain');
    const form = companyFormData({ ...values, logo: image('image/gif', 8, 'logo.gif') }, user);
    expect((form.get('pict') as File).name).toBe('logo.gif');
  });

  it('checks company name, subdomain and logo', () => {
    const errors = validateCompany(
      {
        company: '',
        industry: '',
        subdomain: '-bad-',
        logo: image('image/png', MAX_IMAGE_BYTES + 1),
        ...NO_CONTACT_VALUES,
      },
      user,
    );
    expect(errors).toEqual({
      company: 'Company Name is required.',
      subdomain: 'Use letters, digits and hyphens, starting and ending with a letter or digit.',
      logo: IMAGE_TOO_LARGE,
    });
    const acme = { company: 'Acme', industry: '', subdomain: '', logo: null, ...NO_CONTACT_VALUES };
    expect(validateCompany(acme, user)).toEqual({});
    expect(validateCompany({ ...acme, subdomain: '-bad-' }, USERS.client())).toEqual({});
  });

  it('sends the people of the company and checks them with the contracts’ texts (decision 0094)', () => {
    const acme = { company: 'Acme', industry: '', subdomain: '', logo: null, ...NO_CONTACT_VALUES };
    const director = {
      ...acme,
      franchize: true,
      franchizedirector: true,
      directorname: ' Dana ',
      directoremail: 'dana@acme.test',
    };
    expect(companyFields(director, user)).toMatchObject({
      franchize: 'T',
      franchizedirector: 'T',
      directorname: 'Dana',
      directoremail: 'dana@acme.test',
      officemanager: 'F',
      team: 'F',
    });
    expect(validateCompany(director, user)).toEqual({});
    expect(validateCompany({ ...director, franchize: false }, user)).toEqual({
      franchizedirector: 'A franchise director needs the company to be a franchise.',
    });
    expect(
      validateCompany(
        { ...acme, officemanager: true, managername: '', manageremail: 'x', managerphone: 'abc' },
        user,
      ),
    ).toEqual({
      managername: 'Office Manager Name is required.',
      manageremail: 'Please enter a valid e-mail address.',
      managerphone: 'Please enter valid phone number',
    });
    const session = contactValuesFrom(makeUser({ team: 'T', teammanager: 'T', team_name: 'Tess' }));
    expect(session).toMatchObject({ team: true, teammanager: true, teamname: 'Tess', franchize: false });
  });
});

describe('server answers', () => {
  it("puts an 'error_email' answer on the e-mail field (spec 1 §8)", () => {
    const answer = {
      result: 'error_email' as const,
      message: 'Email already exists.',
      image_url: null,
      picexist: false,
      industryID: null,
      companyID: 1,
    };
    expect(answerErrors(answer, 'personal')).toEqual({ email: 'Email already exists.' });
    expect(answerErrors(answer, 'company')).toEqual({ form: 'Email already exists.' });
    expect(answerErrors({ ...answer, result: 'success' }, 'personal')).toEqual({});
  });

  it('maps validation fields to form fields and the rest to the form', () => {
    const error = new ApiRequestError(400, 'validation_failed', 'Please enter a valid e-mail address.', {
      email: 'Please enter a valid e-mail address.',
      phoneCountryCode: 'Choose country',
      idsys: 'Bad system.',
    });
    expect(failureErrors(error, 'personal')).toEqual({
      email: 'Please enter a valid e-mail address.',
      phone: 'Choose country',
      form: 'Bad system.',
    });
    const subdomain = new ApiRequestError(400, 'bad_request', 'This subdomain is already taken.', {
      DownlineSubDomain: 'This subdomain is already taken.',
    });
    expect(failureErrors(subdomain, 'company')).toEqual({ subdomain: 'This subdomain is already taken.' });
    const wrong = new ApiRequestError(400, 'invalid_current_password', CURRENT_PASSWORD_INVALID, {
      currpassword: CURRENT_PASSWORD_INVALID,
    });
    expect(failureErrors(wrong, 'personal')).toEqual({ currpassword: CURRENT_PASSWORD_INVALID });
  });

  it('shows the message of a 400 that refuses the image on the picture or logo', () => {
    const refused = new ApiRequestError(
      400,
      'bad_request',
      'The picture must be a PNG, JPEG, WebP or GIF image.',
      {
        pict: 'not an image',
      },
    );
    expect(failureErrors(refused, 'personal')).toEqual({
      picture: 'The picture must be a PNG, JPEG, WebP or GIF image.',
    });
    expect(failureErrors(refused, 'company')).toEqual({
      logo: 'The picture must be a PNG, JPEG, WebP or GIF image.',
    });
  });

  it('shows a refused image on the picture and anything else as the failure message', () => {
    expect(
      failureErrors(
        new ApiRequestError(413, 'payload_too_large', 'The image must be 2 MB or less.'),
        'company',
      ),
    ).toEqual({
      logo: 'The image must be 2 MB or less.',
    });
    expect(failureErrors(new ApiRequestError(413, 'http_413', GENERIC_FAILURE_MESSAGE), 'personal')).toEqual({
      picture: IMAGE_TOO_LARGE,
    });
    expect(failureErrors(new ApiRequestError(500, 'internal_error', 'Boom.'), 'personal')).toEqual({
      form: 'Boom.',
    });
    expect(failureErrors(new Error('x'), 'personal')).toEqual({ form: GENERIC_FAILURE_MESSAGE });
  });
});

describe('countries', () => {
  it('lists every ISO country by name and keeps an unknown stored code', () => {
    const options = countryOptions();
    expect(options).toHaveLength(249);
    expect(options.find((o) => o.value === 'US')?.label).toBe('United States');
    expect(countryOptions('XK').some((o) => o.value === 'XK')).toBe(true);
  });
});
