import type { RegisterRequest } from '@app/contracts';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useDomainInfo } from '../../../api/domain-info';
import { useRegisterMutation } from '../../../api/registration';
import { useBoot } from '../../../app/boot/boot-context';
import { BotCheck } from '../../../components/bot-check/bot-check';
import { useBotCheck } from '../../../components/bot-check/use-bot-check';
import { EMPTY_PHONE } from '../../../components/phone-input/phone';
import { PhoneInput } from '../../../components/phone-input/phone-input';
import {
  buildRegisterRequest,
  placeRegistrationErrors,
  type RegistrationErrors,
  type RegistrationField,
  type RegistrationValues,
  registrationErrors,
  type ServerErrors,
} from './registration-rules';

interface RegistrationFormProps {
  userType: RegisterRequest['userType'];
  /** A sales referral code to send with an agency sign-up. */
  refcode?: string;
  /** The server refused the referral code: the page shows it on its referral line. */
  onReferralError?: (text: string) => void;
}

const EMPTY: RegistrationValues = {
  companyname: '',
  name: '',
  email: '',
  phone: EMPTY_PHONE,
  password: '',
  confirmation: '',
};

const NO_SERVER_ERRORS: ServerErrors = { fields: {}, referral: null, message: null };

/**
 * The sign-up form of /register and /agency-register (spec 1 §2.1, §7.1): company name, full name,
 * e-mail (lowercased), phone, password and confirmation with the spec 2 §5 rules, and the bot check.
 * `POST /register` answers the same for every accepted form (decision 0019): the e-mail it sent holds
 * the link that creates the account (`/confirm-registration/{token}`), which signs the new user in and
 * the route guard sends them to profile setup. The server's field texts appear under their inputs.
 */
export function RegistrationForm({ userType, refcode, onReferralError }: RegistrationFormProps) {
  const { hostname } = useBoot();
  const domainInfo = useDomainInfo();
  const register = useRegisterMutation();
  const botCheck = useBotCheck();
  const [values, setValues] = useState<RegistrationValues>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [server, setServer] = useState<ServerErrors>(NO_SERVER_ERRORS);
  const [sent, setSent] = useState<string | null>(null);

  const local: RegistrationErrors = touched ? registrationErrors(values) : {};
  const errorOf = (field: RegistrationField) => local[field] ?? server.fields[field];

  function update<K extends RegistrationField>(field: K, value: RegistrationValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    // A server text is about the value it saw; editing the field retires it.
    if (server.fields[field]) setServer((s) => ({ ...s, fields: { ...s.fields, [field]: undefined } }));
  }

  async function submit() {
    const gtoken = await botCheck.token();
    const body = buildRegisterRequest(values, {
      userType,
      gtoken,
      domainName: hostname,
      ownedcompanyid: domainInfo.owner_company_id,
      idsys: domainInfo.idsys,
      refcode,
    });
    register.mutate(body, {
      onSuccess: (answer) => setSent(answer.message),
      onError: (error) => {
        const placed = placeRegistrationErrors(error);
        setServer(placed);
        if (placed.referral) onReferralError?.(placed.referral);
      },
      // Bot-check answers are single use.
      onSettled: botCheck.renew,
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    setServer(NO_SERVER_ERRORS);
    if (Object.keys(registrationErrors(values)).length > 0) return;
    void submit();
  }

  if (sent !== null) {
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconMailCheck />}
        role="status"
        data-testid="register-check-email"
      >
        {sent}
      </Alert>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Register">
      <Stack gap="md">
        {server.message && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle />}
            role="alert"
            data-testid="register-error"
          >
            {server.message}
          </Alert>
        )}
        <TextInput
          label="Company Name"
          name="companyname"
          autoComplete="organization"
          placeholder="Company Name"
          required
          value={values.companyname}
          error={errorOf('companyname')}
          onChange={(event) => update('companyname', event.currentTarget.value)}
        />
        <TextInput
          label="Full Name"
          name="name"
          autoComplete="name"
          required
          value={values.name}
          error={errorOf('name')}
          onChange={(event) => update('name', event.currentTarget.value)}
        />
        <TextInput
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          error={errorOf('email')}
          onChange={(event) => update('email', event.currentTarget.value.toLowerCase())}
        />
        <PhoneInput
          value={values.phone}
          onChange={(phone) => update('phone', phone)}
          error={errorOf('phone')}
          required
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          value={values.password}
          error={errorOf('password')}
          onChange={(event) => update('password', event.currentTarget.value)}
        />
        <PasswordInput
          label="Confirm Password"
          name="password_confirmation"
          autoComplete="new-password"
          required
          value={values.confirmation}
          error={errorOf('confirmation')}
          onChange={(event) => update('confirmation', event.currentTarget.value)}
        />
        <BotCheck ref={botCheck.ref} />
        <Button type="submit" fullWidth size="md" loading={botCheck.solving || register.isPending}>
          Register
        </Button>
      </Stack>
    </form>
  );
}
