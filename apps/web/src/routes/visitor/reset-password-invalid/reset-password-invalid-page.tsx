import { Alert, Button, Stack, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { PASSWORD_FORM_TEXTS, readInvalidPurpose, readInvalidReason } from '../set-new-password/reset-link';

/** /reset-password-invalid: why the reset link was refused, and the way back (spec 1 §2.1, §8). */
export function ResetPasswordInvalidPage() {
  const { state } = useLocation();
  const reason = readInvalidReason(state);
  return (
    <Stack gap="lg">
      <Title order={2}>{PASSWORD_FORM_TEXTS[readInvalidPurpose(state)].invalidTitle}</Title>
      <Alert color="red" variant="light" icon={<IconLinkOff />} data-testid="reset-invalid-reason">
        {reason}
      </Alert>
      <Button component={Link} to="/login" fullWidth size="md">
        Back to Sign In
      </Button>
    </Stack>
  );
}

export default ResetPasswordInvalidPage;
