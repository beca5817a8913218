import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useDomainInfo } from '../../../api/domain-info';
import { referralCheckQuery } from '../../../api/registration';
import { useBoot } from '../../../app/boot/boot-context';
import { SignInLink } from '../register/register-page';
import { RegistrationForm } from '../register/registration-form';

/** The server's wording for a code it does not know, used for a negative check as well. */
export const REFERRAL_INVALID = 'This referral code is not valid.';
/** The server's wording for an agency sign-up on an agency's host. */
export const AGENCY_HOST_ONLY = 'Agencies sign up on the platform’s own address.';

/**
 * /agency-register/{referralCode?} (spec 1 §2.1): agency sign-up on the platform's host, optionally
 * referred by a sales person. The code is checked (`GET /general/referralink/check/{refcode}?host=`) and
 * shown as 'Referred by {name}' or an error line; a code the check found invalid is not sent, so a bad
 * link does not block signing up.
 */
export function AgencyRegisterPage() {
  const { http, hostname } = useBoot();
  const domainInfo = useDomainInfo();
  const referralCode = useParams().referralCode?.trim() || '';
  const check = useQuery({
    ...referralCheckQuery(http, referralCode, hostname),
    enabled: referralCode !== '',
  });
  const [refusedByServer, setRefusedByServer] = useState<string | null>(null);

  if (domainInfo.agencyplatformroot) {
    return (
      <Stack gap="lg">
        <Title order={2}>Agency Registration</Title>
        <Alert color="blue" variant="light" icon={<IconInfoCircle />} data-testid="register-unavailable">
          {AGENCY_HOST_ONLY}
        </Alert>
        <SignInLink />
      </Stack>
    );
  }

  const checkedInvalid = check.data?.valid === false;
  const refcode = referralCode && !checkedInvalid && !refusedByServer ? referralCode : undefined;

  let referral = null;
  if (refusedByServer || checkedInvalid) {
    referral = (
      <Text size="sm" c="red" role="alert" data-testid="referral-status" data-valid="false">
        {refusedByServer ?? REFERRAL_INVALID}
      </Text>
    );
  } else if (check.data?.valid) {
    referral = (
      <Text size="sm" c="teal" data-testid="referral-status" data-valid="true">
        Referred by {check.data.name}
      </Text>
    );
  } else if (check.isFetching) {
    referral = <Loader size="xs" aria-label="Checking referral code" />;
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Agency Registration</Title>
        <Text c="dimmed" size="sm">
          Create your agency account
        </Text>
        {referral}
      </Stack>
      <RegistrationForm userType="userdownline" refcode={refcode} onReferralError={setRefusedByServer} />
      <SignInLink />
    </Stack>
  );
}

export default AgencyRegisterPage;
