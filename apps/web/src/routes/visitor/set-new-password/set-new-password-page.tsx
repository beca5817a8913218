import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useResetLink } from '../../../api/password';
import { PageLoader } from '../../../app/routing/page-loader';
import { NewPasswordForm } from './new-password-form';
import {
  INCOMPLETE_LINK_REASON,
  invalidResetState,
  RESET_INVALID_PATH,
  type ResetLink,
  readResetLink,
  resetLinkOutcome,
} from './reset-link';

/**
 * /set-new-password/{token}?email=: token and e-mail are verified before the form opens; an invalid
 * link goes to the invalid-reset page with the reason (spec 1 §2.1, §5, §8).
 */
export function SetNewPasswordPage() {
  const { token } = useParams();
  const { search } = useLocation();
  const link = readResetLink(token, search);
  if (!link)
    return <Navigate to={RESET_INVALID_PATH} replace state={invalidResetState(INCOMPLETE_LINK_REASON)} />;
  return <VerifiedLink link={link} />;
}

function VerifiedLink({ link }: { link: ResetLink }) {
  const check = useResetLink(link.token, link.email, true);
  if (check.isPending) return <PageLoader label="Checking your link" />;

  const outcome = resetLinkOutcome(check.data, check.error);
  if (outcome.kind === 'invalid') {
    return (
      <Navigate to={RESET_INVALID_PATH} replace state={invalidResetState(outcome.reason, outcome.purpose)} />
    );
  }
  if (outcome.kind === 'unavailable') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Link could not be checked">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">We could not check your link right now.</Text>
          <Button variant="light" color="red" loading={check.isFetching} onClick={() => void check.refetch()}>
            Try Again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <NewPasswordForm link={link} purpose={outcome.purpose} />;
}

export default SetNewPasswordPage;
