import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDomainInfo } from '../../../api/domain-info';
import { RegistrationForm } from './registration-form';

/**
 * /register (spec 1 §2.1): reachable only with the register flag in local storage (the route guard
 * sends everyone else to /login). On an agency's host a client signs up with that agency; on the
 * platform's host an agency signs up.
 */
export function RegisterPage() {
  const domainInfo = useDomainInfo();
  const userType = domainInfo.agencyplatformroot ? 'client' : 'userdownline';
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Register</Title>
        <Text c="dimmed" size="sm">
          {userType === 'client'
            ? `Create your ${domainInfo.branding.company_name} account`
            : 'Create your agency account'}
        </Text>
      </Stack>
      <RegistrationForm userType={userType} />
      <SignInLink />
    </Stack>
  );
}

export function SignInLink() {
  return (
    <Text size="sm" ta="center">
      Already have an account?{' '}
      <Anchor component={Link} to="/login">
        Sign in
      </Anchor>
    </Text>
  );
}

export default RegisterPage;
