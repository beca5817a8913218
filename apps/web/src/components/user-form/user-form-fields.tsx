import { apiModeConfirm, STAFF_SWITCHES, type StaffSwitch } from '@app/contracts';
import {
  Checkbox,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { useDeveloperSettings } from '../../api/developer';
import { confirmAction } from '../feedback/feedback';
import { PhoneInput } from '../phone-input/phone-input';
import type { FormOffer, Option, UserFormErrors, UserFormField, UserFormValues } from './user-form-model';

const STAFF_SWITCH_LABELS: Record<StaffSwitch, string> = {
  defaultAdmin: 'Default Admin',
  customercare: 'Customer Care',
  adminGetNotification: 'Get Notifications',
  adminAddToAllCampaign: 'Add To All Campaigns',
  disabledreceivedemail: 'Disable Receiving E-mail',
  disabledaddcampaign: 'Disable Adding Campaigns',
  enablephonenumber: 'Enable Phone Number',
  editorspreadsheet: 'Spreadsheet Editor',
};

type TextField = 'companyName' | 'fullName' | 'email' | 'subdomain' | 'domain';
type TextProps = Pick<TextInputProps, 'label' | 'name' | 'placeholder' | 'required' | 'type'>;
const LOWERCASE: ReadonlySet<TextField> = new Set(['email', 'subdomain', 'domain']);

const NO_PLAN = 'default';
const NO_ROLE = '0';

interface UserFormFieldsProps {
  fields: ReadonlySet<UserFormField>;
  values: UserFormValues;
  errors: UserFormErrors;
  set: <K extends UserFormField>(field: K, value: UserFormValues[K]) => void;
  offer: FormOffer;
  roles?: readonly Option[];
  plans?: readonly Option[];
  disabled?: boolean;
}

/** The inputs of the agency, client, administrator and sales forms; each kind shows its own subset. */
export function UserFormFields({
  fields,
  values,
  errors,
  set,
  offer,
  roles = [],
  plans = [],
  disabled,
}: UserFormFieldsProps) {
  const has = (field: UserFormField) => fields.has(field);
  // The system's developer fee, said when developer mode is turned on (the form's API Mode is for
  // the platform's staff; decision 0100). '0.00' is no fee.
  const feeSetting = useDeveloperSettings(has('apiMode'));
  const fee = feeSetting.data?.first_time_charge;
  const developerFee = fee && fee !== '0.00' ? fee : null;
  // The text inputs differ only in these; e-mail and host names are typed in lowercase.
  const text = (field: TextField, props: TextProps) => (
    <TextInput
      {...props}
      disabled={disabled}
      value={values[field]}
      error={errors[field]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        set(field, LOWERCASE.has(field) ? value.toLowerCase() : value);
      }}
    />
  );
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {has('companyName') &&
          text('companyName', {
            label: 'Company Name',
            name: 'ClientCompanyName',
            placeholder: 'Company Name',
            required: true,
          })}
        {has('fullName') && text('fullName', { label: 'Full Name', name: 'ClientFullName', required: true })}
        {has('email') &&
          text('email', { label: 'E-mail', name: 'ClientEmail', type: 'email', required: true })}
        {has('password') && (
          <PasswordInput
            label="Password"
            name="ClientPassword"
            description="Leave blank to send an invitation e-mail"
            autoComplete="new-password"
            disabled={disabled}
            value={values.password}
            error={errors.password}
            onChange={(event) => set('password', event.currentTarget.value)}
          />
        )}
      </SimpleGrid>
      {has('phone') && (
        <PhoneInput
          value={values.phone}
          onChange={(phone) => set('phone', phone)}
          error={errors.phone}
          required={has('companyName')}
          disabled={disabled}
        />
      )}
      {(has('subdomain') || has('domain')) && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('subdomain', { label: 'Subdomain', name: 'DownlineSubDomain', required: true })}
          {text('domain', { label: 'Domain', name: 'DownlineDomain', placeholder: 'leads.example.com' })}
        </SimpleGrid>
      )}
      {(has('whiteLabeling') || has('apiMode')) && (
        <Group gap="lg">
          <Checkbox
            label="White-labelling"
            name="ClientWhiteLabeling"
            disabled={disabled}
            checked={values.whiteLabeling}
            error={errors.whiteLabeling}
            onChange={(event) => set('whiteLabeling', event.currentTarget.checked)}
          />
          <Checkbox
            label="API Mode"
            name="ApiMode"
            disabled={disabled}
            checked={values.apiMode}
            error={errors.apiMode}
            onChange={async (event) => {
              const next = event.currentTarget.checked;
              if (await confirmAction(apiModeConfirm(next, developerFee))) set('apiMode', next);
            }}
          />
        </Group>
      )}
      {has('terms') && (
        <OptionChecks
          label="Payment Terms"
          options={offer.terms}
          value={values.terms}
          error={errors.terms}
          disabled={disabled}
          onChange={(terms) => set('terms', terms)}
          testId="payment-terms"
        />
      )}
      {has('modules') && offer.modules.length > 0 && (
        <OptionChecks
          label="Modules"
          options={offer.modules}
          value={values.modules}
          error={errors.modules}
          disabled={disabled}
          onChange={(modules) => set('modules', modules)}
          testId="modules"
        />
      )}
      {has('planMinSpendId') && (
        <Select
          label="Minimum Spend Plan"
          allowDeselect={false}
          disabled={disabled}
          data={[{ value: NO_PLAN, label: 'Default plan' }, ...plans]}
          value={values.planMinSpendId === null ? NO_PLAN : String(values.planMinSpendId)}
          error={errors.planMinSpendId}
          onChange={(value) => set('planMinSpendId', !value || value === NO_PLAN ? null : Number(value))}
          data-testid="plan-select"
        />
      )}
      {has('roleId') && (
        <Select
          label="Role"
          allowDeselect={false}
          disabled={disabled}
          data={[{ value: NO_ROLE, label: 'No role (every permission)' }, ...roles]}
          value={String(values.roleId)}
          error={errors.roleId}
          onChange={(value) => set('roleId', Number(value ?? NO_ROLE))}
          data-testid="role-select"
        />
      )}
      {has('staff') && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {STAFF_SWITCHES.map((key) => (
            <Switch
              key={key}
              label={STAFF_SWITCH_LABELS[key]}
              name={key}
              disabled={disabled}
              checked={values.staff[key]}
              onChange={(event) => set('staff', { ...values.staff, [key]: event.currentTarget.checked })}
              data-testid={`staff-switch-${key}`}
            />
          ))}
          {errors.staff && (
            <Text size="xs" c="red" role="alert">
              {errors.staff}
            </Text>
          )}
        </SimpleGrid>
      )}
      {has('disableAddCampaign') && (
        <Switch
          label="Disable Adding Campaigns"
          description="The client sees and runs its campaigns; only the agency creates new ones."
          name="disabledaddcampaign"
          disabled={disabled}
          checked={values.disableAddCampaign}
          error={errors.disableAddCampaign}
          onChange={(event) => set('disableAddCampaign', event.currentTarget.checked)}
          data-testid="client-disable-add-campaign"
        />
      )}
      {has('isAccExecutive') && (
        <Checkbox
          label="Account Executive"
          name="isAccExecutive"
          disabled={disabled}
          checked={values.isAccExecutive}
          onChange={(event) => set('isAccExecutive', event.currentTarget.checked)}
        />
      )}
    </Stack>
  );
}

/** A row of checkboxes over options; the chosen values keep the options' order. */
function OptionChecks<V extends string>({
  label,
  options,
  value,
  error,
  disabled,
  onChange,
  testId,
}: {
  label: string;
  options: readonly Option<V>[];
  value: readonly V[];
  error?: string;
  disabled?: boolean;
  onChange: (value: V[]) => void;
  testId: string;
}) {
  return (
    <Checkbox.Group
      label={label}
      value={[...value]}
      error={error}
      onChange={(chosen) => onChange(options.filter((o) => chosen.includes(o.value)).map((o) => o.value))}
      data-testid={testId}
    >
      <Group gap="md" mt={4}>
        {options.map((option) => (
          <Checkbox key={option.value} value={option.value} label={option.label} disabled={disabled} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
