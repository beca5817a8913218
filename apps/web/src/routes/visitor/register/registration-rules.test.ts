import { registerRequestSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../api/http';
import { CHOOSE_COUNTRY, PHONE_INVALID } from '../../../components/phone-input/phone';
import {
  buildRegisterRequest,
  CONFIRMATION_REQUIRED,
  PASSWORD_REQUIRED,
  placeRegistrationErrors,
  type RegistrationValues,
  registrationErrors,
} from './registration-rules';

const valid: RegistrationValues = {
  companyname: ' Acme Media ',
  name: ' Ada Lovelace ',
  email: ' Ada@Example.COM ',
  phone: { number: '(201) 555-0123', countryCode: 'US' },
  password: 'correct-horse',
  confirmation: 'correct-horse',
};

describe('registrationErrors (spec 2 §5 texts from the contracts)', () => {
  it('accepts a valid form', () => {
    expect(registrationErrors(valid)).toEqual({});
  });

  it('requires every field', () => {
    expect(
      registrationErrors({
        companyname: ' ',
        name: '',
        email: '',
        phone: { number: '', countryCode: 'US' },
        password: '',
        confirmation: '',
      }),
    ).toEqual({
      companyname: 'Company Name is required.',
      name: 'Full Name is required.',
      email: 'E-mail is required.',
      phone: PHONE_INVALID,
      password: PASSWORD_REQUIRED,
      confirmation: CONFIRMATION_REQUIRED,
    });
  });

  it('applies limits, formats and the confirmation', () => {
    expect(
      registrationErrors({
        ...valid,
        companyname: 'x'.repeat(256),
        name: 'y'.repeat(256),
        email: `${'a'.repeat(65)}@b.com`,
        phone: { number: '201 555 0123', countryCode: '' },
        password: 'short',
        confirmation: 'other',
      }),
    ).toEqual({
      companyname: 'Company Name must not exceed 255 characters.',
      name: 'Full Name must not exceed 255 characters.',
      email: 'E-mail must not exceed 70 characters.',
      phone: CHOOSE_COUNTRY,
      password: 'Password must be at least 8 characters.',
      confirmation: 'The passwords do not match.',
    });
    expect(registrationErrors({ ...valid, email: 'not-an-email' }).email).toBe(
      'Please enter a valid e-mail address.',
    );
    expect(registrationErrors({ ...valid, phone: { number: '555', countryCode: 'US' } }).phone).toBe(
      PHONE_INVALID,
    );
  });
});

describe('buildRegisterRequest', () => {
  const context = {
    userType: 'userdownline' as const,
    gtoken: 'payload',
    domainName: 'app.leadorbit.test',
    ownedcompanyid: 1,
    idsys: 1,
  };

  it('builds a body the contract accepts: trimmed, lowercased e-mail, national digits', () => {
    const body = buildRegisterRequest(valid, { ...context, refcode: 'ref-123' });
    expect(body).toEqual({
      companyname: 'Acme Media',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phonenum: '2015550123',
      phoneCountryCode: 'US',
      password: 'correct-horse',
      gtoken: 'payload',
      userType: 'userdownline',
      domainName: 'app.leadorbit.test',
      ownedcompanyid: 1,
      idsys: 1,
      refcode: 'ref-123',
    });
    expect(registerRequestSchema.safeParse(body).success).toBe(true);
  });

  it('leaves refcode out when there is none', () => {
    expect(buildRegisterRequest(valid, { ...context, userType: 'client' })).not.toHaveProperty('refcode');
  });
});

describe('placeRegistrationErrors', () => {
  const refused = (fields?: Record<string, string>) =>
    new ApiRequestError(400, 'validation', 'Refused.', fields);
  it('puts each server text under its field', () => {
    expect(
      placeRegistrationErrors(
        refused({
          email: 'This e-mail is already registered.',
          phonenum: 'Please enter valid phone number',
          refcode: 'This referral code is not valid.',
        }),
      ),
    ).toEqual({
      fields: { email: 'This e-mail is already registered.', phone: 'Please enter valid phone number' },
      referral: 'This referral code is not valid.',
      message: null,
    });
    const userType = 'Clients sign up on their agency’s own address.';
    expect(placeRegistrationErrors(refused({ userType })).message).toBe(userType);
    expect(placeRegistrationErrors(refused())).toEqual({ fields: {}, referral: null, message: 'Refused.' });
  });
});
