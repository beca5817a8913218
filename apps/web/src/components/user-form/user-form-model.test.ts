import { DOMAIN_INVALID, PAYMENT_TERM_REQUIRED, PHONE_INVALID } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { makeNode } from '../../../test/agency-node';
import { ApiRequestError, GENERIC_FAILURE_MESSAGE } from '../../api/http';
import {
  ALL_TERM_OPTIONS,
  checkCreate,
  checkUpdate,
  defaultModuleOptions,
  EMPTY_USER_FORM,
  type FormContext,
  formFieldOf,
  formFields,
  moduleOffer,
  offerFromNode,
  placeFieldErrors,
  placeSaveFailure,
  SERVER_BUSY,
  saveFailureText,
  showsPlanSelect,
  type UserFormValues,
  valuesFromNode,
} from './user-form-model';

const agencyCtx: FormContext = {
  kind: 'agency',
  companyID: 1,
  idsys: 1,
  offer: { terms: ALL_TERM_OPTIONS, modules: defaultModuleOptions(['local', 'locator']) },
  withPlan: false,
};

const validAgency: UserFormValues = {
  ...EMPTY_USER_FORM,
  companyName: 'Acme',
  fullName: 'Ann Acme',
  email: 'Ann@Acme.test',
  phone: { number: '(201) 555-0123', countryCode: 'US' },
  subdomain: 'acme',
  terms: ['Monthly'],
  modules: ['local'],
};

const errorsOf = (values: UserFormValues, ctx: FormContext = agencyCtx) => {
  const checked = checkCreate(values, ctx);
  return checked.ok ? {} : checked.placed.errors;
};

describe('agency and client form checks (spec 2 §5 texts, the contracts’ schemas)', () => {
  it('accepts a complete agency and sends the create request the contract describes', () => {
    const checked = checkCreate(validAgency, agencyCtx);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.request).toMatchObject({
      companyID: 1,
      idsys: 1,
      userType: 'userdownline',
      ClientCompanyName: 'Acme',
      ClientFullName: 'Ann Acme',
      ClientPhone: '2015550123',
      ClientPhoneCountryCode: 'US',
      DownlineSubDomain: 'acme',
      ClientWhiteLabeling: 'F',
      ApiMode: 'F',
      selectedterms: [
        { term: 'Weekly', status: false },
        { term: 'Monthly', status: true },
        { term: 'OneTime', status: false },
        { term: 'Prepaid', status: false },
      ],
      selectedmodules: [
        { type: 'local', status: true },
        { type: 'locator', status: false },
      ],
    });
    expect(checked.request).not.toHaveProperty('ClientPassword');
    expect(checked.request).toMatchObject({ DownlineDomain: '' });
  });

  it.each([
    ['companyName', { companyName: 'x'.repeat(256) }, 'Company Name must not exceed 255 characters.'],
    ['companyName', { companyName: '  ' }, 'Company Name is required.'],
    ['fullName', { fullName: 'x'.repeat(256) }, 'Full Name must not exceed 255 characters.'],
    ['fullName', { fullName: '' }, 'Full Name is required.'],
    ['email', { email: '' }, 'E-mail is required.'],
    ['email', { email: 'not-an-address' }, 'Please enter a valid e-mail address.'],
    ['email', { email: `${'a'.repeat(64)}@b.test` }, 'E-mail must not exceed 70 characters.'],
    ['phone', { phone: { number: '', countryCode: 'US' } }, PHONE_INVALID],
    ['phone', { phone: { number: '123', countryCode: 'US' } }, PHONE_INVALID],
    ['phone', { phone: { number: '2015550123', countryCode: '' } }, 'Choose country'],
    ['subdomain', { subdomain: '' }, 'Subdomain is required.'],
    [
      'subdomain',
      { subdomain: '-acme' },
      'Use letters, digits and hyphens, starting and ending with a letter or digit.',
    ],
    ['subdomain', { subdomain: 'a'.repeat(64) }, 'Subdomain must not exceed 63 characters.'],
    ['terms', { terms: [] }, PAYMENT_TERM_REQUIRED],
    ['domain', { domain: 'not a domain' }, DOMAIN_INVALID],
  ] as const)('%s: %j → %s', (field, change, text) => {
    expect(errorsOf({ ...validAgency, ...change } as UserFormValues)[field]).toBe(text);
  });

  it('reports every broken field at once', () => {
    const errors = errorsOf({ ...EMPTY_USER_FORM });
    expect(Object.keys(errors).sort()).toEqual([
      'companyName',
      'email',
      'fullName',
      'phone',
      'subdomain',
      'terms',
    ]);
  });

  it('asks a client for names and e-mail, and sends a blank password as empty', () => {
    const ctx: FormContext = { ...agencyCtx, kind: 'client', companyID: 50, offer: moduleOffer([], true) };
    const client = { ...validAgency, subdomain: '', terms: [] };
    const checked = checkCreate(client, ctx);
    expect(checked.ok).toBe(true);
    if (checked.ok) {
      expect(checked.request).toMatchObject({ userType: 'client', companyID: 50, ClientPassword: '' });
      expect(checked.request).not.toHaveProperty('DownlineSubDomain');
      expect(checked.request).not.toHaveProperty('selectedterms');
    }
    expect(errorsOf({ ...client, fullName: '', email: '' }, ctx)).toMatchObject({
      fullName: 'Full Name is required.',
      email: 'E-mail is required.',
    });
    expect(errorsOf({ ...client, password: 'short' }, ctx).password).toBe(
      'Password must be at least 8 characters.',
    );
  });

  it('does not require a phone of staff and sends their role and switches as T/F', () => {
    const ctx: FormContext = { ...agencyCtx, kind: 'staff', companyID: 50, offer: moduleOffer([], true) };
    const staff = {
      ...EMPTY_USER_FORM,
      fullName: 'Sam Staff',
      email: 'sam@acme.test',
      roleId: 3,
      staff: { ...EMPTY_USER_FORM.staff, customercare: true },
    };
    const checked = checkCreate(staff, ctx);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.request).toMatchObject({
      userType: 'user',
      ClientRole: 3,
      customercare: 'T',
      defaultAdmin: 'F',
    });
    expect(checked.request).not.toHaveProperty('ClientPhone');
    expect(checked.request).not.toHaveProperty('ClientCompanyName');
  });

  it('marks a new sales person as account executive when ticked', () => {
    const ctx: FormContext = { ...agencyCtx, kind: 'sales', offer: moduleOffer([], true) };
    const checked = checkCreate(
      { ...EMPTY_USER_FORM, fullName: 'Sal', email: 'sal@x.test', isAccExecutive: true },
      ctx,
    );
    expect(checked.ok && checked.request).toMatchObject({ userType: 'sales', isAccExecutive: 'T' });
  });
});

describe('editing a row', () => {
  const node = makeNode({ plan_minspend_id: 4, is_whitelabeling: 'T' });

  it('starts from the row', () => {
    const values = valuesFromNode(node);
    expect(values).toMatchObject({
      companyName: 'Acme',
      subdomain: 'acme',
      whiteLabeling: true,
      terms: ['Weekly'],
      modules: ['local'],
      planMinSpendId: 4,
      phone: { number: '2015550123', countryCode: 'US' },
    });
  });

  it('refuses a blank phone of an agency on update too', () => {
    const ctx: FormContext = { ...agencyCtx, offer: offerFromNode(node, true) };
    const blank = checkUpdate(
      node,
      { ...valuesFromNode(node), phone: { number: '', countryCode: 'US' } },
      ctx,
    );
    expect(blank.ok ? null : blank.placed.errors.phone).toBe(PHONE_INVALID);
  });

  it('sends the plan only when the plan select is shown, and refuses no payment term', () => {
    const ctx: FormContext = { ...agencyCtx, offer: offerFromNode(node, true), withPlan: true };
    const checked = checkUpdate(node, valuesFromNode(node), ctx);
    expect(checked.ok && checked.request).toMatchObject({
      ClientID: 5,
      companyID: 1,
      action: 'downline',
      planMinSpendId: 4,
      selectedterms: [
        { term: 'Weekly', status: true },
        { term: 'Monthly', status: false },
      ],
    });
    const withoutPlan = checkUpdate(node, valuesFromNode(node), { ...ctx, withPlan: false });
    expect(withoutPlan.ok && withoutPlan.request).not.toHaveProperty('planMinSpendId');
    const noTerm = checkUpdate(node, { ...valuesFromNode(node), terms: [] }, ctx);
    expect(noTerm.ok ? null : noTerm.placed.errors.terms).toBe(PAYMENT_TERM_REQUIRED);
  });

  it('offers Simplifi only on the master system', () => {
    expect(offerFromNode(node, true).modules.map((m) => m.value)).toEqual(['local', 'simplifi']);
    expect(offerFromNode(node, false).modules.map((m) => m.value)).toEqual(['local']);
  });

  it('shows the plan select only to non-sales users editing a master-system agency', () => {
    const master = { user_type: 'root', is_master_system: true };
    expect(showsPlanSelect(master, 'agency', 'edit')).toBe(true);
    expect(showsPlanSelect(master, 'agency', 'create')).toBe(false);
    expect(showsPlanSelect(master, 'client', 'edit')).toBe(false);
    expect(showsPlanSelect({ ...master, user_type: 'sales' }, 'agency', 'edit')).toBe(false);
    expect(showsPlanSelect({ ...master, is_master_system: false }, 'agency', 'edit')).toBe(false);
  });

  it('shows the account-executive choice only when adding a sales person', () => {
    expect(formFields('sales', 'create').has('isAccExecutive')).toBe(true);
    expect(formFields('sales', 'edit').has('isAccExecutive')).toBe(false);
    expect(formFields('client', 'edit').has('password')).toBe(false);
  });
});

describe('server answers', () => {
  it('puts each server field text under its input, the first one winning', () => {
    expect(formFieldOf('selectedterms.0.term')).toBe('terms');
    expect(formFieldOf('customercare')).toBe('staff');
    expect(
      placeFieldErrors({
        ClientEmail: 'This e-mail address is already registered.',
        DownlineSubDomain: 'This subdomain is already taken.',
        ClientPhone: PHONE_INVALID,
        ClientPhoneCountryCode: 'Choose country',
        mystery: 'Something else',
      }),
    ).toEqual({
      errors: {
        email: 'This e-mail address is already registered.',
        subdomain: 'This subdomain is already taken.',
        phone: PHONE_INVALID,
      },
      unplaced: ['Something else'],
    });
  });

  it("says 'Server might be busy please try again later' when the server was not reached", () => {
    expect(saveFailureText(new ApiRequestError(0, 'network_error', GENERIC_FAILURE_MESSAGE))).toBe(
      SERVER_BUSY,
    );
    expect(SERVER_BUSY).toBe('Server might be busy please try again later');
    expect(
      saveFailureText(new ApiRequestError(403, 'forbidden', 'You do not have permission to do this.')),
    ).toBe('You do not have permission to do this.');
  });

  it('shows the message only when no field took the failure', () => {
    const fieldOnly = new ApiRequestError(400, 'bad_request', 'This subdomain is already taken.', {
      DownlineSubDomain: 'This subdomain is already taken.',
    });
    expect(placeSaveFailure(fieldOnly)).toEqual({
      errors: { subdomain: 'This subdomain is already taken.' },
      message: null,
    });
    expect(placeSaveFailure(new ApiRequestError(404, 'not_found', 'Not found.'))).toEqual({
      errors: {},
      message: 'Not found.',
    });
  });
});

describe("a client's own option (issue 20: the client form offered none)", () => {
  const clientCtx: FormContext = {
    kind: 'client',
    companyID: 5,
    idsys: 1,
    offer: moduleOffer(defaultModuleOptions(['local']), true),
    withPlan: false,
  };

  it('shows Disable Adding Campaigns on the client forms only', () => {
    expect(formFields('client', 'edit').has('disableAddCampaign')).toBe(true);
    expect(formFields('client', 'create').has('disableAddCampaign')).toBe(true);
    expect(formFields('agency', 'edit').has('disableAddCampaign')).toBe(false);
    expect(formFields('staff', 'edit').has('disableAddCampaign')).toBe(false);
  });

  it('reads it from the row and sends it as disabledaddcampaign, on create and on update', () => {
    const node = makeNode({ user_type: 'client', disable_client_add_campaign: 'T' });
    const values = valuesFromNode(node);
    expect(values.disableAddCampaign).toBe(true);
    const update = checkUpdate(node, { ...values, disableAddCampaign: false }, clientCtx);
    expect(update.ok && update.request.disabledaddcampaign).toBe('F');
    const create = checkCreate(
      { ...validAgency, modules: ['local'], disableAddCampaign: true },
      { ...clientCtx, companyID: 2 },
    );
    expect(create.ok && create.request.disabledaddcampaign).toBe('T');
    expect(formFieldOf('disabledaddcampaign')).toBe('disableAddCampaign');
  });
});
